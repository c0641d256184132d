/**
 * An import from a spreadsheet's bytes up to its plan, the one path the CLI and the console take:
 * the sheet read, its mapping (a mapping file given, else the one saved for this sheet, else the
 * guess from its headers and values), the required fields checked as mapped, and the plan worked
 * out against the tenant's items as stored. Nothing is written here.
 */
import type { Item, Tenant } from '../../../schema/types.generated';
import type { ItemStore } from '../../stores/item-store';
import type { QuoteRequestStore } from '../../stores/quote-request-store';
import { allItems } from '../move-items';
import { fieldTitles, guessMapping, sheetSignature, type ColumnMapping, type ImportField } from './column-mapping';
import { planImport, type ExistingUnit, type ImportPlan } from './import-plan';
import type { PhotoSource } from './photo-source';
import { readSheet, type Sheet } from './read-sheet';
import type { AssetStore } from '../../assets/asset-store';
import { loadMapping, loadSavedMapping, type SavedMapping } from './saved-mappings';

export interface PreparedImport {
  sheet: Sheet;
  signature: string;
  mapping: SavedMapping;
  /** Where the mapping came from. */
  mappingFrom: 'file' | 'saved' | 'guessed' | 'given';
  plan: ImportPlan;
}

export type Prepared = { prepared: PreparedImport } | { problem: string };

/** What a sheet is planned against, with nothing read from a store: the console's check runs this in a worker thread. */
export interface SheetPlanInput {
  bytes: Buffer;
  /** The file's name as the report shows it. */
  file: string;
  tenantId: string;
  tenant: Pick<Tenant, 'site' | 'categories'> & Partial<Pick<Tenant, 'vendor'>>;
  /** The tenant's items as stored, read only once the sheet and its mapping pass. */
  existing: () => Promise<ReadonlyMap<string, Item>>;
  /** The tenant's units by asset tag, read only when a column is mapped to asset tags. */
  existingUnits: () => Promise<ReadonlyMap<string, ExistingUnit>>;
  /** The mapping an earlier import of a sheet with these headers kept. */
  savedMapping: (signature: string) => Promise<SavedMapping | undefined>;
  photos?: PhotoSource | undefined;
  /** A mapping file to use (CLI `--mapping`), or a mapping given whole (the console's). */
  mappingFile?: string | undefined;
  mapping?: SavedMapping | undefined;
  addCategories?: boolean;
  removeMissing?: boolean;
  sheetName?: string | undefined;
  delimiter?: string | undefined;
  now: Date;
  /** Rows planned so far, now and then. */
  onProgress?: (done: number, total: number) => void;
}

/** A sheet read, mapped and planned; a problem when it cannot be (unreadable, past MAX_SHEET_ROWS, a required field unmapped). */
export async function planSheet(input: SheetPlanInput): Promise<Prepared> {
  const read = await readSheet(input.bytes, {
    ...(input.sheetName !== undefined && { sheet: input.sheetName }),
    ...(input.delimiter !== undefined && { delimiter: input.delimiter }),
  });
  if ('problem' in read) return { problem: `${input.file} ${read.problem}` };
  const { sheet } = read;
  const signature = sheetSignature(sheet.headers);
  let mapping: SavedMapping | undefined;
  let mappingFrom: PreparedImport['mappingFrom'] = 'guessed';
  if (input.mapping) {
    mapping = input.mapping;
    mappingFrom = 'given';
  } else if (input.mappingFile) {
    mapping = await loadMapping(input.mappingFile);
    if (!mapping)
      return {
        problem: `${input.mappingFile} is not a mapping file: it needs { "columns": { "<field>": "<header>" } }`,
      };
    mappingFrom = 'file';
  } else {
    mapping = await input.savedMapping(signature);
    if (mapping) mappingFrom = 'saved';
  }
  mapping ??= { columns: guessMapping(sheet.headers, sheet.rows, input.tenant.site) };
  const missingHeader = Object.entries(mapping.columns).find(
    ([, header]) => header !== undefined && !sheet.headers.includes(header),
  );
  if (missingHeader)
    return {
      problem: `${input.file} has no column ${JSON.stringify(missingHeader[1])} (mapped to ${missingHeader[0]}); its columns are ${sheet.headers.map((header) => JSON.stringify(header)).join(', ')}`,
    };
  const unmapped = fieldTitles(input.tenant.site).filter(
    (field) => field.required && mapping.columns[field.field] === undefined,
  );
  if (unmapped.length)
    return {
      problem: `${input.file}: no column is mapped to ${unmapped.map((field) => field.title).join(', ')}; its columns are ${sheet.headers.map((header) => JSON.stringify(header)).join(', ')} (give a mapping file: { "columns": { "${unmapped[0]!.field}": "<header>" } })`,
    };
  const plan = await planImport({
    file: input.file,
    sheet,
    tenantId: input.tenantId,
    tenant: input.tenant,
    existing: await input.existing(),
    existingUnits: mapping.columns.unitTags ? await input.existingUnits() : new Map(),
    choices: {
      mapping: mapping.columns,
      ...(mapping.categories && { categoryMap: mapping.categories }),
      addCategories: input.addCategories ?? false,
      removeMissing: input.removeMissing ?? false,
      photos: input.photos,
    },
    now: input.now,
    ...(input.onProgress && { onProgress: input.onProgress }),
  });
  return { prepared: { sheet, signature, mapping, mappingFrom, plan } };
}

/** The tenant's items and units as the plan reads them, from the stores. */
export const storedItemsOf = (itemStore: ItemStore, tenantId: string) => async () =>
  new Map((await allItems(itemStore, tenantId)).map((item) => [item.objectID, item]));
export const storedUnitsOf = (units: Pick<QuoteRequestStore, 'listUnits'> | undefined, tenantId: string) => async () =>
  new Map(
    units
      ? (await units.listUnits(tenantId, { limit: 1_000_000 })).units.map(
          (unit) => [unit.tag, { objectID: unit.objectID, status: unit.status }] as const,
        )
      : [],
  );

/** The CLI's import: the sheet planned against the tenant's items, units and saved mappings as stored. */
export async function prepareImport(
  input: Omit<SheetPlanInput, 'existing' | 'existingUnits' | 'savedMapping' | 'onProgress'> & {
    itemStore: ItemStore;
    /** Where the tenant's units are (asset tags are checked against them). */
    units?: Pick<QuoteRequestStore, 'listUnits'> | undefined;
    /** Where the mappings of earlier imports are kept (the AssetStore's private import-mappings folder). */
    assets: AssetStore;
  },
): Promise<Prepared> {
  const { itemStore, units, assets, ...rest } = input;
  return planSheet({
    ...rest,
    existing: storedItemsOf(itemStore, input.tenantId),
    existingUnits: storedUnitsOf(units, input.tenantId),
    savedMapping: (signature) => loadSavedMapping(assets, input.tenantId, signature),
  });
}

/** The mapping as the report prints it: each mapped field's title and the header that fills it. */
export function mappingLines(
  mapping: ColumnMapping,
  tenant: Pick<Tenant, 'site'>,
): Array<{ field: ImportField; title: string; header: string }> {
  return fieldTitles(tenant.site)
    .filter((field) => mapping[field.field] !== undefined)
    .map((field) => ({ field: field.field, title: field.title, header: mapping[field.field]! }));
}
