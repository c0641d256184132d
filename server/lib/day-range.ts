/**
 * A range of days asked for in an address (a calendar, the planner, a report): each day by the
 * schema's one date rule (a bad one is a 400 naming `from` or `to`), and the range itself checked
 * here, in one set of words for every route.
 */
import { schemaIds } from '../../schema/documents';
import { dayCount } from '../../schema/rental/quote-rules';

/** A day in a query string, by the schema's calendarDate. */
export const dayParam = { $ref: `${schemaIds.defs}#/$defs/calendarDate` } as const;

export class DayRangeError extends Error {
  readonly statusCode = 400;
}

/** The range as asked, or a 400 when it runs backwards or past `maxDays`. */
export function checkedDays(from: string, to: string, maxDays: number): { from: string; to: string } {
  if (to < from || dayCount(from, to) > maxDays)
    throw new DayRangeError(`Ask for ${maxDays} days or fewer, from a first day to a later last day.`);
  return { from, to };
}
