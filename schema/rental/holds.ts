/**
 * Holds (pencils) as the film trade keeps them: ranked per item and day in the order they were
 * placed (first hold, second hold, …). A hold reserves nothing an order needs from holds behind
 * it, and never stops another hold being placed behind it; only orders and stock off the shelf
 * refuse a hold. An order is placed past the holds ranked behind its own (or behind it, when it
 * held nothing), never past one ahead: the house challenges that one, and its holder confirms or
 * releases within the house's answer window (working hours, in its time zone), or silence
 * releases it.
 *
 * Pure, with `now` and `today` passed in: the stores apply standsInTheWay inside their
 * transactions, the server and the pages read the ranks.
 */
import { addDays } from './quote-rules';
import { isLive, padOf, type Booking } from './availability';
import { openUntil } from './quote-states';
import type { Pencil, QuoteRequest } from '../types.generated';

/** A request's hold as either side reads it (no challenger named): its rank on each line and overall, its last day, any challenge. */
export interface HoldView {
  placedAt: string;
  by: 'visitor' | 'vendor' | 'system';
  until: string;
  /** Its worst line's rank: 1 for the first hold. */
  rank: number;
  lines: Record<string, number>;
  challenge?: { at: string; answerBy: string };
}

/** Another production's hold ahead of a request, as the house reads it. */
export interface HeldAhead {
  id: string;
  who: string;
  until: string;
  /** How many of the request's items it holds. */
  items: number;
  challenge?: { answerBy: string; forThis: boolean };
}

/** A row of the hold board: one held line. */
export interface HoldBoardRow {
  quoteId: string;
  objectID: string;
  item: string;
  stock: number;
  quantity: number;
  firstDay: string;
  lastDay: string;
  who: string;
  state: string;
  revision: number;
  rank: number;
  placedAt: string;
  until: string;
  answerBy?: string;
  /** The hold just ahead of it on this item, if any: what "Move up" moves it past. */
  justAhead?: { quoteId: string; who: string };
}

/** A hold's place in the queue: when it was placed, then its request's id (holds stored before ranks sort first). */
// The NUL sorts below every character of an instant, so a hold with no instant sorts first.
export const rankKey = (booking: Pick<Booking, 'heldAt' | 'quoteId'>) =>
  `${booking.heldAt ?? ''}\u0000${booking.quoteId}`;

/** The instant a request's hold ranks from: where the house moved it in the queue, else when it was placed. */
export const holdKeyOf = (pencil: Pick<Pencil, 'placedAt' | 'rankedAt'>) => pencil.rankedAt ?? pencil.placedAt;

/**
 * The instant that ranks request `moving` just ahead of hold `passing` (and behind every hold ahead
 * of that one) among `booked`: halfway between `passing`'s instant and the last one before it, or a
 * second before it when nothing is ahead of it. Undefined when no instant fits (a hold placed
 * before ranks were kept, or two holds placed in the same millisecond).
 */
export function rankedAheadOf(
  moving: string,
  passing: Pick<Booking, 'heldAt' | 'quoteId'>,
  booked: readonly Booking[],
): string | undefined {
  if (!passing.heldAt) return undefined;
  const passingKey = rankKey(passing);
  const before = booked
    .filter((row) => row.kind === 'pencil' && row.quoteId !== moving && rankKey(row) < passingKey)
    .map((row) => (row.heldAt ? Date.parse(row.heldAt) : 0));
  const at = Date.parse(passing.heldAt);
  const previous = Math.max(-Infinity, ...before);
  const instant = previous === -Infinity ? at - 1000 : Math.floor((previous + at) / 2);
  return instant > previous && instant < at ? new Date(instant).toISOString() : undefined;
}

/**
 * Whether a booked row counts against a placement of `kind` by request `quoteId` (its own hold
 * placed at `heldAt`, if any): every order and stock row does; a hold does against an order only
 * when it ranks ahead of the request's own hold (any hold does, when the request held nothing).
 */
export const standsInTheWay =
  (placing: { kind: Booking['kind']; quoteId: string; heldAt?: string }) =>
  (booking: Booking): boolean => {
    if (booking.kind !== 'pencil') return true;
    if (placing.kind === 'pencil') return false;
    return placing.heldAt === undefined || rankKey(booking) < rankKey(placing);
  };

/** Whether a row is something other than a hold: what a request for held stock is checked against. */
export const isNotHold = (booking: Pick<Booking, 'kind'>) => booking.kind !== 'pencil';

/** Whether two rows take an item on a common day, their turnarounds counted. */
export const overlaps = (a: Booking, b: Booking, turnaroundDays: number) =>
  addDays(a.firstDay, -padOf(a, turnaroundDays)) <= addDays(b.lastDay, padOf(b, turnaroundDays)) &&
  addDays(b.firstDay, -padOf(b, turnaroundDays)) <= addDays(a.lastDay, padOf(a, turnaroundDays));

