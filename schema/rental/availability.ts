/**
 * How many of an item are free on given days: its stock, less what holds and orders on those days
 * take. A booking takes its quantity from its first day to its last, and the tenant's turnaround
 * days before and after (pulling, checking, cleaning), so two hires of the last unit are always
 * `turnaroundDays` apart. Pencilled holds lapse after the day their quote expires.
 *
 * Stock off the shelf counts the same way, as bookings of their own kinds that run until removed
 * (lastDay OPEN_END): units in repair (`repair`) and lost or retired ones (`lost`). And units out
 * on an order past its last day (its booking's `out`) take stock on every day until they are back:
 * an overdue hire blocks every later window, and the hires it now collides with show at once.
 *
 * Units of an order that go out before its booking starts (its first day less the turnaround: a
 * prep day, or a production that collects early) take stock from the day they leave, as a row of
 * their own (`outEarly`, from that day to the day before the booking) beside the order's.
 *
 * Stock hired in from another house (`subHire`, issue 39) counts the other way: it adds its
 * quantity from its first day to its last (it arrives ready and goes back after, so no turnaround),
 * and a hire placed on those days may take it like the house's own.
 *
 * Pure: the stores run it inside their transactions (so a placement is checked against what is
 * stored at that instant) and the server runs it for pages; the browser only ever gets its numbers.
 */
import { addDays, dayCount } from './quote-rules';
import type { HoldKind } from './quote-states';

/**
 * A hold or an order (a request's), stock off the shelf (in repair, or lost: retired units too), an
 * order's units out early, stock hired in, or stock moved between stores (stores.ts).
 */
export type BookingKind =
  Exclude<HoldKind, 'none'> | 'repair' | 'lost' | 'outEarly' | 'subHire' | 'transferOut' | 'transferIn';

export interface Booking {
  quoteId: string;
  objectID: string;
  quantity: number;
  firstDay: string;
  lastDay: string;
  kind: BookingKind;
  /** A pencil's last day: its hold's, or the day its quote stops being acceptable if sooner. */
  expiresOn?: string;
  /** A pencil's placing (an ISO instant): earlier holds rank ahead (schema/rental/holds.ts). */
  heldAt?: string;
  /** An order's units out with the client now: past the last day, they take stock until they are back. */
  out?: number;
  /** Whose hire or hold it is (its production, else its visitor), for the planner's bars. */
  who?: string;
  /** The store whose stock it takes (the house's main store when it names none: stores.ts). */
  store?: string;
}

/** The last day a stored date can be: what stock off the shelf, and units overdue, run until. */
export const OPEN_END = '2199-12-31';

/** Whether a row is stock off the shelf rather than a hire (no turnaround around it). */
export const isOffShelf = (booking: Pick<Booking, 'kind'>) => booking.kind === 'repair' || booking.kind === 'lost';

/** Whether a row is an order's units out before its booking starts (its key names the order: `outEarly:<orderId>:<objectID>`). */
export const isOutEarly = (booking: Pick<Booking, 'kind'>) => booking.kind === 'outEarly';

/** The order a row of units out early belongs to. */
export const orderOfOutEarly = (booking: Pick<Booking, 'quoteId'>) => booking.quoteId.split(':')[1] ?? '';

/** Whether a row keeps no turnaround around it: stock off the shelf or sent to another store, and units out early (their order's own booking has it). */
const unpadded = (booking: Pick<Booking, 'kind'>) =>
  isOffShelf(booking) || isOutEarly(booking) || booking.kind === 'transferOut';

/** The days a row keeps stock back before and after its own (its turnaround, or none), and whether it gives stock instead (hired in has none either). */
export const padOf = (booking: Pick<Booking, 'kind'>, turnaroundDays: number) =>
  unpadded(booking) || givesStock(booking) ? 0 : turnaroundDays;

/** Whether a row is stock hired in from another house: it adds to what is free instead of taking. */
export const isHiredIn = (booking: Pick<Booking, 'kind'>) => booking.kind === 'subHire';

/** Rows (bookings, units) at one store: their own, or the house's main store when they name none (stores.ts). */
export const atStore =
  (store: string, main: string) =>
  (row: { store?: string }): boolean =>
    (row.store ?? main) === store;

