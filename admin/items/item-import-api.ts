/**
 * The console's side of Items → Import (server/routes/api/tenants/item-import.ts): what a check and
 * an import send and answer, with their progress: the upload's bytes (XMLHttpRequest tells them;
 * fetch does not), then the server's reading, then, for an import, its progress lines (NDJSON) as
 * it stores photos and writes items. Browser code.
 */
import type { ImportProblem, ImportSummary } from '../../schema/item-import';
import { inertCell } from '../../schema/spreadsheet-cells';

export interface ImportMapping {
  columns: Record<string, string | undefined>;
  categories?: Record<string, string>;
}

export interface ImportView {
  sheet: {
    name: string;
    headers: string[];
    sample: string[][];
    rows: number;
    encoding: string | null;
    delimiter: string | null;
  };
  fields: Array<{ field: string; title: string; required?: boolean }>;
  mapping: ImportMapping;
  mappingFrom: 'file' | 'saved' | 'guessed' | 'given';
  categoryPaths: Array<{ path: string; names: string }>;
  plan: ImportSummary;
  done?: {
    counts: { added: number; updated: number; unchanged: number };
    photos: number;
    skipped: number;
    categoriesAdded: number;
    unitsAdded: number;
    unitsRetired: number;
    removed: number;
  };
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

/** Where a check or an import is: sending (bytes), read on the server, its rows checked, storing photos, writing items. */
export type ImportProgress =
  | { stage: 'sending'; done: number; total: number }
  | { stage: 'reading' }
  | { stage: 'rows'; done: number; total: number }
  | { stage: 'photos'; done: number; total: number }
  | { stage: 'items'; total: number };

/** A refusal or failure, with the server's message as react-admin's HttpError carries it. */
export class ImportRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: { message: string },
  ) {
    super(message);
  }
}

type AnswerLine = { progress?: ImportProgress; result?: ImportView; error?: { statusCode: number; message: string } };

/** POSTs the request as JSON, telling its progress; an import's answer comes as NDJSON lines (progress, then the result or the error). */
function postWithProgress(
  url: string,
  request: ImportRequest,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (status: number, message: string) => reject(new ImportRequestError(message, status, { message }));
    let read = 0;
    const lines = (): AnswerLine[] => {
      const complete = xhr.responseText.lastIndexOf('\n') + 1;
      const fresh = xhr.responseText.slice(read, complete);
      read = complete;
      return fresh
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AnswerLine);
    };
    let last: AnswerLine | undefined;
    xhr.open('POST', url);
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/x-ndjson, application/json');
    xhr.upload.onprogress = (event) => onProgress({ stage: 'sending', done: event.loaded, total: event.total });
    xhr.upload.onload = () => onProgress({ stage: 'reading' });
    xhr.onprogress = () => {
      if (xhr.status !== 200 || !xhr.getResponseHeader('content-type')?.startsWith('application/x-ndjson')) return;
      for (const line of lines()) {
        if (line.progress) onProgress(line.progress);
        last = line;
      }
    };
    xhr.onerror = () => fail(0, 'The server could not be reached: check the connection, then try again.');
    xhr.onload = () => {
      const streamed = xhr.getResponseHeader('content-type')?.startsWith('application/x-ndjson');
      let answer: AnswerLine;
      try {
        if (streamed) {
          for (const line of lines()) last = line;
          answer = last ?? {};
        } else {
          const body = JSON.parse(xhr.responseText) as ImportView & { message?: string; statusCode?: number };
          answer =
            xhr.status === 200
              ? { result: body }
              : { error: { statusCode: xhr.status, message: body.message ?? xhr.statusText } };
        }
      } catch {
        return fail(xhr.status, `The server answered ${xhr.status} ${xhr.statusText}, not a report.`);
      }
      if (answer.result) resolve(answer.result);
      else if (answer.error) fail(answer.error.statusCode, answer.error.message);
      else
        fail(
          xhr.status,
          'The import was cut off before it answered: check the items, then import again (the same sheet changes nothing twice).',
        );
    };
    xhr.send(JSON.stringify(request));
  });
}

const importPath = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}/items/import`;

export const itemImportApi = {
  check: (tenantId: string, request: ImportRequest, onProgress: (progress: ImportProgress) => void) =>
    postWithProgress(`${importPath(tenantId)}/check`, request, onProgress),
  /** The catalogue as a spreadsheet with the columns the import reads back (the console's session cookie goes with it). */
  exportHref: (tenantId: string, format: 'csv' | 'xlsx') =>
    `${importPath(tenantId).replace(/\/import$/, '')}/export.${format}`,
  run: (tenantId: string, request: ImportRequest, onProgress: (progress: ImportProgress) => void) =>
    postWithProgress(importPath(tenantId), request, onProgress),
};

/** The dry run's problems as a CSV the user downloads (`file:row:column`, header, cell, problem). */
export function problemsCsv(problems: readonly ImportProblem[]): string {
  const quote = (cell: string) => {
    const text = inertCell(cell);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = [
    ['File', 'Row', 'Column', 'Header', 'Cell', 'Problem'],
    ...problems.map((problem) => [
      problem.file,
      String(problem.row),
      String(problem.column ?? ''),
      problem.header ?? '',
      problem.cell ?? '',
      problem.message,
    ]),
  ];
  return `\ufeff${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}
