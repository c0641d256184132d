/**
 * Holds (pencils) as the house and the production see them, and what moves them without anyone
 * pressing a button (the rules are schema/rental/holds.ts):
 * - holdOf: a request's hold with its rank on each line ("2nd hold"), its last day and any
 *   challenge; heldAheadOf: the other productions' holds ahead of a request (the house challenges
 *   them before it can confirm); holdBoard: every live hold of the house, by item and day.
 * - rankAhead: where a hold ranks when the house moves it past the one ahead of it.
 * - releaseLapsed: the watch's pass. A hold past its last day, or challenged and not answered in
 *   its window, is released by Backlot (a store step on its revision, so two servers release it
 *   once); its holder is mailed why (the step's notice), and the holds behind it are told they
 *   moved up.
 */
import type { FastifyBaseLogger } from 'fastify';
import { bookingWindow, isLive, OPEN_END, type Booking } from '../../schema/rental/availability';
import { stockItemsOf } from '../../schema/rental/kits';
import {
  holdKeyOf,
  holdRanks,
  overlaps,
  holdsAhead,
  pencilExpiresOn,
  rankKey,
  rankOfRequest,
  rankedAheadOf,
  type HeldAhead,
  type HoldBoardRow,
  type HoldView,
  withHoldRanks,
} from '../../schema/rental/holds';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { formatMoment } from '../../schema/display/format';
import type { QuoteRequest } from '../../schema/types.generated';
import { revisionOf } from '../stores/quote-request-store';
import { itemsOfQuotes, QuoteRefusedError, type QuoteSettings, type QuoteStores } from './quote-conversation';

/** Who a request is, for the house: its production, else its visitor's name or address. */
export const whoseRequest = (quote: Pick<QuoteRequest, 'production' | 'name' | 'email'>) =>
  quote.production ?? quote.name ?? quote.email;

/** Bookings on a request's items that can share a day with it (its turnaround counted). */
async function bookingsAround(stores: QuoteStores, settings: QuoteSettings, quote: QuoteRequest) {
  const window = bookingWindow(quote.startDate, quote.endDate, settings.turnaroundDays);
  const objectIDs = stockItemsOf(quote.lines);
  return stores.quoteRequests.bookings(quote.tenantId, objectIDs, window.from, window.to);
}

/** A request's hold as either side reads it: its rank on each line and overall, its last day, any challenge (no challenger named). */
export async function holdOf(
  stores: QuoteStores,
  settings: QuoteSettings,
  quote: QuoteRequest,
  now: Date,
): Promise<HoldView | undefined> {
  if (quote.hold !== 'pencil' || !quote.pencil) return undefined;
  const today = todayIn(settings.timezone, now);
  const ranks = holdRanks(quote.id, await bookingsAround(stores, settings, quote), settings.turnaroundDays, today);
  return {
    placedAt: quote.pencil.placedAt,
    by: quote.pencil.by,
    until: pencilExpiresOn(quote) ?? quote.pencil.until,
    rank: rankOfRequest(ranks),
    lines: Object.fromEntries(ranks),
    ...(quote.pencil.challenge && {
      challenge: { at: quote.pencil.challenge.at, answerBy: quote.pencil.challenge.answerBy },
    }),
  };
}

/**
 * The holds ahead of a request on its items, first first: whose, until when, whether challenged
 * (for the console). `booked`: the bookings around it, when the caller has read them already.
 */
export async function heldAheadOf(
  stores: QuoteStores,
  settings: QuoteSettings,
  quote: QuoteRequest,
  now: Date,
  booked?: readonly Booking[],
): Promise<HeldAhead[]> {
  const today = todayIn(settings.timezone, now);
  booked ??= await bookingsAround(stores, settings, quote);
  const ids = holdsAhead(
    {
      quoteId: quote.id,
      // A hold placed before ranks were kept ranks first ('').
      ...(quote.hold === 'pencil' && { heldAt: quote.pencil ? holdKeyOf(quote.pencil) : '' }),
      objectIDs: stockItemsOf(quote.lines),
    },
    booked.filter((booking) => overlapsRequest(booking, quote, settings.turnaroundDays)),
    today,
  );
  const ahead = await Promise.all(ids.map((id) => stores.quoteRequests.get(quote.tenantId, id)));
  const mine = stockItemsOf(quote.lines);
  return ahead.flatMap((other) =>
    other?.pencil
      ? [
          {
            id: other.id,
            who: whoseRequest(other),
            until: pencilExpiresOn(other) ?? other.pencil.until,
            items: stockItemsOf(other.lines).filter((objectID) => mine.includes(objectID)).length,
            ...(other.pencil.challenge && {
              challenge: {
                answerBy: other.pencil.challenge.answerBy,
                forThis: other.pencil.challenge.by === quote.id,
              },
            }),
          },
        ]
      : [],
  );
}

