/**
 * What a quote request must agree on with the catalogue and the calendar, beyond its schema: each
 * item is one of this tenant's, asked for no more than it has, and the rental starts no earlier
 * than `maxRequestLeadTimeDays` days ahead, counted in the vendor's time zone (a request made at
 * 11 pm in Los Angeles counts from that day, not from the next day in UTC), and ends on or after
 * it starts, lasts at most `maxHireDays` and ends within `bookingHorizonDays` of today (so the
 * calendar stays bounded). Pure and browser-safe: the server decides, the storefront's form says the same first.
 */
import type { Item, QuoteRequestInput } from '../types.generated';

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
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dateFormats.size < 1000) dateFormats.set(timezone, format);
  }
  return format.format(now);
}

/** A date (YYYY-MM-DD) `days` days after another, by the calendar. */
export function addDays(date: string, days: number): string {
  return new Date(dayNumber(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** How many days from `from` to `to`, both counted (0 when `to` is before `from`), without listing them. */
export function dayCount(from: string, to: string): number {
  return Math.max(0, Math.round((dayNumber(to) - dayNumber(from)) / 86_400_000) + 1);
}

/** A date's midnight UTC in milliseconds (setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999). */
const dayNumber = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at.getTime();
};

/** The first day a rental may start, asked now: the vendor's today plus the lead time. */
export function earliestStart(timezone: string, leadDays: number, now: Date): string {
  return addDays(todayIn(timezone, now), leadDays);
}

/** The last day a hire may end, asked now: the vendor's today plus the booking horizon. */
export function latestEnd(timezone: string, horizonDays: number, now: Date): string {
  return addDays(todayIn(timezone, now), horizonDays);
}

/** A hire's last day before its first: said at the last day, in one set of words for every form. */
export const endBeforeStart = (input: { startDate: string; endDate: string }) =>
  input.endDate < input.startDate ? { pointer: '/endDate', message: 'must be on or after the first day' } : undefined;

/**
 * The day that has ended everywhere on Earth ("anywhere on Earth", UTC−12) before `now`'s: a
 * request that starts before it starts in the past wherever its houses are.
 */
export const pastEverywhere = (now: Date) => addDays(todayIn('Etc/GMT+12', now), -1);

export function checkQuoteRequest(
  input: QuoteRequestInput,
  context: {
    items: ReadonlyMap<string, Pick<Item, 'objectID' | 'quantity'>>;
    /** How many of each item are free on the request's dates (the server knows; a form may not). */
    free?: ReadonlyMap<string, number>;
    /** For an item short on the dates: the first day the same length of hire has enough free (the server knows). */
    freeAgain?: ReadonlyMap<string, string>;
    timezone: string;
    leadDays: number;
    /** The most days one hire may last (site.maxHireDays). */
    maxHireDays: number;
    /** How far ahead of today a hire may end (site.bookingHorizonDays). */
    horizonDays: number;
    now: Date;
  },
): QuoteFinding[] {
  const findings: QuoteFinding[] = [];
  input.items.forEach((line, index) => {
    const item = context.items.get(line.objectID);
    if (!item)
      findings.push({
        pointer: `/items/${index}/objectID`,
        message: `no item ${JSON.stringify(line.objectID)} in this catalogue`,
      });
    // More than its own stock may still be free on the dates, with stock hired in: then the free count says.
    else if (line.quantity > item.quantity && !((context.free?.get(line.objectID) ?? 0) > item.quantity))
      findings.push({ pointer: `/items/${index}/quantity`, message: `only ${item.quantity} in stock` });
    else if (line.quantity > (context.free?.get(line.objectID) ?? item.quantity))
      findings.push({
        pointer: `/items/${index}/quantity`,
        message: `only ${context.free!.get(line.objectID)} free from ${input.startDate} to ${input.endDate}: the rest are held for other hires${
          context.freeAgain?.get(line.objectID)
            ? `. From ${context.freeAgain.get(line.objectID)}, ${line.quantity} ${line.quantity === 1 ? 'is' : 'are'} free for as many days`
            : ''
        }`,
      });
    const first = input.items.findIndex((other) => other.objectID === line.objectID);
    if (first !== index)
      findings.push({
        pointer: `/items/${index}/objectID`,
        message: `is also line ${first + 1}: ask for one line per item`,
      });
  });
  const earliest = earliestStart(context.timezone, context.leadDays, context.now);
  if (input.startDate < earliest)
    findings.push({
      pointer: '/startDate',
      message: `must be ${earliest} or later (${context.leadDays} days' notice, counted in the vendor's time zone)`,
    });
  const latest = latestEnd(context.timezone, context.horizonDays, context.now);
  const backwards = endBeforeStart(input);
  if (backwards) findings.push(backwards);
  else if (dayCount(input.startDate, input.endDate) > context.maxHireDays)
    findings.push({
      pointer: '/endDate',
      message: `must be at most ${context.maxHireDays} days after the first day, both counted: split a longer hire into requests`,
    });
  else if (input.endDate > latest)
    findings.push({
      pointer: '/endDate',
      message: `must be ${latest} or earlier: hires are booked up to ${context.horizonDays} days ahead`,
    });
  return findings;
}
