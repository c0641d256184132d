/**
 * What importing a sheet would do, worked out whole before anything is written (the dry run is
 * this plan, printed): each row read through the column mapping into an item (an existing one,
 * found by its key, is updated in place and keeps what the sheet does not map), every cell that
 * cannot be read, every path the tree lacks and every photo that is missing or no image said as
 * `file:row:column header message` with the cell's text, then every item checked by the item
 * schema and the catalogue rules against the tenant (as the console's saves are). Rows with a
 * problem are refused; the rest are to create, update, or leave alone (the same as stored).
 */
import { isDeepStrictEqual } from 'node:util';
import { problemsFromAjv } from '../../../schema/ajv-messages';
import { schemaDocuments } from '../../../schema/documents';
import type { ImportProblem } from '../../../schema/item-import';
import { checkCatalogueRules } from '../../../schema/catalogue-rules';
import { slugify } from '../../../schema/slugify';
import type { UnitStatus } from '../../../schema/rental/hire';
import type { CategoryPath, Item, Tenant } from '../../../schema/types.generated';
import { partValidators } from '../../../schema/validator-registry';
import { groupNamed, nearestCategory, pathNames, pathText, placesOf, withCategoryAdded } from './categories';
import { isBlank, readCount, readList, type Read } from './cell-values';
import type { ColumnMapping, ImportField } from './column-mapping';
import { checkPhotos, type PhotoCheck } from './photo-checks';
import { readDescribingFields, readRates, type RowFields } from './row-fields';
import type { PhotoSource } from './photo-source';
import type { Sheet } from './read-sheet';

/** How often planning says how far it is, in rows. */
const PROGRESS_ROWS = 2_000;

export interface ImportChoices {
  mapping: ColumnMapping;
  /** Category text → group/category[/subcategory], for paths the tree names otherwise. */
  categoryMap?: Readonly<Record<string, string>>;
  /** Add the paths the tree lacks (a change to categories.json, checked like any other). */
  addCategories?: boolean;
  /** Remove the tenant's items the sheet does not list (otherwise they are kept). */
  removeMissing?: boolean;
  photos?: PhotoSource | undefined;
}

export interface PhotoToStore {
  objectID: string;
  /** The name in the photo source. */
  source: string;
  /** The name it is stored under (items/), with its content's hash. */
  file: string;
}

export interface ImportPlan {
  file: string;
  sheet: string;
  rows: number;
  create: Item[];
  update: Item[];
  unchanged: string[];
  refused: Array<{ row: number; key: string }>;
  problems: ImportProblem[];
  /** Cells imported a way the sheet may not mean: said, not refused. */
  warnings: ImportProblem[];
  /** The tree with the added paths, when any were added. */
  categories?: Tenant['categories'];
  addedCategories: string[];
  /** Paths the tree lacks (nothing mapped or added), with the rows that name them and the nearest path it has. */
  unknownCategories: Array<{ text: string; rows: number[]; nearest?: string }>;
  photos: PhotoToStore[];
  /** Units to add for asset tags the tenant does not have yet. */
  units: UnitToAdd[];
  /** Units an item has in stock that its row no longer lists, retired when asked (removeMissing); none otherwise. */
  retire: UnitToRetire[];
  /** Items the sheet does not list, removed when asked (removeMissing); none otherwise. */
  remove: string[];
}

export interface UnitToAdd {
  objectID: string;
  tag: string;
}

export interface UnitToRetire extends UnitToAdd {
  /** The row that no longer lists it (said in the unit's history). */
  row: number;
}

/** A tenant's unit as the plan needs it: whose, and whether it is still in stock. */
export interface ExistingUnit {
  objectID: string;
  status: UnitStatus;
}

/** Units gone from stock: a row that omits them changes nothing. */
const GONE: readonly UnitStatus[] = ['lost', 'retired'];

/** An asset tag as the unit schema takes it. */
const ASSET_TAG = new RegExp(schemaDocuments.unit.$defs.assetTag.pattern);

/** The same shape whatever the tenant's item store adds (its search fields are not the item's). */
const comparable = ({ updatedAt: _updatedAt, ...item }: Item) => withoutEmpty(item);

