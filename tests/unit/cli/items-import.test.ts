/**
 * `backlot items import` and `backlot items export` through the program, on a scratch tenants
 * folder and a real SQLite item store, with the sample spreadsheet of another prop house
 * (tests/fixtures/prop-house: its own columns, Windows-1252, some rows wrong on purpose): the dry
 * run locates every wrong row by file, row and column with the cell's text and writes nothing;
 * the import stores the rest with their photos; the same file again changes nothing; the XLSX
 * says what the CSV says; unknown paths are mapped or added; an export imports back unchanged.
 */
import { mkdir, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Item, Tenant } from '../../../schema/types.generated';
import { SqliteItemStore } from '../../../server/stores/sqlite-item-store';
import { SqliteQuoteRequestStore } from '../../../server/stores/sqlite-quote-request-store';
import { WRONG_ROWS } from '../../fixtures/prop-house/generate-stock';
import { TINY_PNG } from '../../fixtures/tiny-png';
import { repoRoot } from '../../helpers/paths';
import { useScratchTenants } from '../../helpers/cli';

const scratch = useScratchTenants('aviation');
const fixture = (name: string) => path.join(repoRoot, 'tests', 'fixtures', 'prop-house', name);

async function stored(): Promise<Item[]> {
  const store = new SqliteItemStore(path.join(scratch.cwd, '.data', 'items.sqlite'));
  try {
    return await store.list('aviation', { limit: 10_000 });
  } finally {
    await store.close();
  }
}

/** The photo folder the sample names: H9-00010.png, H9-00020.png … (every tenth item). */
async function photoFolder() {
  const folder = path.join(scratch.cwd, 'photos');
  await mkdir(folder, { recursive: true });
  for (let n = 10; n <= 300; n += 10)
    await writeFile(path.join(folder, `H9-${String(n).padStart(5, '0')}.png`), TINY_PNG);
  await writeFile(path.join(folder, 'H9-09000.png'), TINY_PNG);
  return folder;
}

interface JsonReport {
  rows: number;
  create: string[];
  update: string[];
  unchanged: string[];
  refused: Array<{ row: number; key: string }>;
  problems: Array<{ file: string; row: number; header?: string; column?: number; message: string; cell?: string }>;
  mappingFrom: string;
  mapping: Array<{ title: string; header: string }>;
  done?: { added: number; updated: number; unchanged: number; photos: number; skipped: number };
}