/** Whether a row is half of a transfer between stores (stores.ts). */
export const isTransfer = (booking: Pick<Booking, 'kind'>) =>
  booking.kind === 'transferOut' || booking.kind === 'transferIn';

/** Whether a row adds stock over its days: hired in, or arrived from another store. */
export const givesStock = (booking: Pick<Booking, 'kind'>) => isHiredIn(booking) || booking.kind === 'transferIn';

/** The most an item can have on any day: its own stock and everything hired in, whenever. */
export const mostEver = (stock: number, bookings: readonly Booking[]) =>
  stock + bookings.reduce((total, booking) => total + (givesStock(booking) ? booking.quantity : 0), 0);

/** The most of an item hired in on any day of [from, to]: what it can have on those dates beyond its own stock. */
export function hiredInOver(bookings: readonly Booking[], from: string, to: string): number {
  const rows = bookings.filter((booking) => isHiredIn(booking) && booking.firstDay <= to && booking.lastDay >= from);
  // The total only rises on a row's first day (or the range's): those are the days to count.
  const days = new Set([from, ...rows.map((row) => (row.firstDay < from ? from : row.firstDay))]);
  return Math.max(
    0,
    ...[...days].map((day) =>
      rows.reduce((sum, row) => sum + (row.firstDay <= day && row.lastDay >= day ? row.quantity : 0), 0),
    ),
  );
}

/** The last day a booking can take stock: its last day, or OPEN_END while any of it is out (it may come back late). */
export const reachOf = (booking: Pick<Booking, 'lastDay' | 'out'>) => (booking.out ? OPEN_END : booking.lastDay);

/** Whether a booking can take stock on some day of [from, to]: what the stores' range queries answer. */
export const reachesInto = (from: string, to: string) => (booking: Booking) =>
  reachOf(booking) >= from && booking.firstDay <= to;

/** Whether a booking still takes stock today (a pencil past its quote's last day does not). */
export const isLive = (booking: Pick<Booking, 'kind' | 'expiresOn'>, today: string) =>
  booking.kind === 'order' || booking.expiresOn === undefined || booking.expiresOn >= today;

/** The widest range a booking can reach into and still matter for [from, to]: what stores query. */
export function bookingWindow(from: string, to: string, turnaroundDays: number): { from: string; to: string } {
  return { from: addDays(from, -turnaroundDays), to: addDays(to, turnaroundDays) };
}

/** Every date from `from` to `to`, both included: for ranges a page shows (callers bound their length with dayCount). */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * How many of an item bookings take from `from` to `to`, as the days on which that number changes:
 * `[{ day: from, taken }, { day, taken }, …]`, each holding until the next (stock hired in counts
 * as taking less than none). Swept over the bookings' own ends (not walked day by day), so a
 * booking of any length counts on every day it takes, whatever the range: the one rule behind
 * freeSteps, freeByDay, freeOver, placementProblems and the kept day counts (takenByDay).
 */
export function takenSteps(
  bookings: readonly Booking[],
  from: string,
  to: string,
  turnaroundDays: number,
  today: string,
): Array<{ day: string; taken: number }> {
  // Stock taken and given back, by day: a booking takes from its first day less the turnaround
  // and gives back the day after its last day plus the turnaround.
  const changes = new Map<string, number>([[from, 0]]);
  // A negative quantity gives stock (hired in) over the days instead.
  const take = (blockedFrom: string, blockedTo: string, quantity: number) => {
    if (quantity === 0 || blockedFrom > to || blockedTo < from) return;
    const takes = blockedFrom < from ? from : blockedFrom;
    changes.set(takes, (changes.get(takes) ?? 0) + quantity);
    if (blockedTo < to) {
      const givesBack = addDays(blockedTo, 1);
      changes.set(givesBack, (changes.get(givesBack) ?? 0) - quantity);
    }
  };
  for (const booking of bookings) {
    if (!isLive(booking, today)) continue;
    if (givesStock(booking)) {
      take(booking.firstDay, booking.lastDay, -booking.quantity);
      continue;
    }
    const pad = padOf(booking, turnaroundDays);
    const blockedTo = booking.lastDay >= OPEN_END ? OPEN_END : addDays(booking.lastDay, pad);
    take(addDays(booking.firstDay, -pad), blockedTo, booking.quantity);
    // Units still out after their last day: not back yet, so not free on any day until they are.
    if (booking.out && booking.lastDay < today && blockedTo < OPEN_END)
      take(addDays(blockedTo, 1), OPEN_END, Math.min(booking.out, booking.quantity));
  }
  let taken = 0;
  return [...changes.keys()].sort().map((day) => {
    taken += changes.get(day)!;
    return { day, taken };
  });
}

