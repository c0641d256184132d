/**
 * What a spreadsheet import reports, as the server works it out (server/catalogue/import/), the
 * CLI prints it and the console shows it: each problem located in the sheet, and the plan in keys
 * and counts. Browser-safe types and one pure function.
 */

/** The largest spreadsheet an import reads, from the CLI or the console. */
export const MAX_SHEET_BYTES = 100 * 1024 * 1024;
/** The largest ZIP of photos the console sends (a larger photo library goes through the CLI, which reads a folder as it is). */
export const MAX_CONSOLE_PHOTOS_BYTES = 150 * 1024 * 1024;

/** A file's size against a limit, in megabytes people read ("is 210 MB; … at most 150 MB"), or undefined when it fits. */
export function sizeProblem(bytes: number, limit: number, what: string, advice: string): string | undefined {
  if (bytes <= limit) return undefined;
  const megabytes = bytes / 1024 / 1024;
  return `is ${megabytes >= 10 ? Math.ceil(megabytes) : megabytes.toFixed(1)} MB; ${what} takes at most ${limit / 1024 / 1024} MB: ${advice}`;
}

/** Why a spreadsheet is too large to import, or undefined. */
export const sheetSizeProblem = (bytes: number) =>
  sizeProblem(bytes, MAX_SHEET_BYTES, 'an import', 'split it, or leave the photos out of it');

/** Why a ZIP of photos is too large for the console, or undefined. */
export const consolePhotosSizeProblem = (bytes: number) =>
  sizeProblem(
    bytes,
    MAX_CONSOLE_PHOTOS_BYTES,
    'the console',
    'split it, or import from the CLI with --photos <folder>',
  );

/** One problem, at the sheet's row (1-based, as the spreadsheet numbers it) and column, with the cell's text. */
export interface ImportProblem {
  file: string;
  row: number;
  /** The column's header and its 1-based index; none for a row-wide problem. */
  header?: string;
  column?: number;
  message: string;
  cell?: string;
}

/** The plan in keys and counts: what would be created, updated, left alone and refused, and why. */
export interface ImportSummary {
  rows: number;
  create: string[];
  update: string[];
  unchanged: string[];
  refused: Array<{ row: number; key: string }>;
  problems: ImportProblem[];
  /** What was read a way the sheet may not mean (another currency's sign, a blank quantity taken as 1, an id made from the name, a formula kept as text): imported, and said. */
  warnings: ImportProblem[];
  addedCategories: string[];
  unknownCategories: Array<{ text: string; rows: number[]; nearest?: string }>;
  photos: number;
  /** Items the sheet does not list that the import removes (only when asked). */
  remove: string[];
  /** Units made for asset tags the tenant does not have yet. */
  unitsToAdd: number;
  /** Asset tags of units in stock their rows no longer list, retired (only when asked). */
  unitsToRetire: string[];
}

export function importSummary(
  plan: Omit<ImportSummary, 'create' | 'update' | 'photos' | 'unitsToAdd' | 'unitsToRetire'> & {
    create: ReadonlyArray<{ objectID: string }>;
    update: ReadonlyArray<{ objectID: string }>;
    photos: readonly unknown[];
    units: readonly unknown[];
    retire: ReadonlyArray<{ tag: string }>;
  },
): ImportSummary {
  return {
    rows: plan.rows,
    create: plan.create.map((item) => item.objectID),
    update: plan.update.map((item) => item.objectID),
    unchanged: plan.unchanged,
    refused: plan.refused,
    problems: plan.problems,
    warnings: plan.warnings,
    addedCategories: plan.addedCategories,
    unknownCategories: plan.unknownCategories,
    photos: plan.photos.length,
    remove: plan.remove,
    unitsToAdd: plan.units.length,
    unitsToRetire: plan.retire.map((unit) => unit.tag),
  };
}
