/**
 * The import's parts one at a time (server/catalogue/import/): cells read as people write them,
 * columns guessed from headers and from values, category text found in the tree, and the sheet
 * reader on what spreadsheets really are: a BOM, UTF-16, a semicolon CSV, quoted line breaks, an
 * XLSX with a formula and a merged cell, 100,001 rows, a file over the limit, a ZIP bomb, and a
 * ZIP of photos with names that climb out of it.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  findCategory,
  nearestCategory,
  pathNames,
  placesOf,
  withCategoryAdded,
} from '../../../server/catalogue/import/categories';
import {
  readCount,
  readDimensions,
  readList,
  readMoney,
  readWeightLb,
} from '../../../server/catalogue/import/cell-values';
import { guessMapping } from '../../../server/catalogue/import/column-mapping';
import { photoSourceOfZip } from '../../../server/catalogue/import/photo-source';
import { MAX_SHEET_BYTES, MAX_SHEET_ROWS, readSheet } from '../../../server/catalogue/import/read-sheet';
import type { Tenant } from '../../../schema/types.generated';
import { repoRoot } from '../../helpers/paths';
import { TINY_PNG } from '../../fixtures/tiny-png';

const categories = JSON.parse(
  readFileSync(path.join(repoRoot, 'tenants', 'aviation', 'categories.json'), 'utf8'),
) as Tenant['categories'];
const site = JSON.parse(
  readFileSync(path.join(repoRoot, 'tenants', 'aviation', 'site.json'), 'utf8'),
) as Tenant['site'];

/** A ZIP of stored or deflated entries, each declaring the sizes given (a bomb declares what it unpacks to). */
function zipOf(entries: Array<{ name: string; data: Buffer; declaredSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const packed = deflateRawSync(entry.data);
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14); // crc (not checked before reading)
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('cells read as people write them', () => {
  it('reads money, counts, weights, sizes and lists', () => {
    expect(readMoney('$1,225.00')).toEqual({ value: 1225 });
    expect(readMoney('225/day')).toEqual({ value: 225 });
    expect(readMoney('£1.225,50')).toEqual({ value: 1225.5 });
    expect(readMoney('€75 per week')).toEqual({ value: 75 });
    expect(readMoney('call us')).toEqual({ problem: 'is not an amount (write it as 225 or $225.00)' });
    expect(readCount('4 ea')).toEqual({ value: 4 });
    expect(readCount('2.5')).toEqual({ problem: 'must be a whole number, 0 or more' });
    expect(readWeightLb('5 kg')).toEqual({ value: 11 });
    expect(readWeightLb('12 lbs')).toEqual({ value: 12 });
    expect(readDimensions('61 x 32 x 43 in')).toEqual({ value: { widthIn: 61, depthIn: 32, heightIn: 43 } });
    expect(readDimensions('61" x 32" x 43"')).toEqual({ value: { widthIn: 61, depthIn: 32, heightIn: 43 } });
    expect(readDimensions('155 × 81 × 109 cm')).toEqual({ value: { widthIn: 61, depthIn: 31.9, heightIn: 42.9 } });
    expect(readDimensions('61 x 32')).toEqual({
      problem: 'needs three sizes, width x depth x height (61 x 32 x 43 in)',
    });
    expect(readList('Brown; Beige')).toEqual(['Brown', 'Beige']);
    expect(readList('vintage, hero prop')).toEqual(['vintage', 'hero prop']);
    expect(readList('a, b; c')).toEqual(['a, b', 'c']);
  });
});

describe('columns guessed', () => {
  it('as one category path from two columns, the usual Department and Sub-department (or Category and Subcategory)', () => {
    expect(guessMapping(['Stock Code', 'Item', 'Department', 'Sub-department', 'Daily Hire'], [], site)).toMatchObject({
      'category.group': 'Department',
      category: 'Sub-department',
    });
    expect(guessMapping(['SKU', 'Name', 'Category', 'Subcategory', 'Rate'], [], site)).toMatchObject({
      category: 'Category',
      'category.subcategory': 'Subcategory',
    });
  });

  it('from headers in a prop house’s words, custom fields by name, and from values when the header says nothing', () => {
    const headers = ['Ref', 'Prop Name', 'Type', 'Rental', 'Per Week', 'Owned', 'Style', 'Measurements?', 'Stuff'];
    const rows = [['A1', 'Chair', 'Seats', '$40', '$120', '2', 'Vintage', '20x20x30', '61 x 32 x 43 in']];
    expect(guessMapping(headers, rows, site)).toEqual({
      objectID: 'Ref',
      name: 'Prop Name',
      category: 'Type',
      'rates.day': 'Rental',
      'rates.week': 'Per Week',
      quantity: 'Owned',
      'customFields.styles': 'Style',
      dimensions: 'Measurements?',
    });
  });
});

describe('category text', () => {
  it('is found by names or slugs, with or without its group, in any case', () => {
    expect(findCategory(categories, 'Seats > First Class > Lie-Flat Seats')).toEqual({
      group: 'seats',
      category: 'first-class',
      subcategory: 'lie-flat-seats',
    });
    expect(findCategory(categories, 'seats/premium-economy')).toEqual({ group: 'seats', category: 'premium-economy' });
    expect(findCategory(categories, 'LUGGAGE › vintage luggage')).toEqual({
      group: 'set-dressing',
      category: 'luggage',
      subcategory: 'vintage-luggage',
    });
    // Lie-flat seats are under two categories: without one, it is not guessed.
    expect(findCategory(categories, 'Lie-Flat Seats')).toBeUndefined();
    expect(findCategory(categories, 'Services > Labor')).toBeUndefined();
  });

  it("is found by a subcategory's name alone, wherever it sits, and names its places when it has several", () => {
    expect(findCategory(categories, 'Practicals')).toEqual({
      group: 'studio-gear',
      category: 'lighting',
      subcategory: 'practicals',
    });
    expect(findCategory(categories, 'cloud backings')).toEqual({
      group: 'studio-gear',
      category: 'window-backings',
      subcategory: 'cloud-backings',
    });
    // A category of the name comes first: "Galleys" is the category, not its galleys.
    expect(findCategory(categories, 'Galleys')).toEqual({ group: 'aviation-sets', category: 'galleys' });
    expect(placesOf(categories, 'Lie-Flat Seats').map((path) => pathNames(categories, path))).toEqual([
      'Seats > First Class > Lie-Flat Seats',
      'Seats > Business Class > Lie-Flat Seats',
    ]);
  });

  it('suggests the nearest name the tree has, by the whole path or by one name in it', () => {
    expect(nearestCategory(categories, 'Galley')).toBe('Aviation Sets > Galleys');
    expect(nearestCategory(categories, 'Practical')).toBe('Studio Gear > Lighting > Practicals');
    expect(nearestCategory(categories, 'Seats > Economy > Single Seat')).toBe('Seats > Economy > Single Seats');
    expect(nearestCategory(categories, 'Taxidermy')).toBeUndefined();
  });

  it('is added as a group, category and subcategory the tree lacks, leaving the rest as it was', () => {
    const added = withCategoryAdded(categories, 'Seats > Bench Seats > Crew')!;
    expect(added.path).toEqual({ group: 'seats', category: 'bench-seats', subcategory: 'crew' });
    expect(added.categories.groups.find((group) => group.slug === 'seats')!.categories.at(-1)).toEqual({
      name: 'Bench Seats',
      slug: 'bench-seats',
      subcategories: [{ name: 'Crew', slug: 'crew' }],
    });
    expect(added.categories.groups.filter((group) => group.slug !== 'seats')).toEqual(
      categories.groups.filter((group) => group.slug !== 'seats'),
    );
    // One word names no place to add it; a service group takes no rental items.
    expect(withCategoryAdded(categories, 'Taxidermy')).toBeUndefined();
    expect(withCategoryAdded(categories, 'Services > Catering')).toBeUndefined();
  });
});

describe('reading a sheet', () => {
  const read = async (bytes: Buffer | string, options = {}) =>
    readSheet(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), options);

  it('reads a BOM, UTF-16, semicolons and tabs, and quoted line breaks', async () => {
    const bom = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('SKU,Name\r\na,Café\r\n')]));
    expect(bom).toMatchObject({
      sheet: { headers: ['SKU', 'Name'], rows: [['a', 'Café']], encoding: 'UTF-8 (with BOM)', delimiter: ',' },
    });
    const utf16 = await read(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('SKU\tName\r\nb\tNaïve\r\n', 'utf16le')]),
    );
    expect(utf16).toMatchObject({ sheet: { rows: [['b', 'Naïve']], encoding: 'UTF-16LE', delimiter: '\t' } });
    const semicolons = await read('SKU;Name;Day rate\n"c";"Table; oak";"1.225,50"\n');
    expect(semicolons).toMatchObject({ sheet: { rows: [['c', 'Table; oak', '1.225,50']], delimiter: ';' } });
    // Rows numbered as a spreadsheet numbers them: a cell's line break stays in its row.
    const breaks = await read('SKU,Notes\nd,"two\nlines"\n\ne,x\n');
    expect(breaks).toMatchObject({
      sheet: {
        rows: [
          ['d', 'two\nlines'],
          ['e', 'x'],
        ],
        rowNumbers: [2, 4],
      },
    });
  });

  it('takes off the apostrophe an export puts before a cell that would run as a formula', async () => {
    expect(await read("SKU,Name,Notes\na,'=Prop,\"'- worn\n'+ clean\"\n")).toMatchObject({
      sheet: { rows: [['a', '=Prop', '- worn\n+ clean']] },
    });
  });

  it('refuses a row wider than its header, more rows than an import takes, and a file over the limit', async () => {
    expect(await read('SKU,Name\na,b,c\n')).toEqual({
      problem: 'row 2 has 3 cells but the header has 2: a delimiter inside an unquoted cell, or a missing header',
    });
    const many = `SKU\n${Array.from({ length: MAX_SHEET_ROWS + 1 }, (_, index) => `s${index}`).join('\n')}\n`;
    expect(await read(many)).toEqual({
      problem: 'has more than 100,000 rows: split it into files of at most that many',
    });
    expect(await read(Buffer.alloc(MAX_SHEET_BYTES + 1, 0x41))).toEqual({
      problem: 'is 101 MB; an import takes at most 100 MB: split it, or leave the photos out of it',
    });
  });

  it('reads an XLSX’s computed values, never its formulas, and a merged cell once', async () => {
    const { default: writeXlsxFile } = await import('write-excel-file/node');
    const bytes = await writeXlsxFile([
      [{ value: 'SKU' }, { value: 'Day rate' }, { value: 'Week rate' }],
      [{ value: 'a' }, { value: 10, type: Number }, { value: 'B2*3', type: 'Formula' }],
      [{ value: 'Merged', span: 2 }, null, { value: 'x' }],
    ] as never).toBuffer();
    const sheet = await read(bytes);
    // write-excel-file stores the formula without a computed value, as hand-made files can: it reads as empty, never evaluated.
    expect(sheet).toMatchObject({
      sheet: {
        headers: ['SKU', 'Day rate', 'Week rate'],
        rows: [
          ['a', '10', ''],
          ['Merged', '', 'x'],
        ],
      },
    });
  });

  it('refuses a ZIP bomb before unpacking it', async () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1024), declaredSize: 1_500_000_000 }]);
    const answer = await read(bomb);
    expect(answer).toEqual({
      problem: expect.stringMatching(/^would unpack to \d+ MB or more from 0\.0 MB: refused as a ZIP bomb$/),
    });
  });

  it('takes photos from a ZIP by plain name, leaving out names that climb out or hide', async () => {
    const zip = zipOf([
      { name: 'photos/H9-00001.png', data: TINY_PNG },
      { name: '../escape.png', data: TINY_PNG },
      { name: '/etc/passwd.png', data: TINY_PNG },
      { name: '__MACOSX/._H9-00001.png', data: TINY_PNG },
    ]);
    const source = await photoSourceOfZip('photos.zip', zip);
    expect(source.names).toEqual(['H9-00001.png']);
    expect(source.skipped).toEqual(['../escape.png', '/etc/passwd.png', '__MACOSX/._H9-00001.png']);
    expect((await source.read('h9-00001.png')).equals(TINY_PNG)).toBe(true);
    await expect(source.read('escape.png')).rejects.toThrow('no escape.png in photos.zip');
    await source.close();
  });
});
