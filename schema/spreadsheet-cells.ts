/**
 * Text cells in a CSV a spreadsheet opens: every line that would start a formula (=, +, -, @, a tab)
 * begins with an apostrophe, so the spreadsheet shows it as text and runs nothing; an import takes
 * the apostrophe off again. Pure and browser-safe: the server's exports and imports and the
 * console's downloads use the same pair.
 */

/** A line (the field's first, or any after a CR or LF) that starts as a formula would. */
const FORMULA_LINE = /(^|[\r\n])([=+\-@\t])/g;

/** A text cell as a spreadsheet may safely open it. */
export const inertCell = (text: string) => text.replace(FORMULA_LINE, "$1'$2");

/** A cell as it was before inertCell guarded it. */
export const liveCell = (text: string) => text.replace(/(^|[\r\n])'([=+\-@\t])/g, '$1$2');
