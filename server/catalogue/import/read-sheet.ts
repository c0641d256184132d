/**
 * A prop house's spreadsheet read into a header and rows of text, whatever wrote it:
 * - CSV (csv-parse): UTF-8 with or without a byte-order mark, UTF-16 with one, else Windows-1252
 *   (what Excel on Windows saves "CSV" as); the delimiter guessed from the first lines (comma,
 *   semicolon, tab or pipe) unless told; quoted line breaks kept in their cell.
 * - XLSX (read-excel-file): the first sheet, or the one named; formulas read as the value the
 *   spreadsheet computed (never evaluated here); a merged cell's value in its first cell only.
 *   The ZIP's directory is read first (yauzl): a workbook that would unpack past a limit (a ZIP
 *   bomb) is refused before anything is unpacked.
 * The header is the first row with any text. Every answer is a sheet or a problem in words.
 */
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { sheetSizeProblem } from '../../../schema/item-import';
import { liveCell } from '../../../schema/spreadsheet-cells';
import yauzl from 'yauzl';
import type { CellValue } from 'read-excel-file/node';

export interface Sheet {
  /** The sheet read (a workbook's tab name; "CSV" for a CSV file). */
  name: string;
  headers: string[];
  /** Each data row's cells as text, as many as the headers (short rows padded). */
  rows: string[][];
  /** The sheet's row number (1-based) of each data row, for the report. */
  rowNumbers: number[];
  /** How a CSV was read. */
  encoding?: string;
  delimiter?: string;
}

export type SheetRead = { sheet: Sheet } | { problem: string };

/** The largest spreadsheet taken (a catalogue of 100,000 rows with long descriptions is about 60 MB): schema/item-import.ts, shared with the console. */
export { MAX_SHEET_BYTES } from '../../../schema/item-import';
/** The most data rows taken in one import. */
export const MAX_SHEET_ROWS = 100_000;
/** The most a workbook may unpack to, and the most it may grow by (a ZIP bomb unpacks a thousandfold or more). */
const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
const MAX_UNPACK_RATIO = 200;

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The text of a CSV's bytes, and the encoding it was read in. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8 (with BOM)' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16BE' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    // Node's own TextDecoder reads 0x80–0x9F as Latin-1 controls, losing Excel's “ ” — € (iconv-lite has the real table).
    return { text: iconv.decode(Buffer.from(bytes), 'win1252'), encoding: 'Windows-1252' };
  }
}

/** The delimiter that splits the first lines into the most columns, the same number on each (outside quotes). */
export function guessDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .slice(0, 20);
  const count = (line: string, delimiter: string) => line.replace(/"[^"]*"/g, '').split(delimiter).length - 1;
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => count(line, delimiter));
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    // Columns on the header line, weighted by how many lines agree with it.
    const score = first * counts.filter((value) => value === first).length;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** Whether these bytes are a ZIP (an XLSX workbook is one). */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Why a ZIP would unpack too far (its directory's sizes summed), or undefined. */
export function zipBombProblem(bytes: Buffer): Promise<string | undefined> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false }, (error, zip) => {
      if (error || !zip) return resolve(`is not a readable ZIP: ${error?.message ?? 'no entries'}`);
      let unpacked = 0;
      let entries = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        unpacked += entry.uncompressedSize;
        entries += 1;
        if (
          entries > 100_000 ||
          unpacked > MAX_UNPACKED_BYTES ||
          unpacked > Math.max(bytes.length, 1024 * 1024) * MAX_UNPACK_RATIO
        ) {
          zip.close();
          return resolve(
            `would unpack to ${(unpacked / 1024 / 1024).toFixed(0)} MB or more from ${(bytes.length / 1024 / 1024).toFixed(1)} MB: refused as a ZIP bomb`,
          );
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(undefined));
      zip.on('error', (failure: Error) => resolve(`is not a readable ZIP: ${failure.message}`));
      zip.readEntry();
    });
  });
}

/** A cell as text: numbers as written (no exponent for ordinary sizes), dates as YYYY-MM-DD. */
function cellText(value: CellValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
  return String(value).trim();
}