/** How many of an item are free from `from` to `to`, as the days on which that number changes (takenSteps). */
export function freeSteps(
  stock: number,
  bookings: readonly Booking[],
  from: string,
  to: string,
  turnaroundDays: number,
  today: string,
): Array<{ day: string; free: number }> {
  return takenSteps(bookings, from, to, turnaroundDays, today).map(({ day, taken }) => ({
    day,
    free: Math.max(0, stock - taken),
  }));
}

/** How many of an item bookings take on each day from `from` to `to` (takenSteps, one number a day): what is kept. */
export function takenByDay(
  bookings: readonly Booking[],
  from: string,
  to: string,
  turnaroundDays: number,
  today: string,
): Int32Array {
  const days = new Int32Array(dayCount(from, to));
  const steps = takenSteps(bookings, from, to, turnaroundDays, today);
  steps.forEach((step, index) => {
    const next = steps[index + 1];
    days.fill(step.taken, dayCount(from, step.day) - 1, next ? dayCount(from, next.day) - 1 : days.length);
  });
  return days;
}

/** Free quantity of one item on each day from `from` to `to` (never below zero). */
export function freeByDay(
  stock: number,
  bookings: readonly Booking[],
  from: string,
  to: string,
  turnaroundDays: number,
  today: string,
): number[] {
  const steps = freeSteps(stock, bookings, from, to, turnaroundDays, today);
  let next = 0;
  return daysFrom(from, to).map((day) => {
    while (next + 1 < steps.length && steps[next + 1]!.day <= day) next += 1;
    return steps[next]!.free;
  });
}

/** Free quantity over a whole range: the least free on any of its days. */
export function freeOver(
  stock: number,
  bookings: readonly Booking[],
  from: string,
  to: string,
  turnaroundDays: number,
  today: string,
): number {
  return Math.min(...freeSteps(stock, bookings, from, to, turnaroundDays, today).map((step) => step.free));
}

/**
 * The first day from `from` on (up to `until`) on which `quantity` are free for `days` days in a
 * row, or undefined: what a refusal offers instead ("2 are free for these 5 days from Dec 12").
 */
export function nextFreeStart(
  stock: number,
  bookings: readonly Booking[],
  window: { from: string; until: string; days: number; quantity: number; turnaroundDays: number; today: string },
): string | undefined {
  return nextFreeStartOfAll([{ stock, bookings, quantity: window.quantity }], window);
}

/**
 * nextFreeStart for several items wanted together (a kit's components): the first day from which
 * every one has its quantity free for `days` days in a row.
 */
export function nextFreeStartOfAll(
  wanted: ReadonlyArray<{ stock: number; bookings: readonly Booking[]; quantity: number }>,
  window: { from: string; until: string; days: number; turnaroundDays: number; today: string },
): string | undefined {
  const { from, until, days, turnaroundDays, today } = window;
  if (wanted.some((each) => each.quantity > mostEver(each.stock, each.bookings))) return undefined;
  // Free quantity only rises on the day a booking gives stock back: those days (and `from`) are the candidates.
  const candidates = new Set<string>();
  for (const each of wanted)
    for (const step of freeSteps(each.stock, each.bookings, from, until, turnaroundDays, today))
      candidates.add(step.day);
  for (const day of [...candidates].sort()) {
    const last = addDays(day, days - 1);
    if (last > until) return undefined;
    if (wanted.every((each) => freeOver(each.stock, each.bookings, day, last, turnaroundDays, today) >= each.quantity))
      return day;
  }
  return undefined;
}

