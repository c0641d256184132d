/**
 * What a quote request must agree on with the catalogue and the calendar, beyond its schema: each
 * item is one of this tenant's, asked for no more than it has, and the rental starts no earlier
 * than `maxRequestLeadTimeDays` days ahead, counted in the vendor's time zone (a request made at
 * 11 pm in Los Angeles counts from that day, not from the next day in UTC), and ends on or after
 * it starts. Pure and browser-safe: the server decides, the storefront's form says the same first.
 */
import type { Item, QuoteRequestInput } from './types.generated';

export interface QuoteFinding {
  /** JSON pointer into the request (`/items/0/quantity`, `/startDate`). */
  pointer: string;
  message: string;
}

/** One formatter per time zone: making one costs more than a page's availability (measured). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) where the vendor is. */
export function todayIn(timezone: string, now: Date): string {
  let format = dateFormats.get(timezone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dateFormats.size < 1000) dateFormats.set(timezone, format);
  }
  return format.format(now);
}

/** A date (YYYY-MM-DD) `days` days after another, by the calendar. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The first day a rental may start, asked now: the vendor's today plus the lead time. */
export function earliestStart(timezone: string, leadDays: number, now: Date): string {
  return addDays(todayIn(timezone, now), leadDays);
}

export function checkQuoteRequest(
  input: QuoteRequestInput,
  context: {
    items: ReadonlyMap<string, Pick<Item, 'objectID' | 'quantity'>>;
    /** How many of each item are free on the request's dates (the server knows; a form may not). */
    free?: ReadonlyMap<string, number>;
    timezone: string;
    leadDays: number;
    now: Date;
  },
): QuoteFinding[] {
  const findings: QuoteFinding[] = [];
  input.items.forEach((line, index) => {
    const item = context.items.get(line.objectID);
    if (!item) findings.push({ pointer: `/items/${index}/objectID`, message: `no item ${JSON.stringify(line.objectID)} in this catalogue` });
    else if (line.quantity > item.quantity) findings.push({ pointer: `/items/${index}/quantity`, message: `only ${item.quantity} in stock` });
    else if (line.quantity > (context.free?.get(line.objectID) ?? item.quantity))
      findings.push({ pointer: `/items/${index}/quantity`, message: `only ${context.free!.get(line.objectID)} free from ${input.startDate} to ${input.endDate}: the rest are held for other hires` });
    const first = input.items.findIndex((other) => other.objectID === line.objectID);
    if (first !== index) findings.push({ pointer: `/items/${index}/objectID`, message: `is also line ${first + 1}: ask for one line per item` });
  });
  const earliest = earliestStart(context.timezone, context.leadDays, context.now);
  if (input.startDate < earliest) findings.push({ pointer: '/startDate', message: `must be ${earliest} or later (${context.leadDays} days' notice, counted in the vendor's time zone)` });
  if (input.endDate < input.startDate) findings.push({ pointer: '/endDate', message: 'must be on or after the first day' });
  return findings;
}
