/**
 * A sheet's check as the console's Items → Import shows it: the sheet (its headers and first
 * rows), the fields a column can fill, the mapping and where it came from, every rental path by
 * its names (where an unknown path may be mapped), and the plan in keys and counts. Pure.
 */
import { importSummary } from '../../../schema/item-import';
import type { Tenant } from '../../../schema/types.generated';
import { allPaths, pathText } from './categories';
import { fieldTitles } from './column-mapping';
import type { PreparedImport } from './prepare-import';

/** First rows sent back, for the mapping table's examples. */
const SAMPLE_ROWS = 5;

export function checkView(tenant: Pick<Tenant, 'site' | 'categories'>, prepared: PreparedImport) {
  const { sheet } = prepared;
  return {
    sheet: {
      name: sheet.name,
      headers: sheet.headers,
      sample: sheet.rows.slice(0, SAMPLE_ROWS),
      rows: sheet.rows.length,
      encoding: sheet.encoding ?? null,
      delimiter: sheet.delimiter ?? null,
    },
    fields: fieldTitles(tenant.site),
    mapping: prepared.mapping,
    mappingFrom: prepared.mappingFrom,
    categoryPaths: allPaths(tenant.categories).map((entry) => ({ path: pathText(entry.path), names: entry.names })),
    plan: importSummary(prepared.plan),
  };
}
