/**
 * Holds (pencils) as the house and the production see them, and what moves them without anyone
 * pressing a button (the rules are schema/rental/holds.ts):
 * - holdOf: a request's hold with its rank on each line ("2nd hold"), its last day and any
 *   challenge; heldAheadOf: the other productions' holds ahead of a request (the house challenges
 *   them before it can confirm); holdBoard: every live hold of the house, by item and day.
 * - releaseLapsed: the watch's pass. A hold past its last day, or challenged and not answered in
 *   its window, is released by Backlot (a store step on its revision, so two servers release it
 *   once); its holder is mailed why (the step's notice), and the holds behind it are told they
 *   moved up.
 */
import type { FastifyBaseLogger } from 'fastify';
import { bookingWindow, isLive, OPEN_END, type Booking } from '../../schema/rental/availability';
import {
  holdRanks,
  holdsAhead,
  pencilExpiresOn,
  rankKey,
  rankOfRequest,
  type HeldAhead,
  type HoldBoardRow,
  type HoldView,
  withHoldRanks,
} from '../../schema/rental/holds';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import type { QuoteRequest } from '../../schema/types.generated';
import { revisionOf } from '../stores/quote-request-store';
import { itemsOfQuotes, type QuoteSettings, type QuoteStores } from './quote-conversation';

/** Who a request is, for the house: its production, else its visitor's name or address. */
export const whoseRequest = (quote: Pick<QuoteRequest, 'production' | 'name' | 'email'>) =>
  quote.production ?? quote.name ?? quote.email;

/** Bookings on a request's items that can share a day with it (its turnaround counted). */
async function bookingsAround(stores: QuoteStores, settings: QuoteSettings, quote: QuoteRequest) {
  const window = bookingWindow(quote.startDate, quote.endDate, settings.turnaroundDays);
  const objectIDs = [...new Set(quote.lines.map((line) => line.objectID))];
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

/** The holds ahead of a request on its items, first first: whose, until when, whether challenged (for the console). */
export async function heldAheadOf(
  stores: QuoteStores,
  settings: QuoteSettings,
  quote: QuoteRequest,
  now: Date,
): Promise<HeldAhead[]> {
  const today = todayIn(settings.timezone, now);
  const booked = await bookingsAround(stores, settings, quote);
  const ids = holdsAhead(
    {
      quoteId: quote.id,
      // A hold placed before ranks were kept ranks first ('').
      ...(quote.hold === 'pencil' && { heldAt: quote.pencil?.placedAt ?? '' }),
      objectIDs: quote.lines.map((line) => line.objectID),
    },
    booked.filter((booking) => overlapsRequest(booking, quote, settings.turnaroundDays)),
    today,
  );
  const ahead = await Promise.all(ids.map((id) => stores.quoteRequests.get(quote.tenantId, id)));
  return ahead.flatMap((other) =>
    other?.pencil
      ? [
          {
            id: other.id,
            who: whoseRequest(other),
            until: pencilExpiresOn(other) ?? other.pencil.until,
            items: other.lines.filter((line) => quote.lines.some((own) => own.objectID === line.objectID)).length,
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
  // Ranked once per request (withHoldRanks), not once per row.
  return withHoldRanks(pencils, booked, settings.turnaroundDays, today)
    .filter((row) => requests.has(row.quoteId))
    .map(({ rank = 1, ...row }) => {
      const quote = requests.get(row.quoteId)!;
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
  if (challenge && challenge.answerBy <= now.toISOString())
    return 'another production wanted the items, and the hold was not confirmed in the time given';
  const until = pencilExpiresOn(quote);
  if (quote.pencil && until !== undefined && until < today) return `it lapsed after ${until}`;
  return undefined;
}

/** The holds behind a released one on its items (their rank moved up): each with its new rank. */
export async function holdsBehind(
  stores: QuoteStores,
  settings: QuoteSettings,
  released: QuoteRequest,
  heldAt: string,
  now: Date,
): Promise<Array<{ quote: QuoteRequest; rank: number }>> {
  const today = todayIn(settings.timezone, now);
  const booked = await bookingsAround(stores, settings, released);
  const mine = rankKey({ heldAt, quoteId: released.id });
  const behind = [
    ...new Set(
      booked
        .filter(
          (row) =>
            row.kind === 'pencil' &&
            row.quoteId !== released.id &&
            isLive(row, today) &&
            rankKey(row) > mine &&
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
