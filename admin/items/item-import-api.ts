/** The console's side of Items → Import (server/routes/api/tenants/item-import.ts): what a check and an import send and answer. Browser code. */
import { fetchUtils } from 'ra-core';
import type { ImportProblem, ImportSummary } from '../../schema/item-import';
import { inertCell } from '../../schema/spreadsheet-cells';

export interface ImportMapping {
  columns: Record<string, string | undefined>;
  categories?: Record<string, string>;
}

export interface ImportView {
  sheet: { name: string; headers: string[]; sample: string[][]; rows: number; encoding: string | null; delimiter: string | null };
  fields: Array<{ field: string; title: string; required?: boolean }>;
  mapping: ImportMapping;
  mappingFrom: 'file' | 'saved' | 'guessed' | 'given';
  categoryPaths: Array<{ path: string; names: string }>;
  plan: ImportSummary;
  done?: { counts: { added: number; updated: number; unchanged: number }; photos: number; skipped: number; categoriesAdded: number; unitsAdded: number; removed: number };
}

export interface ImportRequest {
  fileName: string;
  data: string;
  photos?: { fileName: string; data: string };
  mapping?: ImportMapping;
  addCategories?: boolean;
  removeMissing?: boolean;
  skipRefused?: boolean;
}

const importPath = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}/items/import`;

export const itemImportApi = {
  check: async (tenantId: string, request: ImportRequest) => (await fetchUtils.fetchJson(`${importPath(tenantId)}/check`, { method: 'POST', body: JSON.stringify(request) })).json as ImportView,
  /** The catalogue as a spreadsheet with the columns the import reads back (the console's session cookie goes with it). */
  exportHref: (tenantId: string, format: 'csv' | 'xlsx') => `${importPath(tenantId).replace(/\/import$/, '')}/export.${format}`,
  run: async (tenantId: string, request: ImportRequest) => (await fetchUtils.fetchJson(importPath(tenantId), { method: 'POST', body: JSON.stringify(request) })).json as ImportView,
};

/** The dry run's problems as a CSV the user downloads (`file:row:column`, header, cell, problem). */
export function problemsCsv(problems: readonly ImportProblem[]): string {
  const quote = (cell: string) => {
    const text = inertCell(cell);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = [
    ['File', 'Row', 'Column', 'Header', 'Cell', 'Problem'],
    ...problems.map((problem) => [problem.file, String(problem.row), String(problem.column ?? ''), problem.header ?? '', problem.cell ?? '', problem.message]),
  ];
  return `\ufeff${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}
