/**
 * A visitor's shoot dates: set once, kept in the address as `from` and `to` (a shared link keeps
 * them) and remembered for the browser session, so every catalogue page and item page can say
 * how many are free. Whatever an address holds is checked here: real dates, the first on or before
 * the last, at most MAX_RANGE_DAYS long; anything else is no dates. Used by the server and the
 * client alike.
 */
import { calendarDateMessage, isCalendarDate } from '../calendar-date';
import { dayCount } from './quote-rules';

export interface RentalDates {
  from: string;
  to: string;
}

export const MAX_RANGE_DAYS = 92;
const STORAGE_KEY = 'backlot.rentalDates';

/** The dates an address names, when they make a usable range. */
export function parseRentalDates(params: URLSearchParams): RentalDates | undefined {
  const from = params.get('from');
  const to = params.get('to');
  if (!isCalendarDate(from) || !isCalendarDate(to) || to < from || dayCount(from, to) > MAX_RANGE_DAYS)
    return undefined;
  return { from, to };
}

/** Why the dates an address names were set aside (a page says so and shows no dates), or nothing when they are usable or absent. */
export function ignoredDatesReason(params: URLSearchParams): string | undefined {
  const from = params.get('from');
  const to = params.get('to');
  if ((from === null && to === null) || parseRentalDates(params)) return undefined;
  if (!isCalendarDate(from)) return `“from” ${calendarDateMessage}`;
  if (!isCalendarDate(to)) return `“to” ${calendarDateMessage}`;
  if (to < from) return '“to” is before “from”';
  return `they span more than ${MAX_RANGE_DAYS} days`;
}

/** `params` with these dates (or none) in them, other parameters kept. */
export function withRentalDates(params: URLSearchParams, dates: RentalDates | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('from');
  next.delete('to');
  if (dates) {
    next.set('from', dates.from);
    next.set('to', dates.to);
  }
  return next;
}

/** The dates remembered for this browser session (none on the server, or if storage is refused). */
export function rememberedDates(): RentalDates | undefined {
  return remembered()?.dates;
}

/** Whether "only what is free" was on with the remembered dates. */
export function rememberedAvailableOnly(): boolean {
  return remembered()?.availableOnly ?? false;
}

function remembered(): { dates: RentalDates; availableOnly: boolean } | undefined {
  try {
    const params = new URLSearchParams(window.sessionStorage.getItem(STORAGE_KEY) ?? '');
    const dates = parseRentalDates(params);
    return dates && { dates, availableOnly: params.get('available') === '1' };
  } catch {
    return undefined;
  }
}

/** Remembers the dates (and whether only what is free on them is shown) for the session. */
export function rememberDates(dates: RentalDates | undefined, availableOnly = false): void {
  try {
    const params = withRentalDates(new URLSearchParams(), dates);
    if (availableOnly) params.set('available', '1');
    if (dates) window.sessionStorage.setItem(STORAGE_KEY, params.toString());
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, a full quota): the dates still travel in the address.
  }
}

/** The dates this page's address names, else the session's (browser only). */
export function currentDates(): RentalDates | undefined {
  if (typeof window === 'undefined') return undefined;
  return parseRentalDates(new URLSearchParams(window.location.search)) ?? rememberedDates();
}