/**
 * The instant a request's hold ranks from once the house moves it past `passingId`'s hold, one of
 * those ahead of it on its items (heldAheadOf). Refused in words when that hold is not ahead of it,
 * is challenged for it (its holder is answering: moving past it would leave the challenge
 * releasing a hold that no longer stands in the way), or no instant fits between the two.
 */
export async function rankAhead(
  stores: QuoteStores,
  settings: QuoteSettings,
  quote: QuoteRequest,
  passingId: string,
  now: Date,
): Promise<{ rankedAt: string; passing: HeldAhead }> {
  if (quote.hold !== 'pencil' || !quote.pencil) throw new QuoteRefusedError('This request holds nothing to move up.');
  const around = await bookingsAround(stores, settings, quote);
  const passing = (await heldAheadOf(stores, settings, quote, now, around)).find((hold) => hold.id === passingId);
  if (!passing) throw new QuoteRefusedError('That hold is not ahead of this one on its items: nothing to move past.');
  if (passing.challenge?.forThis)
    throw new QuoteRefusedError(
      `${passing.who}'s hold is challenged for this request: its holder answers by ${formatMoment(passing.challenge.answerBy, settings.site, settings.timezone)}.`,
    );
  const today = todayIn(settings.timezone, now);
  const booked = around.filter(
    (row) => row.kind === 'pencil' && isLive(row, today) && overlapsRequest(row, quote, settings.turnaroundDays),
  );
  const passingRow = booked.find((row) => row.quoteId === passingId);
  const rankedAt = passingRow && rankedAheadOf(quote.id, passingRow, booked);
  if (!rankedAt)
    throw new QuoteRefusedError(
      `${passing.who}'s hold was placed in the same instant as the one ahead of it (or before holds were ranked): it cannot be passed.`,
    );
  return { rankedAt, passing };
}

/** Whether a booked row takes stock on a day the request needs (turnarounds counted). */
const overlapsRequest = (booking: Booking, quote: QuoteRequest, turnaroundDays: number) =>
  booking.firstDay <= addDays(quote.endDate, 2 * turnaroundDays) &&
  booking.lastDay >= addDays(quote.startDate, -2 * turnaroundDays);

