/**
 * The one rule for a date a person or an address sends (defs.schema.json#/$defs/calendarDate): a
 * real day, written YYYY-MM-DD, from 2000-01-01 to 2199-12-31. The schema checks bodies and query
 * strings through Ajv; this reads the same rule for code that meets a date outside a schema (a
 * page's address, a form before it is sent), so both refuse the same dates with the same words.
 * Browser-safe: it imports the shared definitions only.
 */
import defs from './defs.schema.json' with { type: 'json' };
import { addDays } from './rental/quote-rules';

const rule = defs.$defs.calendarDate;
const pattern = new RegExp(rule.pattern);

/** What is wrong with a date that breaks the rule, as the schema says it. */
export const calendarDateMessage: string = rule.errorMessage;

/** Whether `value` is a date the rule admits (a real day: 2026-02-30 is not). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && pattern.test(value) && addDays(value, 0) === value;
}
