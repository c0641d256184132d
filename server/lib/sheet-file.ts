/**
 * A table as a spreadsheet file's bytes: CSV (UTF-8 with its byte-order mark, so Excel reads the
 * accents; a text cell a spreadsheet would run as a formula starts with an apostrophe) or XLSX
 * (numbers typed as numbers, text as text, the header bold and kept in view).
 */
import { stringify } from 'csv-stringify/sync';
import { inertCell } from '../../schema/spreadsheet-cells';

export type SheetFormat = 'csv' | 'xlsx';
export type SheetCell = string | number;

export async function sheetFile(
  headers: readonly string[],
  rows: ReadonlyArray<readonly SheetCell[]>,
  format: SheetFormat,
  sheet: string,
): Promise<Buffer> {
  if (format === 'csv')
    return Buffer.from(
      `\ufeff${stringify([headers, ...rows.map((row) => row.map((cell) => (typeof cell === 'string' ? inertCell(cell) : cell)))])}`,
      'utf8',
    );
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const data = [
    headers.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((value) =>
        typeof value === 'number' ? { value, type: Number } : { value: value === '' ? null : value, type: String },
      ),
    ),
  ];
  return writeXlsxFile(data as never, { sheet, stickyRowsCount: 1 }).toBuffer();
}