export interface Placement {
  quoteId: string;
  /** What the request takes of each item, and the line that takes it (a kit's line names the component: stockOfLines). */
  lines: ReadonlyArray<{ objectID: string; quantity: number; line?: number; component?: string }>;
  firstDay: string;
  lastDay: string;
  stock: ReadonlyMap<string, number>;
  turnaroundDays: number;
  today: string;
  /** The store the request takes from, and the house's main store: only bookings at that store count (stores.ts). */
  store?: { id: string; main: string };
  /** Stock this request hired in from other houses, on the lenders' dates: a shortage outside them says so. */
  hiredIn?: ReadonlyArray<{ objectID: string; houseName: string; quantity: number; firstDay: string; lastDay: string }>;
}

/** Houses by name, once each, as a sentence lists them. */
const listedHouses = (entries: ReadonlyArray<{ houseName: string }>) =>
  new Intl.ListFormat('en', { type: 'conjunction' }).format([...new Set(entries.map((entry) => entry.houseName))]);

/**
 * What stops a request's lines being held on its dates, given what else is booked on its items
 * (its own earlier bookings are left out: re-placing a hold never conflicts with itself). Each
 * finding names the line, the first day short and how many are free then.
 */
export function placementProblems(
  placement: Placement,
  booked: readonly Booking[],
): Array<{ pointer: string; message: string }> {
  return shortLines(placement, booked).map(({ pointer, message }) => ({ pointer, message }));
}

/** placementProblems' findings, each with the item short. */
export function shortLines(
  placement: Placement,
  booked: readonly Booking[],
): Array<{ pointer: string; message: string; objectID: string }> {
  const problems: Array<{ pointer: string; message: string; objectID: string }> = [];
  placement.lines.forEach((line, index) => {
    const stock = placement.stock.get(line.objectID) ?? 0;
    const { store } = placement;
    const others = booked.filter(
      (booking) =>
        booking.objectID === line.objectID &&
        booking.quoteId !== placement.quoteId &&
        (!store || atStore(store.id, store.main)(booking)),
    );
    const short = freeSteps(
      stock,
      others,
      placement.firstDay,
      placement.lastDay,
      placement.turnaroundDays,
      placement.today,
    ).find((step) => step.free < line.quantity);
    if (!short) return;
    // Short on a day the stock hired in for it is not here: the lender's dates are the reason.
    const hiredIn = (placement.hiredIn ?? []).filter(
      (entry) => entry.objectID === line.objectID && (short.day < entry.firstDay || short.day > entry.lastDay),
    );
    const lenders = hiredIn.map(
      (entry) =>
        `${entry.quantity} hired in from ${entry.houseName} are here ${entry.firstDay} to ${entry.lastDay} only`,
    );
    problems.push({
      objectID: line.objectID,
      pointer: `/lines/${line.line ?? index}/quantity`,
      message: `${line.component !== undefined ? `${line.component} (${line.quantity} needed): ` : ''}only ${short.free}${short.free <= stock ? ` of ${stock}` : ''} free on ${short.day}: ${
        lenders.length
          ? `${lenders.join('; ')}. Ask ${listedHouses(hiredIn)} to move their order to these dates first`
          : 'other holds and orders have the rest'
      }`,
    });
  });
  return problems;
}

/**
 * The hires of one item that its stock can no longer serve from `today` on, counting everything
 * else booked (units in repair, lost, or still out past their order's last day): each with the
 * first day it is short and how many are free then. What the vendor is told the moment an order
 * runs late or a unit goes to repair.
 */
export function collisions(
  stock: number,
  bookings: readonly Booking[],
  turnaroundDays: number,
  today: string,
): Array<{ quoteId: string; day: string; free: number; quantity: number }> {
  const found: Array<{ quoteId: string; day: string; free: number; quantity: number }> = [];
  for (const booking of bookings) {
    if (unpadded(booking) || isHiredIn(booking) || !isLive(booking, today) || booking.lastDay < today) continue;
    const from = booking.firstDay > today ? booking.firstDay : today;
    const others = bookings.filter((other) => other !== booking && other.quoteId !== booking.quoteId);
    // What this hire still needs: the units it has out are with the client already.
    const needs = booking.quantity - (booking.out ?? 0);
    const short =
      needs > 0
        ? freeSteps(stock, others, from, booking.lastDay, turnaroundDays, today).find((step) => step.free < needs)
        : undefined;
    if (short) found.push({ quoteId: booking.quoteId, day: short.day, free: short.free, quantity: booking.quantity });
  }
  return found;
}