/**
 * Each of a request's held lines' rank (1 for the first hold) among the live holds on the same
 * item that share a day with it: what "1st hold" and "2nd hold" say. Lines it does not hold are absent.
 */
export function holdRanks(
  quoteId: string,
  booked: readonly Booking[],
  turnaroundDays: number,
  today: string,
): Map<string, number> {
  const live = booked.filter((booking) => booking.kind === 'pencil' && isLive(booking, today));
  return new Map(
    live
      .filter((own) => own.quoteId === quoteId)
      .map((own) => [
        own.objectID,
        1 +
          new Set(
            live
              .filter(
                (other) =>
                  other.quoteId !== quoteId &&
                  other.objectID === own.objectID &&
                  rankKey(other) < rankKey(own) &&
                  overlaps(other, own, turnaroundDays),
              )
              .map((other) => other.quoteId),
          ).size,
      ]),
  );
}

/** Rows as a table shows them: each live hold with its rank on its item among all of `booked` (what "1st hold" says beside it). */
export function withHoldRanks<T extends Booking>(
  rows: readonly T[],
  booked: readonly Booking[],
  turnaroundDays: number,
  today: string,
): Array<T & { rank?: number }> {
  const ranks = new Map<string, Map<string, number>>();
  return rows.map((row) => {
    if (row.kind !== 'pencil' || !isLive(row, today)) return row;
    let ofRequest = ranks.get(row.quoteId);
    if (!ofRequest) ranks.set(row.quoteId, (ofRequest = holdRanks(row.quoteId, booked, turnaroundDays, today)));
    const rank = ofRequest.get(row.objectID);
    return rank === undefined ? row : { ...row, rank };
  });
}

/** The worst of a request's line ranks: what its list shows ("2nd hold" if any line is behind another). */
export const rankOfRequest = (ranks: ReadonlyMap<string, number>) => Math.max(0, ...ranks.values());

/** "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st". */
export function ordinal(rank: number): string {
  const tens = rank % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : rank % 10 === 1 ? 'st' : rank % 10 === 2 ? 'nd' : rank % 10 === 3 ? 'rd' : 'th';
  return `${rank}${suffix}`;
}

/** The requests whose holds stand ahead of `quoteId`'s placement as an order, on the given items. */
export function holdsAhead(
  placing: { quoteId: string; heldAt?: string; objectIDs: readonly string[] },
  booked: readonly Booking[],
  today: string,
): string[] {
  const wanted = new Set(placing.objectIDs);
  const inTheWay = standsInTheWay({ kind: 'order', quoteId: placing.quoteId, heldAt: placing.heldAt });
  return [
    ...new Set(
      booked
        .filter(
          (booking) =>
            booking.kind === 'pencil' &&
            booking.quoteId !== placing.quoteId &&
            wanted.has(booking.objectID) &&
            isLive(booking, today) &&
            inTheWay(booking),
        )
        .sort((a, b) => (rankKey(a) < rankKey(b) ? -1 : 1))
        .map((booking) => booking.quoteId),
    ),
  ];
}

/** The last day a pencil keeps: its hold's, or the request's last open day (its quote's) if sooner. */
export function pencilExpiresOn(request: Pick<QuoteRequest, 'state' | 'startDate' | 'versions' | 'pencil'>) {
  const open = openUntil(request);
  const until = request.pencil?.until;
  if (until === undefined) return open;
  return open !== undefined && open < until ? open : until;
}

/** The last day a hold placed today keeps: the house's hold days on, and at the latest the day before its hire. */
export function holdUntil(today: string, holdDays: number, startDate: string): string {
  const until = addDays(today, holdDays);
  const dayBefore = addDays(startDate, -1);
  const last = until < dayBefore ? until : dayBefore;
  return last < today ? today : last;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const HOUR = 3_600_000;

/**
 * The end of an answer window of `hours` working hours from `now`: hours count only on the house's
 * working days, in its time zone ("24 working hours" from Friday 15:00 ends Monday 15:00 when the
 * weekend is off). Walked an hour at a time (each hour's weekday read where it starts).
 */
export function answerBy(now: Date, hours: number, timezone: string, workingDays: readonly number[]): Date {
  const working = new Set(workingDays.length ? workingDays : [1, 2, 3, 4, 5, 6, 7]);
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'short' });
  // Whether the hour starting at `instant` is on a working day (1 Monday … 7 Sunday) where the house is.
  const isWorking = (instant: number) => working.has(WEEKDAYS.indexOf(weekday.format(instant)) + 1);
  let at = now.getTime();
  let remaining = hours * HOUR;
  while (remaining > 0) {
    // To the next whole hour (every time zone's day starts on one, or a half), or the window's end.
    const boundary = Math.floor(at / (HOUR / 2)) * (HOUR / 2) + HOUR / 2;
    if (isWorking(at)) {
      const next = Math.min(boundary, at + remaining);
      remaining -= next - at;
      at = next;
    } else at = boundary;
  }
  return new Date(at);
}