/** Every live hold of the house from today on, as the hold board lists them: item, days, whose, rank, until, challenge. */
export async function holdBoard(
  stores: QuoteStores,
  settings: QuoteSettings,
  tenantId: string,
  now: Date,
): Promise<HoldBoardRow[]> {
  const today = todayIn(settings.timezone, now);
  const booked = await stores.quoteRequests.bookingsBetween(tenantId, today, OPEN_END);
  const pencils = booked.filter((booking) => booking.kind === 'pencil' && isLive(booking, today));
  const requests = new Map(
    (
      await Promise.all(
        [...new Set(pencils.map((row) => row.quoteId))].map((id) => stores.quoteRequests.get(tenantId, id)),
      )
    )
      .filter((quote): quote is QuoteRequest => quote?.hold === 'pencil')
      .map((quote) => [quote.id, quote]),
  );
  const items = await itemsOfQuotes(stores.itemStore, tenantId, [...requests.values()]);
  const byItem = new Map<string, Booking[]>();
  for (const row of pencils) byItem.set(row.objectID, [...(byItem.get(row.objectID) ?? []), row]);
  // The hold just ahead of a row on its item: the last placed before it of those sharing a day.
  const justAheadOf = (row: Booking) =>
    (byItem.get(row.objectID) ?? [])
      .filter(
        (other) =>
          other.quoteId !== row.quoteId &&
          requests.has(other.quoteId) &&
          rankKey(other) < rankKey(row) &&
          overlaps(other, row, settings.turnaroundDays),
      )
      .reduce<Booking | undefined>(
        (last, other) => (!last || rankKey(other) > rankKey(last) ? other : last),
        undefined,
      );
  // Ranked once per request (withHoldRanks), not once per row.
  return withHoldRanks(pencils, booked, settings.turnaroundDays, today)
    .filter((row) => requests.has(row.quoteId))
    .map(({ rank = 1, ...row }) => {
      const quote = requests.get(row.quoteId)!;
      const ahead = justAheadOf(row);
      return {
        quoteId: row.quoteId,
        objectID: row.objectID,
        item: items.get(row.objectID)?.name ?? row.objectID,
        stock: items.get(row.objectID)?.quantity ?? 0,
        quantity: row.quantity,
        firstDay: row.firstDay,
        lastDay: row.lastDay,
        who: whoseRequest(quote),
        state: quote.state ?? 'requested',
        revision: revisionOf(quote),
        rank,
        placedAt: quote.pencil?.placedAt ?? '',
        until: row.expiresOn ?? quote.pencil?.until ?? quote.endDate,
        ...(quote.pencil?.challenge && { answerBy: quote.pencil.challenge.answerBy }),
        ...(ahead && { justAhead: { quoteId: ahead.quoteId, who: whoseRequest(requests.get(ahead.quoteId)!) } }),
      };
    })
    .sort(
      (a, b) =>
        a.item.localeCompare(b.item) ||
        a.objectID.localeCompare(b.objectID) ||
        a.firstDay.localeCompare(b.firstDay) ||
        a.rank - b.rank,
    );
}

/** Why Backlot releases a hold now, or undefined while it stands: past its last day, or a challenge not answered in time. */
export function lapseOf(quote: QuoteRequest, today: string, now: Date): string | undefined {
  if (quote.hold !== 'pencil') return undefined;
  const challenge = quote.pencil?.challenge;
  // A holder that accepted in time has answered: the house confirms it, the window no longer runs.
  if (challenge && quote.state !== 'accepted' && challenge.answerBy <= now.toISOString())
    return 'another production wanted the items, and the hold was not confirmed in the time given';
  const until = pencilExpiresOn(quote);
  if (quote.pencil && until !== undefined && until < today) return `it lapsed after ${until}`;
  return undefined;
}

/**
 * The holds behind one on its items, each with its rank now: behind a released hold (they moved
 * up), or, with `until` (the instant a moved hold ranked from before), the holds it passed.
 */
export async function holdsBehind(
  stores: QuoteStores,
  settings: QuoteSettings,
  released: QuoteRequest,
  heldAt: string,
  now: Date,
  until?: string,
): Promise<Array<{ quote: QuoteRequest; rank: number }>> {
  const today = todayIn(settings.timezone, now);
  const booked = await bookingsAround(stores, settings, released);
  const mine = rankKey({ heldAt, quoteId: released.id });
  const last = until === undefined ? undefined : rankKey({ heldAt: until, quoteId: released.id });
  const behind = [
    ...new Set(
      booked
        .filter(
          (row) =>
            row.kind === 'pencil' &&
            row.quoteId !== released.id &&
            isLive(row, today) &&
            rankKey(row) > mine &&
            (last === undefined || rankKey(row) < last) &&
            released.lines.some((line) => line.objectID === row.objectID) &&
            overlapsRequest(row, released, settings.turnaroundDays),
        )
        .map((row) => row.quoteId),
    ),
  ];
  const found = await Promise.all(behind.map((id) => stores.quoteRequests.get(released.tenantId, id)));
  return Promise.all(
    found
      .filter((quote): quote is QuoteRequest => quote?.hold === 'pencil')
      .map(async (quote) => ({ quote, rank: (await holdOf(stores, settings, quote, now))?.rank ?? 1 })),
  );
}

/** Log of the watch. */
export type HoldLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
