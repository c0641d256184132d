/**
 * What a spreadsheet import reports, as the server works it out (server/catalogue/import/), the
 * CLI prints it and the console shows it: each problem located in the sheet, and the plan in keys
 * and counts. Browser-safe types and one pure function.
 */

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
  addedCategories: string[];
  unknownCategories: Array<{ text: string; rows: number[]; nearest?: string }>;
  photos: number;
  /** Items the sheet does not list that the import removes (only when asked). */
  remove: string[];
}

export function importSummary(
  plan: Omit<ImportSummary, 'create' | 'update' | 'photos'> & { create: ReadonlyArray<{ objectID: string }>; update: ReadonlyArray<{ objectID: string }>; photos: readonly unknown[] },
): ImportSummary {
  return {
    rows: plan.rows,
    create: plan.create.map((item) => item.objectID),
    update: plan.update.map((item) => item.objectID),
    unchanged: plan.unchanged,
    refused: plan.refused,
    problems: plan.problems,
    addedCategories: plan.addedCategories,
    unknownCategories: plan.unknownCategories,
    photos: plan.photos.length,
    remove: plan.remove,
  };
}