describe('backlot items import', () => {
  it('dry-runs a messy Windows-1252 CSV: its columns guessed, every wrong row located with its cell, nothing written', async () => {
    const photos = await photoFolder();
    const run = await scratch.run([
      'items',
      'import',
      'aviation',
      fixture('hangar9-stock.csv'),
      '--photos',
      photos,
      '--dry-run',
      '--format',
      'json',
    ]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.mappingFrom).toBe('guessed from the headers and values');
    expect(Object.fromEntries(report.mapping.map((line) => [line.header, line.title]))).toMatchObject({
      'Stock Code': expect.stringMatching(/^Item id/),
      Item: 'Name',
      Dept: expect.stringMatching(/^Category/),
      'Daily Hire': 'Day rate',
      'Qty On Hand': 'Quantity in stock',
      'Size (W x D x H)': expect.stringMatching(/^Dimensions/),
      'Wt (kg)': 'Weight (lb)',
      Era: 'Eras',
    });
    expect(report.rows).toBe(308);
    expect(report.refused).toHaveLength(WRONG_ROWS.length);
    // Each wrong row is reported at its column, with the cell's text.
    for (const wrong of WRONG_ROWS) {
      const problem = report.problems.find(
        (candidate) => candidate.header === wrong.column && report.refused.some((entry) => entry.row === candidate.row),
      );
      expect(problem, wrong.why).toBeDefined();
    }
    const typo = report.problems.find((problem) => problem.cell === 'Seats > Frist Class')!;
    expect(typo).toMatchObject({
      header: 'Dept',
      column: 3,
      message: 'is not in the category tree: did you mean Seats > First Class? (map it, or let the import add it)',
    });
    expect(report.problems.find((problem) => problem.cell === 'call for price')).toMatchObject({
      header: 'Daily Hire',
      column: 5,
      message: 'is not an amount (write it as 225 or $225.00)',
    });
    expect(report.create).toHaveLength(300);
    expect(await stored()).toHaveLength(0);
  });

  it('imports the rest with their photos when told to skip the refused rows, and the same file again changes nothing', async () => {
    const photos = await photoFolder();
    const run = await scratch.run([
      'items',
      'import',
      'aviation',
      fixture('hangar9-stock.csv'),
      '--photos',
      photos,
      '--skip-refused',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /Imported: 300 added, 0 updated, 0 unchanged, 30 photos stored; 8 refused rows skipped \(/,
    );
    const items = await stored();
    expect(items).toHaveLength(300);
    const first = items.find((item) => item.objectID === 'h9-00001')!;
    expect(first).toMatchObject({
      name: 'Chrome Headrest 1',
      category: { group: 'seats', category: 'business-class' },
      rates: { day: 52, week: 156 },
      quantity: 2,
      replacementValue: 1040,
      location: 'Bay 2-B',
      dimensions: { widthIn: 16, depthIn: 11, heightIn: 21 },
      weightLb: 5.5,
      colors: ['Silver'],
      customFields: { eras: ['1950s-propliner-era'] },
      tags: ['distressed'],
      description: 'Cleared of logos. "Ready to shoot" — checked 2021.',
    });
    // 45 × 35 × 65 cm became inches; "4 ea" a count; Windows-1252's é read as é.
    expect(items.find((item) => item.objectID === 'h9-00005')!.dimensions).toEqual({
      widthIn: 17.7,
      depthIn: 13.8,
      heightIn: 25.6,
    });
    expect(items.find((item) => item.objectID === 'h9-00003')).toMatchObject({ name: 'Café Seat Row 3', quantity: 4 });
    const withPhoto = items.find((item) => item.objectID === 'h9-00010')!;
    expect(withPhoto.images).toEqual([
      {
        url: expect.stringMatching(/^\/items\/aviation\/h9-00010-[0-9a-f]{10}\.png$/),
        width: 2,
        height: 1,
        alt: withPhoto.name,
      },
    ]);
    expect(await readdir(path.join(scratch.cwd, 'tenants', 'aviation', 'items'))).toContain(
      withPhoto.images![0]!.url.split('/').at(-1),
    );

    const again = await scratch.run([
      'items',
      'import',
      'aviation',
      fixture('hangar9-stock.csv'),
      '--photos',
      photos,
      '--skip-refused',
      '--format',
      'json',
    ]);
    const report = JSON.parse(again.stdout) as JsonReport;
    expect(report.mappingFrom).toBe('as saved from the last import of this sheet');
    expect(report).toMatchObject({ create: [], update: [] });
    expect(report.unchanged).toHaveLength(300);
    expect(report.done).toMatchObject({ added: 0, updated: 0, unchanged: 300 });
  });

  it('reads the XLSX as it reads the CSV', async () => {
    const photos = await photoFolder();
    const csv = JSON.parse(
      (
        await scratch.run([
          'items',
          'import',
          'aviation',
          fixture('hangar9-stock.csv'),
          '--photos',
          photos,
          '--dry-run',
          '--format',
          'json',
        ])
      ).stdout,
    ) as JsonReport;
    const xlsx = JSON.parse(
      (
        await scratch.run([
          'items',
          'import',
          'aviation',
          fixture('hangar9-stock.xlsx'),
          '--photos',
          photos,
          '--dry-run',
          '--format',
          'json',
        ])
      ).stdout,
    ) as JsonReport;
    expect(xlsx.create).toEqual(csv.create);
    expect(xlsx.refused).toEqual(csv.refused);
    expect(xlsx.problems.map(({ file: _file, ...problem }) => problem)).toEqual(
      csv.problems.map(({ file: _file, ...problem }) => problem),
    );
  });

  it('maps a path by a mapping file and adds the ones the tree lacks, as a checked change to categories.json', async () => {
    const photos = await photoFolder();
    const mapping = {
      columns: {
        objectID: 'Stock Code',
        name: 'Item',
        category: 'Dept',
        'rates.day': 'Daily Hire',
        'Image File': undefined,
      },
      categories: { 'Seats > Frist Class': 'seats/first-class' },
    };
    await writeFile(path.join(scratch.cwd, 'mapping.json'), JSON.stringify(mapping));
    const run = await scratch.run([
      'items',
      'import',
      'aviation',
      fixture('hangar9-stock.csv'),
      '--photos',
      photos,
      '--mapping',
      'mapping.json',
      '--add-categories',
      '--skip-refused',
      '--format',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport & { addedCategories: string[] };
    expect(report.mappingFrom).toBe('from the mapping file');
    expect(report.addedCategories).toEqual(['animal-props/taxidermy']);
    // Only the day rate is refused now (two rows): everything else the mapping leaves unmapped.
    expect(report.refused.map((entry) => entry.key)).toEqual(['h9-90001', 'h9-90002', 'h9-00010']);
    const categories = JSON.parse(
      await readFile(path.join(scratch.cwd, 'tenants', 'aviation', 'categories.json'), 'utf8'),
    ) as Tenant['categories'];
    expect(categories.groups.find((group) => group.slug === 'animal-props')).toEqual({
      name: 'Animal Props',
      slug: 'animal-props',
      kind: 'rental',
      categories: [{ name: 'Taxidermy', slug: 'taxidermy' }],
    });
    expect((await stored()).find((item) => item.objectID === 'h9-90003')!.category).toEqual({
      group: 'seats',
      category: 'first-class',
    });
    const check = await scratch.run(['validate', 'tenants/aviation']);
    expect(check.code, check.stdout).toBe(0);
  });

  it('exports the catalogue as CSV and XLSX, and each imports back changing nothing', async () => {
    const photos = await photoFolder();
    await scratch.run([
      'items',
      'import',
      'aviation',
      fixture('hangar9-stock.csv'),
      '--photos',
      photos,
      '--skip-refused',
    ]);
    // One name a spreadsheet would run as a formula: guarded in the CSV, given back as it was.
    await writeFile(
      path.join(scratch.cwd, 'formula.csv'),
      'SKU,Name,Category,Day rate\r\nf-1,"=HYPERLINK(""http://x.example"")",Seats > Business Class,10\r\n',
    );
    expect((await scratch.run(['items', 'import', 'aviation', 'formula.csv'])).code).toBe(0);
    for (const format of ['csv', 'xlsx'] as const) {
      const out = `export.${format}`;
      const exported = await scratch.run(['items', 'export', 'aviation', '--out', out]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stderr).toBe(`Wrote 301 items of aviation to ${out}\n`);
      if (format === 'csv')
        expect(await readFile(path.join(scratch.cwd, out), 'utf8')).toContain(
          `f-1,"'=HYPERLINK(""http://x.example"")"`,
        );
      const back = JSON.parse(
        (await scratch.run(['items', 'import', 'aviation', out, '--format', 'json'])).stdout,
      ) as JsonReport;
      expect({ create: back.create, update: back.update, refused: back.refused, problems: back.problems }).toEqual({
        create: [],
        update: [],
        refused: [],
        problems: [],
      });
      expect(back.unchanged).toHaveLength(301);
    }
  });

  it('round-trips the shipped catalogue (photos, custom fields, sizes and all) through CSV and XLSX unchanged', async () => {
    expect((await scratch.run(['catalogue', 'import', 'aviation'])).code).toBe(0);
    const count = (await stored()).length;
    for (const format of ['csv', 'xlsx'] as const) {
      expect((await scratch.run(['items', 'export', 'aviation', '--out', `shipped.${format}`])).code).toBe(0);
      const back = JSON.parse(
        (await scratch.run(['items', 'import', 'aviation', `shipped.${format}`, '--dry-run', '--format', 'json']))
          .stdout,
      ) as JsonReport;
      expect({ create: back.create, update: back.update, refused: back.refused }, format).toEqual({
        create: [],
        update: [],
        refused: [],
      });
      expect(back.unchanged).toHaveLength(count);
    }
  });

  it('makes a unit for each asset tag, tracks the item unit by unit, refuses a tag used twice or malformed, and adds none again', async () => {
    const sheet = [
      'SKU,Name,Category,Day rate,Asset tags',
      'js-a,Jump Seat,Seats > Jump Seats,40,"JS-001; JS-002"',
      'js-b,Jump Seat B,Seats > Jump Seats,40,js-002',
      'js-c,Jump Seat C,Seats > Jump Seats,40,JS 3!',
    ].join('\r\n');
    await writeFile(path.join(scratch.cwd, 'tagged.csv'), `${sheet}\r\n`);
    const first = await scratch.run([
      'items',
      'import',
      'aviation',
      'tagged.csv',
      '--skip-refused',
      '--format',
      'json',
    ]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as JsonReport & { done: { unitsAdded: number } };
    expect(report.problems.map((problem) => [problem.row, problem.header, problem.message])).toEqual([
      [3, 'Asset tags', 'JS-002 is on row 2 too: each tag names one unit'],
      [4, 'Asset tags', '"JS 3!": a tag is letters, digits and dashes, at most 40'],
    ]);
    expect(report.done.unitsAdded).toBe(2);
    expect((await stored()).find((item) => item.objectID === 'js-a')).toMatchObject({ tracking: 'units', quantity: 2 });
    const quotes = new SqliteQuoteRequestStore(path.join(scratch.cwd, '.data', 'quotes.sqlite'));
    try {
      expect(
        (await quotes.listUnits('aviation', { objectID: 'js-a' })).units.map((unit) => [unit.tag, unit.status]),
      ).toEqual([
        ['JS-001', 'inService'],
        ['JS-002', 'inService'],
      ]);
    } finally {
      await quotes.close();
    }
    const again = JSON.parse(
      (await scratch.run(['items', 'import', 'aviation', 'tagged.csv', '--skip-refused', '--format', 'json'])).stdout,
    ) as JsonReport & { done: { unitsAdded: number } };
    expect(again.done.unitsAdded).toBe(0);
    expect(again.unchanged).toEqual(['js-a']);
  });

  it('retires the units in stock a row no longer lists only when asked, never one out on a hire, and the same import again changes nothing', async () => {
    const write = (tags: string) =>
      writeFile(
        path.join(scratch.cwd, 'tags.csv'),
        `SKU,Name,Category,Day rate,Asset tags\r\njs-a,Jump Seat,Seats > Jump Seats,40,"${tags}"\r\n`,
      );
    const unitsNow = async () => {
      const quotes = new SqliteQuoteRequestStore(path.join(scratch.cwd, '.data', 'quotes.sqlite'));
      try {
        return (await quotes.listUnits('aviation', { objectID: 'js-a' })).units;
      } finally {
        await quotes.close();
      }
    };
    await write('JS-001; JS-002; JS-003');
    expect((await scratch.run(['items', 'import', 'aviation', 'tags.csv'])).code).toBe(0);
    // JS-003 leaves the sheet; without --remove-missing it stays in stock.
    await write('JS-001; JS-002');
    const kept = await scratch.run(['items', 'import', 'aviation', 'tags.csv', '--format', 'json']);
    expect(JSON.parse(kept.stdout)).toMatchObject({ unitsToRetire: [], done: { unitsRetired: 0 } });
    // A unit out on a hire, as a scan out leaves it (written straight to the store here), cannot be taken off the sheet.
    const quotes = new SqliteQuoteRequestStore(path.join(scratch.cwd, '.data', 'quotes.sqlite'));
    const at = '2026-11-20T09:00:00.000Z';
    await quotes.addUnits('aviation', [
      {
        tenantId: 'aviation',
        tag: 'JS-004',
        objectID: 'js-a',
        status: 'out',
        orderId: 'q-on-hire',
        createdAt: at,
        updatedAt: at,
        history: [{ at, status: 'out', by: 'crew' }],
      },
    ]);
    await quotes.close();
    const refused = await scratch.run(['items', 'import', 'aviation', 'tags.csv', '--remove-missing']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      'tags.csv:2:5 Asset tags JS-004 is out on a hire: check it in before taking it off the sheet (cell: "JS-001; JS-002")',
    );
    expect((await unitsNow()).map((unit) => unit.status)).toEqual(['inService', 'inService', 'inService', 'out']);

    await write('JS-001; JS-002; JS-004');
    const dry = await scratch.run(['items', 'import', 'aviation', 'tags.csv', '--remove-missing', '--dry-run']);
    expect(dry.stdout).toContain('1 unit to retire, no longer on their rows (JS-003)');
    const retired = await scratch.run([
      'items',
      'import',
      'aviation',
      'tags.csv',
      '--remove-missing',
      '--format',
      'json',
    ]);
    expect(retired.code, retired.stderr).toBe(0);
    expect(JSON.parse(retired.stdout).done.unitsRetired).toBe(1);
    const units = await unitsNow();
    expect(units.map((unit) => [unit.tag, unit.status])).toEqual([
      ['JS-001', 'inService'],
      ['JS-002', 'inService'],
      ['JS-003', 'retired'],
      ['JS-004', 'out'],
    ]);
    expect(units[2]!.history?.at(-1)).toMatchObject({
      status: 'retired',
      by: 'cli items import',
      note: expect.stringContaining('Not on row 2 of tags.csv'),
    });
    const again = JSON.parse(
      (await scratch.run(['items', 'import', 'aviation', 'tags.csv', '--remove-missing', '--format', 'json'])).stdout,
    );
    expect(again).toMatchObject({ unitsToRetire: [], unchanged: ['js-a'], done: { unitsRetired: 0 } });
  });

  it('keeps the items a sheet does not list, and removes them only when asked', async () => {
    const write = (rows: string[]) =>
      writeFile(path.join(scratch.cwd, 'few.csv'), `${['SKU,Name,Category,Day rate', ...rows].join('\r\n')}\r\n`);
    await write([
      'a-1,Chair,Seats > Business Class,10',
      'a-2,Table,Seats > Business Class,12',
      'a-3,Lamp,Seats > Business Class,8',
    ]);
    expect((await scratch.run(['items', 'import', 'aviation', 'few.csv'])).code).toBe(0);
    await write(['a-1,Chair,Seats > Business Class,10', 'a-3,Lamp,Seats > Business Class,oops']);
    const kept = JSON.parse(
      (await scratch.run(['items', 'import', 'aviation', 'few.csv', '--skip-refused', '--format', 'json'])).stdout,
    ) as JsonReport & { remove: string[] };
    expect(kept.remove).toEqual([]);
    expect((await stored()).map((item) => item.objectID)).toEqual(['a-1', 'a-2', 'a-3']);
    const dry = await scratch.run([
      'items',
      'import',
      'aviation',
      'few.csv',
      '--remove-missing',
      '--skip-refused',
      '--dry-run',
    ]);
    expect(dry.stdout).toContain(
      'Would create 0, update 0, leave 1 unchanged, refuse 1, remove 1 the sheet does not list;',
    );
    // a-3 is refused, not missing: only a-2 goes.
    const removed = await scratch.run(['items', 'import', 'aviation', 'few.csv', '--remove-missing', '--skip-refused']);
    expect(removed.stdout).toMatch(
      /Imported: 0 added, 0 updated, 1 unchanged, 0 photos stored, 1 removed; 1 refused row skipped \(3\)/,
    );
    expect((await stored()).map((item) => item.objectID)).toEqual(['a-1', 'a-3']);
  });

  it('answers bad files plainly, and writes nothing', async () => {
    const cases: Array<[string, string | Buffer, RegExp]> = [
      ['empty.csv', '', /empty\.csv is empty \(0 bytes\)/],
      [
        'header-only.csv',
        'SKU,Name,Category,Day rate\r\n',
        /has a header row \(SKU, Name, Category, Day rate\) but no items under it/,
      ],
      [
        'twice.csv',
        'SKU,Name,name\r\na,b,c\r\n',
        /has the column "name" twice in its header row \(row 1\): rename one/,
      ],
      [
        'old.xls',
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        /is an old Excel workbook \(\.xls\): save it as \.xlsx or CSV/,
      ],
      [
        'unmapped.csv',
        'Code,Thing\r\na,b\r\n',
        /no column is mapped to Name, Category \(group › category › subcategory, or the category alone\), Day rate/,
      ],
    ];
    for (const [name, content, message] of cases) {
      await writeFile(path.join(scratch.cwd, name), content);
      const run = await scratch.run(['items', 'import', 'aviation', name]);
      expect(run.code, name).toBe(2);
      expect(run.stderr, name).toMatch(message);
    }
    // 200 MB (a sparse file: nothing is written to disk) is refused before it is read.
    await truncate(path.join(scratch.cwd, 'huge.csv'), 200 * 1024 * 1024).catch(async () => {
      await writeFile(path.join(scratch.cwd, 'huge.csv'), '');
      await truncate(path.join(scratch.cwd, 'huge.csv'), 200 * 1024 * 1024);
    });
    const huge = await scratch.run(['items', 'import', 'aviation', 'huge.csv']);
    expect(huge).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/huge\.csv is 200 MB; an import takes at most 100 MB: split it/),
    });
    expect(await stored()).toHaveLength(0);
  });

  it('finds photos by the key at the start of their names when the sheet names none', async () => {
    const folder = path.join(scratch.cwd, 'by-key');
    await mkdir(folder, { recursive: true });
    for (const name of ['A-1.png', 'a-1-2.png', 'A-10.png', 'other.png'])
      await writeFile(path.join(folder, name), TINY_PNG);
    await writeFile(
      path.join(scratch.cwd, 'keys.csv'),
      'SKU,Name,Category,Day rate\r\na-1,Chair,Seats > Business Class,10\r\na-10,Table,Seats > Business Class,10\r\na,Lamp,Seats > Business Class,10\r\n',
    );
    expect((await scratch.run(['items', 'import', 'aviation', 'keys.csv', '--photos', folder])).code).toBe(0);
    const photos = Object.fromEntries(
      (await stored()).map((item) => [
        item.objectID,
        (item.images ?? []).map((image) =>
          image.url
            .split('/')
            .at(-1)!
            .replace(/-[0-9a-f]{10}\.png$/, ''),
        ),
      ]),
    );
    // a-1's own two; a-10 its one; "a" none of theirs.
    expect(photos).toEqual({ 'a-1': ['a-1', 'a-1-2'], 'a-10': ['a-10'], a: [] });
  });

  it('finds a photo the sheet names with another extension when the folder has one of that name, and asks which when it has two', async () => {
    const folder = path.join(scratch.cwd, 'saved-as-jpeg');
    await mkdir(folder, { recursive: true });
    for (const name of ['Chair.PNG', 'table.png', 'table.webp']) await writeFile(path.join(folder, name), TINY_PNG);
    await writeFile(
      path.join(scratch.cwd, 'named.csv'),
      'SKU,Name,Category,Day rate,Photo\r\nc-1,Chair,Seats > Business Class,10,chair.jpg\r\nt-1,Table,Seats > Business Class,10,table.jpg\r\n',
    );
    const run = await scratch.run(['items', 'import', 'aviation', 'named.csv', '--photos', folder, '--skip-refused']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('named.csv:3:5 Photo "table.jpg" is not in');
    expect(run.stdout).toContain('(it has table.png, table.webp: name one)');
    expect((await stored()).find((item) => item.objectID === 'c-1')!.images![0]!.url).toMatch(
      /\/items\/aviation\/chair-[0-9a-f]{10}\.png$/,
    );
  });

  it('refuses photos that are not images or could run script, and never reads outside the folder', async () => {
    const folder = path.join(scratch.cwd, 'bad-photos');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'a-1.png'), 'this is not a picture');
    await writeFile(
      path.join(folder, 'a-2.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await writeFile(
      path.join(scratch.cwd, 'stock.csv'),
      'SKU,Name,Category,Day rate,Photos\r\na-1,Chair,Seats > Business Class,10,a-1.png\r\na-2,Table,Seats > Business Class,10,a-2.svg\r\na-3,Lamp,Seats > Business Class,10,../secret.png\r\n',
    );
    await writeFile(path.join(scratch.cwd, 'secret.png'), TINY_PNG);
    const report = JSON.parse(
      (
        await scratch.run([
          'items',
          'import',
          'aviation',
          'stock.csv',
          '--photos',
          folder,
          '--dry-run',
          '--format',
          'json',
        ])
      ).stdout,
    ) as JsonReport;
    expect(report.problems.map((problem) => [problem.row, problem.header, problem.message])).toEqual([
      [2, 'Photos', expect.stringMatching(/^a-1\.png: /)],
      [3, 'Photos', expect.stringMatching(/^a-2\.svg: this SVG contains a <script> element/)],
      [4, 'Photos', `"../secret.png" is not in ${folder}`],
    ]);
  });
});
