/**
 * A spreadsheet's cells read as people write them, for the catalogue import: money ("$1,225.00",
 * "225/day", "£1.225,50"), counts ("4 ea", "x4"), sizes ("61 x 32 x 43 in", "155 × 81 × 109 cm"),
 * weights ("12 lb", "5.5 kg"), lists ("Brown; Beige", "vintage, hero prop") and slugs. Each answers
 * a value, or a problem in words that the report shows beside the cell's own text. Pure.
 */

export type Read<T> = { value: T } | { problem: string };

const CM_PER_IN = 2.54;
const KG_PER_LB = 0.45359237;

/** A number as a spreadsheet exported it: thousands separators, a decimal comma, currency signs and units around it. */
function numberIn(text: string): number | undefined {
  // Keep digits and separators of the first number in the text ("$1,225.00/day", "225 USD").
  const match = /-?\d[\d.,' \u00a0\u202f]*/.exec(text);
  if (!match) return undefined;
  let digits = match[0].trim().replace(/[' \u00a0\u202f]/g, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma > lastDot) {
    // "1.225,50" or "225,5": a decimal comma when it has one or two digits after it, else a thousands separator ("1,225").
    const decimals = digits.length - lastComma - 1;
    digits = decimals === 3 && lastDot === -1 ? digits.replace(/,/g, '') : digits.replace(/\./g, '').replace(',', '.');
  } else digits = digits.replace(/,/g, '');
  const value = Number(digits);
  return Number.isFinite(value) ? value : undefined;
}

/** Money: a non-negative amount with at most two decimals ("$1,225.00", "225/day", "£75 per week"). */
export function readMoney(text: string): Read<number> {
  const value = numberIn(text);
  if (value === undefined) return { problem: 'is not an amount (write it as 225 or $225.00)' };
  if (value < 0) return { problem: 'is below zero' };
  return { value: Math.round(value * 100) / 100 };
}

/** A count of things: a whole number, with a unit word around it or not ("4", "4 ea", "x4", "qty 4"). */
export function readCount(text: string): Read<number> {
  const value = numberIn(text);
  if (value === undefined) return { problem: 'is not a number of items (write it as 4 or 4 ea)' };
  if (!Number.isInteger(value) || value < 0) return { problem: 'must be a whole number, 0 or more' };
  return { value };
}

/** A weight in pounds, from pounds or kilograms ("12 lb", "12lbs", "5.5 kg"): no unit means pounds. */
export function readWeightLb(text: string): Read<number> {
  const value = numberIn(text);
  if (value === undefined || value < 0) return { problem: 'is not a weight (write it as 12 lb or 5.5 kg)' };
  const pounds = /\bkg|kilo/i.test(text) ? value / KG_PER_LB : value;
  return { value: Math.round(pounds * 10) / 10 };
}

/**
 * Width, depth and height in inches, from "61 x 32 x 43 in", "61" x 32" x 43"", "155 × 81 × 109 cm"
 * or "W 61 D 32 H 43": three numbers in that order; "cm" or "mm" anywhere converts them.
 */
export function readDimensions(text: string): Read<{ widthIn: number; depthIn: number; heightIn: number }> {
  const numbers = [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((found) => Number(found[0].replace(',', '.')));
  if (numbers.length !== 3) return { problem: 'needs three sizes, width x depth x height (61 x 32 x 43 in)' };
  const factor = /\bmm\b/i.test(text) ? 1 / (CM_PER_IN * 10) : /\bcm\b/i.test(text) ? 1 / CM_PER_IN : 1;
  const [widthIn, depthIn, heightIn] = numbers.map((number) => Math.round(number * factor * 10) / 10) as [
    number,
    number,
    number,
  ];
  if (Math.max(widthIn, depthIn, heightIn) > 5000) return { problem: 'is larger than 5,000 inches on a side' };
  return { value: { widthIn, depthIn, heightIn } };
}

/** A list in one cell: split at semicolons, pipes, line breaks, or commas when there are no others ("Brown; Beige"). */
export function readList(text: string): string[] {
  const separator = /[;|\n]/.test(text) ? /[;|\n]+/ : /,/;
  return [
    ...new Set(
      text
        .split(separator)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** Whether a cell holds nothing (blank, or a dash or "n/a" people use for nothing). */
export const isBlank = (text: string | undefined) =>
  text === undefined || /^\s*(?:-+|—|n\/?a|none|null)?\s*$/i.test(text);
