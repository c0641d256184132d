/**
 * An import from a spreadsheet's bytes up to its plan, the one path the CLI and the console take:
 * the sheet read, its mapping (a mapping file given, else the one saved for this sheet, else the
 * guess from its headers and values), the required fields checked as mapped, and the plan worked
 * out against the tenant's items as stored. Nothing is written here.
 */
import type { Tenant } from '../../../schema/types.generated';
import type { ItemStore } from '../../stores/item-store';
import type { QuoteRequestStore } from '../../stores/quote-request-store';
import { allItems } from '../move-items';
import { fieldTitles, guessMapping, sheetSignature, type ColumnMapping, type ImportField } from './column-mapping';
import { planImport, type ImportPlan } from './import-plan';
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

export async function prepareImport(input: {
  bytes: Buffer;
  /** The file's name as the report shows it. */
  file: string;
  tenantId: string;
  tenant: Pick<Tenant, 'site' | 'categories'>;
  itemStore: ItemStore;
  /** Where the tenant's units are (asset tags are checked against them). */
  units?: Pick<QuoteRequestStore, 'listUnits'> | undefined;
  /** Where the mappings of earlier imports are kept (the AssetStore's private import-mappings folder). */
  assets: AssetStore;
  photos?: PhotoSource | undefined;
  /** A mapping file to use (CLI `--mapping`), or a mapping given whole (the console's). */
  mappingFile?: string | undefined;
  mapping?: SavedMapping | undefined;
  addCategories?: boolean;
  removeMissing?: boolean;
  sheetName?: string | undefined;
  delimiter?: string | undefined;
  now: Date;
}): Promise<Prepared> {
  const read = await readSheet(input.bytes, { ...(input.sheetName !== undefined && { sheet: input.sheetName }), ...(input.delimiter !== undefined && { delimiter: input.delimiter }) });
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
    if (!mapping) return { problem: `${input.mappingFile} is not a mapping file: it needs { "columns": { "<field>": "<header>" } }` };
    mappingFrom = 'file';
  } else {
    mapping = await loadSavedMapping(input.assets, input.tenantId, signature);
    if (mapping) mappingFrom = 'saved';
  }
  mapping ??= { columns: guessMapping(sheet.headers, sheet.rows, input.tenant.site) };
  const missingHeader = Object.entries(mapping.columns).find(([, header]) => header !== undefined && !sheet.headers.includes(header));
  if (missingHeader)
    return {
      problem: `${input.file} has no column ${JSON.stringify(missingHeader[1])} (mapped to ${missingHeader[0]}); its columns are ${sheet.headers.map((header) => JSON.stringify(header)).join(', ')}`,
    };
  const unmapped = fieldTitles(input.tenant.site).filter((field) => field.required && mapping.columns[field.field] === undefined);
  if (unmapped.length)
    return {
      problem: `${input.file}: no column is mapped to ${unmapped.map((field) => field.title).join(', ')}; its columns are ${sheet.headers.map((header) => JSON.stringify(header)).join(', ')} (give a mapping file: { "columns": { "${unmapped[0]!.field}": "<header>" } })`,
    };
  const existing = new Map((await allItems(input.itemStore, input.tenantId)).map((item) => [item.objectID, item]));
  const existingUnits = new Map(
    mapping.columns.unitTags && input.units
      ? (await input.units.listUnits(input.tenantId, { limit: 1_000_000 })).units.map((unit) => [unit.tag, { objectID: unit.objectID, status: unit.status }] as const)
      : [],
  );
  const plan = await planImport({
    file: input.file,
    sheet,
    tenantId: input.tenantId,
    tenant: input.tenant,
    existing,
    existingUnits,
    choices: {
      mapping: mapping.columns,
      ...(mapping.categories && { categoryMap: mapping.categories }),
      addCategories: input.addCategories ?? false,
      removeMissing: input.removeMissing ?? false,
      photos: input.photos,
    },
    now: input.now,
  });
  return { prepared: { sheet, signature, mapping, mappingFrom, plan } };
}

/** The mapping as the report prints it: each mapped field's title and the header that fills it. */
export function mappingLines(mapping: ColumnMapping, tenant: Pick<Tenant, 'site'>): Array<{ field: ImportField; title: string; header: string }> {
  return fieldTitles(tenant.site)
    .filter((field) => mapping[field.field] !== undefined)
    .map((field) => ({ field: field.field, title: field.title, header: mapping[field.field]! }));
}