/** The header (the first row with text) and the rows under it, padded to the header's width. */
function sheetOf(name: string, table: ReadonlyArray<ReadonlyArray<string>>, extra: Partial<Sheet> = {}): SheetRead {
  const headerIndex = table.findIndex((row) => row.some((cell) => cell.trim()));
  if (headerIndex === -1) return { problem: 'is empty: no header row and no items' };
  const headers = table[headerIndex]!.map((cell, index) => cell.trim() || `Column ${index + 1}`);
  const seen = new Map<string, number>();
  for (const header of headers) seen.set(header.toLowerCase(), (seen.get(header.toLowerCase()) ?? 0) + 1);
  const twice = [...seen].find(([, count]) => count > 1);
  if (twice)
    return {
      problem: `has the column ${JSON.stringify(twice[0])} twice in its header row (row ${headerIndex + 1}): rename one`,
    };
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  for (let index = headerIndex + 1; index < table.length; index++) {
    const row = table[index]!;
    if (!row.some((cell) => cell.trim())) continue;
    if (rows.length >= MAX_SHEET_ROWS)
      return {
        problem: `has more than ${MAX_SHEET_ROWS.toLocaleString('en')} rows: split it into files of at most that many`,
      };
    if (row.length > headers.length && row.slice(headers.length).some((cell) => cell.trim()))
      return {
        problem: `row ${index + 1} has ${row.length} cells but the header has ${headers.length}: a delimiter inside an unquoted cell, or a missing header`,
      };
    rows.push(headers.map((_, column) => (row[column] ?? '').trim()));
    rowNumbers.push(index + 1);
  }
  if (!rows.length) return { problem: `has a header row (${headers.slice(0, 6).join(', ')}) but no items under it` };
  return { sheet: { name, headers, rows, rowNumbers, ...extra } };
}

/** Reads a CSV file's bytes. */
export function readCsv(bytes: Uint8Array, delimiter?: string): SheetRead {
  if (bytes.length === 0) return { problem: 'is empty (0 bytes)' };
  const { text, encoding } = decodeText(bytes);
  const used = delimiter ?? guessDelimiter(text);
  try {
    const table: string[][] = parse(text, {
      delimiter: used,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
    });
    return sheetOf(
      'CSV',
      table.map((row) => row.map(liveCell)),
      { encoding, delimiter: used },
    );
  } catch (error) {
    const { lines } = error as { lines?: number };
    return {
      problem: `is not readable CSV${lines ? ` at line ${lines}` : ''}: ${(error as Error).message.replace(/^Invalid Opening Quote: /, '')}`,
    };
  }
}

/** Reads an XLSX workbook's bytes: the first sheet, or the one named. */
export async function readXlsx(bytes: Buffer, sheetName?: string): Promise<SheetRead> {
  const bomb = await zipBombProblem(bytes);
  if (bomb) return { problem: bomb };
  const { default: readXlsxFile } = await import('read-excel-file/node');
  let sheets: Array<{ sheet: string; data: ReadonlyArray<ReadonlyArray<CellValue | null>> }>;
  try {
    sheets = await readXlsxFile(bytes);
  } catch (error) {
    return { problem: `is not a readable XLSX workbook: ${(error as Error).message}` };
  }
  const sheet = sheetName === undefined ? sheets[0] : sheets.find((candidate) => candidate.sheet === sheetName);
  if (!sheet)
    return {
      problem: `has no sheet named ${JSON.stringify(sheetName)} (it has ${sheets.map((candidate) => JSON.stringify(candidate.sheet)).join(', ')})`,
    };
  return sheetOf(
    sheet.sheet,
    sheet.data.map((row) => row.map(cellText)),
  );
}

/** Reads a spreadsheet by what its bytes are (an XLSX is a ZIP; anything else is read as CSV). */
export async function readSheet(
  bytes: Buffer,
  options: { delimiter?: string; sheet?: string } = {},
): Promise<SheetRead> {
  const tooLarge = sheetSizeProblem(bytes.length);
  if (tooLarge) return { problem: tooLarge };
  if (isZip(bytes)) return readXlsx(bytes, options.sheet);
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf)
    return { problem: 'is an old Excel workbook (.xls): save it as .xlsx or CSV and import that' };
  return readCsv(bytes, options.delimiter);
}