/** An empty list or map says nothing an absent one does not ("Tags" blank in the sheet, none on the item): both compare alike. */
function withoutEmpty(value: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (Array.isArray(entry) && entry.length === 0) continue;
    if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      const inner = withoutEmpty(entry as Record<string, unknown>);
      if (Object.keys(inner).length) kept[key] = inner;
      continue;
    }
    kept[key] = entry;
  }
  return kept;
}

/** Where an item field's problem is reported: its column, or the row when no column maps it. */
const fieldOfPointer = (pointer: string): ImportField | undefined => {
  const [first, second] = pointer.split('/').filter(Boolean);
  if (first === 'rates') return second === 'week' ? 'rates.week' : 'rates.day';
  if (first === 'dimensions') return 'dimensions';
  if (first === 'customFields') return `customFields.${second}` as ImportField;
  if (first === 'images') return 'photos';
  return first as ImportField;
};

export type { ImportProblem };

export async function planImport(input: {
  file: string;
  sheet: Sheet;
  tenantId: string;
  tenant: Pick<Tenant, 'site' | 'categories'> & Partial<Pick<Tenant, 'vendor'>>;
  existing: ReadonlyMap<string, Item>;
  /** The tenant's units now, by asset tag (a tag names one unit in the tenant). */
  existingUnits?: ReadonlyMap<string, ExistingUnit>;
  choices: ImportChoices;
  now: Date;
  /** Rows read so far, every PROGRESS_ROWS rows and at the end (a worker thread tells its caller). */
  onProgress?: (done: number, total: number) => void;
}): Promise<ImportPlan> {
  const { file, sheet, tenantId, existing, choices } = input;
  const { mapping } = choices;
  const site = input.tenant.site;
  let categories = input.tenant.categories;
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  // The tenant's own currency sign ("$" for USD, "£" for GBP): a rate written with another is said, not converted.
  const currency = site.currency ?? 'USD';
  const ownSign =
    new Intl.NumberFormat('en', { style: 'currency', currency })
      .formatToParts(1)
      .find((part) => part.type === 'currency')?.value ?? currency;
  const column = (field: ImportField) => (mapping[field] === undefined ? -1 : sheet.headers.indexOf(mapping[field]));
  const columns = new Map((Object.keys(mapping) as ImportField[]).map((field) => [field, column(field)]));
  const unknownCategories = new Map<string, number[]>();
  const addedCategories: string[] = [];
  const photoNames = new Map((choices.photos?.names ?? []).map((name) => [name.toLowerCase(), name]));
  // A sheet that says "H9-00210.png" of a photo saved as "H9-00210.jpg": found by its name without the extension, when only one photo has it.
  const withoutExtension = (name: string) => name.toLowerCase().replace(/\.[^.]+$/, '');
  const photosByName = new Map<string, string[]>();
  for (const name of choices.photos?.names ?? [])
    photosByName.set(withoutExtension(name), [...(photosByName.get(withoutExtension(name)) ?? []), name]);
  const photoNamed = (wanted: string) => {
    const alike = photosByName.get(withoutExtension(wanted)) ?? [];
    return photoNames.get(wanted.toLowerCase()) ?? (alike.length === 1 ? alike[0] : undefined);
  };
  // Photos by the key their name starts with: "chair.jpg" and "chair-2.jpg" are chair's (a hyphen, then one or two digits),
  // unless "chair-2" is itself a key in the sheet: then that photo is its own item's.
  const stemOf = (name: string) => slugify(name.replace(/\.[^.]+$/, ''));
  const keyColumn = columns.get(mapping.objectID ? 'objectID' : 'name') ?? -1;
  const sheetKeys = new Set(keyColumn >= 0 ? sheet.rows.map((cells) => slugify(cells[keyColumn] ?? '')) : []);
  const photosByStem = new Map<string, string[]>();
  for (const name of choices.photos?.names ?? []) {
    const stem = stemOf(name);
    const owner = sheetKeys.has(stem) ? stem : stem.replace(/-\d{1,2}$/, '');
    for (const each of new Set([stem, owner])) photosByStem.set(each, [...(photosByStem.get(each) ?? []), name]);
  }
  const photos: PhotoToStore[] = [];
  const pendingPhotos: Array<{
    row: number;
    objectID: string;
    source: string;
    alt: string;
    images: NonNullable<Item['images']>;
    position: number;
  }> = [];
  const planned: Array<{ row: number; item: Item; base: Item | undefined }> = [];
  const refusedRows = new Map<number, string>();
  const keyRows = new Map<string, number>();
  const units: UnitToAdd[] = [];
  const retire: UnitToRetire[] = [];
  const tagRows = new Map<string, number>();
  const existingUnits = input.existingUnits ?? new Map<string, ExistingUnit>();
  // Indexes read per row: a sheet of 60,000 rows must not scan every unit or row for each one.
  const unitsOf = new Map<string, Array<[string, ExistingUnit]>>();
  for (const entry of existingUnits) {
    const owned = unitsOf.get(entry[1].objectID);
    if (owned) owned.push(entry);
    else unitsOf.set(entry[1].objectID, [entry]);
  }
  const indexOfRow = new Map(sheet.rowNumbers.map((row, index) => [row, index]));
  const cellsOfRow = (row: number) => sheet.rows[indexOfRow.get(row)!]!;
  // What a category cell's text finds, worked out once per text (a sheet repeats a few dozen
  // texts over its rows), and again only when the tree grows (paths added).
  type Place = { path?: CategoryPath; places?: string[]; group?: ReturnType<typeof groupNamed>; nearest?: string };
  let placed = new Map<string, Place>();
  let placedIn = categories;
  const placeOf = (text: string) => {
    if (placedIn !== categories) {
      placed = new Map<string, Place>();
      placedIn = categories;
    }
    let found = placed.get(text);
    if (!found) {
      const places = placesOf(categories, text);
      found =
        places.length === 1
          ? { path: places[0] }
          : places.length
            ? { places: places.map((path) => pathNames(categories, path)) }
            : { group: groupNamed(categories, text), nearest: nearestCategory(categories, text) };
      placed.set(text, found);
    }
    return found;
  };

  for (const [index, cells] of sheet.rows.entries()) {
    if (index % PROGRESS_ROWS === 0) input.onProgress?.(index, sheet.rows.length);
    const row = sheet.rowNumbers[index]!;
    let refused = false;
    const problem = (field: ImportField | undefined, message: string) => {
      const at = field === undefined ? -1 : (columns.get(field) ?? -1);
      problems.push({
        file,
        row,
        ...(at >= 0 && { header: sheet.headers[at]!, column: at + 1, cell: cells[at]! }),
        message,
      });
      refused = true;
    };
    const cell = (field: ImportField) => {
      const at = columns.get(field) ?? -1;
      return at >= 0 && !isBlank(cells[at]) ? cells[at]!.trim() : undefined;
    };
    const warn = (field: ImportField | undefined, message: string) => {
      const at = field === undefined ? -1 : (columns.get(field) ?? -1);
      warnings.push({
        file,
        row,
        ...(at >= 0 && { header: sheet.headers[at]!, column: at + 1, cell: cells[at]! }),
        message,
      });
    };
    // Money written in another currency is taken as this one's amount: said, never converted silently.
    for (const field of ['rates.day', 'rates.week', 'replacementValue'] as const) {
      const sign = /[$£€¥]|\b(?:USD|GBP|EUR|CAD|AUD|JPY)\b/i.exec(cell(field) ?? '')?.[0];
      if (
        sign &&
        sign.toUpperCase() !== ownSign &&
        sign.toUpperCase() !== currency &&
        !(sign === '$' && ownSign.endsWith('$'))
      )
        warn(
          field,
          `is written in ${sign}, but this catalogue is in ${currency}: imported as the same number of ${currency}, not converted`,
        );
    }
    const read = <T>(field: ImportField, reader: (text: string) => Read<T>): T | undefined => {
      const text = cell(field);
      if (text === undefined) return undefined;
      const answer = reader(text);
      if ('problem' in answer) return void problem(field, answer.problem);
      return answer.value;
    };

    const name = cell('name');
    const keyText = cell('objectID') ?? name;
    if (mapping.objectID && cell('objectID') === undefined && name !== undefined)
      warn(
        'objectID',
        `is empty: the item id was made from its name (${slugify(name)}), so renaming it later makes a new item`,
      );
    // A name a spreadsheet would run as a formula is kept as the text written.
    if (name !== undefined && /^[=+@]|^-(?!\d)/.test(name))
      warn('name', 'starts like a spreadsheet formula: imported as the text written, not its result');
    const objectID = keyText === undefined ? '' : slugify(keyText);
    if (!objectID) {
      problem(
        mapping.objectID ? 'objectID' : 'name',
        mapping.objectID ? 'is empty: every row needs its key (SKU or item id)' : 'is empty: every row needs a name',
      );
      refusedRows.set(row, keyText ?? '');
      continue;
    }
    const earlier = keyRows.get(objectID);
    if (earlier !== undefined) {
      problem(
        mapping.objectID ? 'objectID' : 'name',
        `is the same key as row ${earlier} (${objectID}): each item once`,
      );
      refusedRows.set(row, objectID);
      continue;
    }
    keyRows.set(objectID, row);
    const base = existing.get(objectID);
    const item: Record<string, unknown> = { ...(base ?? {}), objectID, vendorId: tenantId };
    // The house's own code, as written (its shelf labels keep the capitals the id drops).
    if (mapping.objectID && cell('objectID') !== undefined && cell('objectID') !== objectID)
      item.sku = cell('objectID')!.slice(0, 64);
    const set = (key: string, value: unknown, field: ImportField) => {
      if (!columns.has(field)) return;
      if (value === undefined) delete item[key];
      else item[key] = value;
    };
    const fields: RowFields = { has: (field: ImportField) => columns.has(field), cell, read, problem, set };
    if (columns.has('name')) {
      if (name === undefined) problem('name', 'is empty: every item needs a name');
      else item.name = name;
    }
    set('description', cell('description'), 'description');

    // The category: found in the tree, mapped by the one importing, or added.
    if (columns.has('category')) {
      // Several columns may make the path (Department, then Sub-department): their cells, joined in order.
      const parts = [cell('category.group'), cell('category'), cell('category.subcategory')];
      const text = cell('category') === undefined ? undefined : parts.filter((part) => part !== undefined).join(' > ');
      if (text === undefined) problem('category', 'is empty: every item needs a category');
      else {
        const mapped = choices.categoryMap?.[text] ?? choices.categoryMap?.[text.trim().toLowerCase()];
        let path: CategoryPath | undefined = placeOf(mapped ?? text).path;
        if (!path && choices.addCategories) {
          const added = withCategoryAdded(categories, text);
          if (added) {
            categories = added.categories;
            path = added.path;
            addedCategories.push(pathText(path));
          }
        }
        if (path) item.category = path;
        else {
          // Pushed, not copied: a text on 60,000 rows copied its list on each (quadratic, a minute).
          const rows = unknownCategories.get(text);
          if (rows) rows.push(row);
          else unknownCategories.set(text, [row]);
          const { group, nearest, places } = placeOf(text);
          problem(
            'category',
            places
              ? `is in ${places.length} places in the tree (${places.join('; ')}): write its path, or map it to one`
              : group
                ? `names ${group.name}, a group of the tree, not a category: its categories are ${group.categories.map((category) => category.name).join(', ')} (map the column that names them as the category, or map this value to one)`
                : `is not in the category tree${nearest ? `: did you mean ${nearest}?` : ''} (map it, or let the import add it)`,
          );
        }
      }
    }

    readRates(fields, item, base);
    // Asset tags: one unit each (new tags added, the item's own kept), and the item tracked unit by unit with as many in stock.
    const tags = columns.has('unitTags') ? readList(cell('unitTags') ?? '').map((tag) => tag.toUpperCase()) : [];
    if (tags.length) {
      const owned = unitsOf.get(objectID) ?? [];
      const own = owned.map(([tag]) => tag);
      // In stock, and no longer on the row: retired when asked, unless out on a hire.
      const omitted = choices.removeMissing
        ? owned.filter(([tag, unit]) => !GONE.includes(unit.status) && !tags.includes(tag))
        : [];
      const bad = tags.filter((tag) => !ASSET_TAG.test(tag));
      const taken = tags.filter((tag) => existingUnits.has(tag) && existingUnits.get(tag)!.objectID !== objectID);
      const out = omitted.filter(([, unit]) => unit.status === 'out').map(([tag]) => tag);
      const twice = tags.filter((tag) => tagRows.has(tag));
      if (bad.length)
        problem(
          'unitTags',
          `${bad.map((tag) => JSON.stringify(tag)).join(', ')}: a tag is letters, digits and dashes, at most 40`,
        );
      else if (taken.length)
        problem(
          'unitTags',
          `${taken.map((tag) => `${tag} is already ${existingUnits.get(tag)!.objectID}'s`).join('; ')}: each tag names one unit`,
        );
      else if (twice.length)
        problem(
          'unitTags',
          `${twice.map((tag) => `${tag} is on row ${tagRows.get(tag)} too`).join('; ')}: each tag names one unit`,
        );
      else {
        for (const tag of tags) tagRows.set(tag, row);
        const fresh = tags.filter((tag) => !own.includes(tag));
        for (const tag of fresh) units.push({ objectID, tag });
        if (out.length)
          problem(
            'unitTags',
            `${out.join(', ')} ${out.length === 1 ? 'is' : 'are'} out on a hire: check ${out.length === 1 ? 'it' : 'them'} in before taking ${out.length === 1 ? 'it' : 'them'} off the sheet`,
          );
        else for (const [tag] of omitted) retire.push({ objectID, tag, row });
        item.tracking = 'units';
        const unitCount = own.length + fresh.length;
        item.quantity = unitCount;
        const counted = columns.has('quantity') ? read('quantity', readCount) : undefined;
        if (counted !== undefined && counted !== unitCount)
          problem(
            'quantity',
            `is ${counted}, but the row has ${unitCount} asset tag${unitCount === 1 ? '' : 's'} (a unit each)`,
          );
      }
    } else if (columns.has('quantity')) {
      const quantity = read('quantity', readCount);
      if (base?.tracking === 'units' && quantity !== undefined && quantity !== base.quantity)
        problem(
          'quantity',
          `is ${quantity}, but ${objectID} is tracked unit by unit (${base.quantity} units): change its units in the console`,
        );
      else item.quantity = quantity ?? base?.quantity ?? 1;
      if (quantity === undefined && cell('quantity') === undefined && !base)
        warn('quantity', 'is empty: imported as 1 in stock');
    } else item.quantity ??= 1;
    readDescribingFields(fields, item, site, mapping);

    // Photos: named in a column, or found by the key in the photo folder; otherwise the item keeps its own.
    const named = columns.has('photos') ? readList(cell('photos') ?? '') : undefined;
    const alt = cell('photoAlt') ?? name ?? base?.name ?? objectID;
    const kept = new Map((base?.images ?? []).map((image) => [image.url.split('/').at(-1)!.toLowerCase(), image]));
    const found = named ?? (choices.photos ? (photosByStem.get(objectID) ?? []) : undefined);
    if (found !== undefined) {
      const images: NonNullable<Item['images']> = [];
      for (const wanted of found.slice(0, 12)) {
        const keep = kept.get(wanted.toLowerCase());
        const source = photoNamed(wanted);
        if (keep && !source) {
          images.push({ ...keep, alt: keep.alt });
          continue;
        }
        if (!source) {
          const alike = photosByName.get(withoutExtension(wanted)) ?? [];
          problem(
            'photos',
            `${JSON.stringify(wanted)} is not ${choices.photos ? `in ${choices.photos.description}` : 'a photo this item has (give the photos folder or ZIP)'}${alike.length > 1 ? ` (it has ${alike.join(', ')}: name one)` : ''}`,
          );
          continue;
        }
        // Checked after the rows, all at once (photo-checks.ts): a place kept for it here.
        pendingPhotos.push({ row, objectID, source, alt: alt.slice(0, 300), images, position: images.length });
        images.push(undefined as unknown as NonNullable<Item['images']>[number]);
      }
      item.images = images;
    } else if (columns.has('photoAlt') && Array.isArray(item.images))
      item.images = (item.images as NonNullable<Item['images']>).map((image, at) =>
        at === 0 ? { ...image, alt: alt.slice(0, 300) } : image,
      );

    item.createdAt = base?.createdAt ?? input.now.toISOString();
    item.updatedAt = base?.updatedAt ?? input.now.toISOString();
    if (refused) refusedRows.set(row, objectID);
    else planned.push({ row, item: item as unknown as Item, base });
  }

  input.onProgress?.(sheet.rows.length, sheet.rows.length);
  // The photos the rows name, each checked once, several at a time; a refused one refuses its row.
  const checked = choices.photos
    ? await checkPhotos(
        choices.photos,
        pendingPhotos.map((pending) => pending.source),
      )
    : new Map<string, PhotoCheck>();
  const photoColumn = columns.get('photos') ?? -1;
  for (const pending of pendingPhotos) {
    const check = checked.get(pending.source)!;
    if ('problem' in check) {
      const cells = cellsOfRow(pending.row);
      problems.push({
        file,
        row: pending.row,
        ...(photoColumn >= 0 && {
          header: sheet.headers[photoColumn]!,
          column: photoColumn + 1,
          cell: cells[photoColumn]!,
        }),
        message: check.problem,
      });
      refusedRows.set(pending.row, pending.objectID);
      continue;
    }
    photos.push({ objectID: pending.objectID, source: pending.source, file: check.storedAs });
    pending.images[pending.position] = {
      url: `/items/${tenantId}/${check.storedAs}`,
      width: check.width,
      height: check.height,
      alt: pending.alt,
    };
  }
  for (const entry of planned) if (entry.item.images) entry.item.images = entry.item.images.filter(Boolean);

  // Every item the sheet makes, checked whole as the catalogue is: the item schema, then the rules against the tenant (with the paths added).
  const validate = partValidators().catalogue;
  const catalogue = { items: planned.map((entry) => entry.item) };
  const findings = validate(catalogue)
    ? checkCatalogueRules(catalogue, { site, categories, vendor: input.tenant.vendor }, existing)
    : problemsFromAjv(validate.errors);
  for (const finding of findings) {
    const match = /^\/items\/(\d+)(\/.*)?$/.exec(finding.pointer);
    if (!match) continue;
    const entry = planned[Number(match[1])]!;
    const field = fieldOfPointer(match[2] ?? '');
    const at = field === undefined ? -1 : (columns.get(field) ?? -1);
    problems.push({
      file,
      row: entry.row,
      ...(at >= 0 && { header: sheet.headers[at]!, column: at + 1, cell: cellsOfRow(entry.row)[at]! }),
      message: `${at >= 0 ? '' : `${(match[2] ?? '').slice(1) || 'the item'} `}${finding.message}`,
    });
    refusedRows.set(entry.row, entry.item.objectID);
  }

  const plan: ImportPlan = {
    file,
    sheet: sheet.name,
    rows: sheet.rows.length,
    create: [],
    update: [],
    unchanged: [],
    refused: [...refusedRows].map(([row, key]) => ({ row, key })).sort((a, b) => a.row - b.row),
    problems: problems.sort((a, b) => a.row - b.row || (a.column ?? 0) - (b.column ?? 0)),
    warnings,
    addedCategories: [...new Set(addedCategories)],
    unknownCategories: [...unknownCategories].map(([text, rows]) => {
      const { nearest } = placeOf(text);
      return { text, rows, ...(nearest && { nearest }) };
    }),
    photos: photos.filter((photo) => !refusedRows.has(keyRows.get(photo.objectID)!)),
    units: units.filter((unit) => !refusedRows.has(keyRows.get(unit.objectID)!)),
    retire: retire.filter((unit) => !refusedRows.has(unit.row)),
    // A refused row's item is not "missing": it is in the sheet, only wrong there.
    remove: choices.removeMissing ? [...existing.keys()].filter((objectID) => !keyRows.has(objectID)).sort() : [],
    ...(categories !== input.tenant.categories && { categories }),
  };
  for (const { row, item, base } of planned) {
    if (refusedRows.has(row)) continue;
    if (!base) plan.create.push({ ...item, updatedAt: input.now.toISOString() });
    else if (isDeepStrictEqual(comparable(item), comparable(base))) plan.unchanged.push(item.objectID);
    else plan.update.push({ ...item, updatedAt: input.now.toISOString() });
  }
  return plan;
}

/** One problem as every tool prints it: `file:row:column header message` and the cell's text. */
export function formatImportProblem(problem: ImportProblem): string {
  const where = `${problem.file}:${problem.row}:${problem.column ?? 0}`;
  return `${where} ${problem.header ?? '(row)'} ${problem.message}${problem.cell !== undefined ? ` (cell: ${JSON.stringify(problem.cell.slice(0, 80))})` : ''}`;
}
