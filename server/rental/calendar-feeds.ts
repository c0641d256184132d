/**
 * Calendar feeds (iCalendar, from ical-generator) that Google Calendar, Outlook and Apple Calendar
 * take as subscriptions, each behind a secret link that can be replaced or turned off
 * (AuthLibrary's standing secrets, shared by every server):
 * - the vendor's: every order's pick-up day and return day (an overdue return says so);
 * - an item's: each hire, hold, repair and loss of it, as long as it lasts;
 * - a visitor's: each of their hires, first day to last.
 * Events are all-day (a hire is booked in the vendor's days), so no client shifts them by a time
 * zone; the vendor's zone is still named (X-WR-TIMEZONE). Text goes in as text: ical-generator
 * escapes it, so a production named with line breaks cannot start an event of its own.
 */
import { lenderOfHiredIn } from '../../schema/marketplace/sub-hires';
import { createHash } from 'node:crypto';
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { isOutEarly, orderOfOutEarly, type Booking } from '../../schema/rental/availability';
import { hireCounts } from '../../schema/rental/hire';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { isOverdue, type QuoteState } from '../../schema/rental/quote-states';
import type { DueTest } from '../../schema/rental/inspections';
import type { QuoteRequest } from '../../schema/types.generated';
import type { QuoteSettings, QuoteStores } from './quote-conversation';

/** The secret a feed's link carries: the vendor's covers its own feed and every item's; each visitor has their own. */
export const feedScope = {
  vendor: (tenantId: string) => `calendar:${tenantId}`,
  visitor: (tenantId: string, uid: string) => `calendar:${tenantId}:${uid}`,
};

/** Feeds reach back this far, so last month's hires stay in the calendar. */
const PAST_DAYS = 90;
/** At most this many orders per state in one feed. */
const ORDERS_PER_STATE = 1000;
/** The states whose pick-up and return the vendor's calendar shows: an order, until it closes. */
const ORDER_STATES: readonly QuoteState[] = ['confirmed', 'partlyOut', 'out', 'partlyReturned', 'returned', 'closed'];

const PRODUCT = { company: 'Backlot', product: 'Rental calendar', language: 'EN' } as const;

function calendarOf(name: string, settings: QuoteSettings): ICalCalendar {
  const calendar = ical({ name, prodId: PRODUCT, ttl: 15 * 60 });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: settings.timezone }]);
  return calendar;
}

/** A feed's text, its ETag (a hash of the text), and when anything in it last changed (its Last-Modified). */
export interface Feed {
  body: string;
  etag: string;
  lastModified: Date;
}

/** UTF-8 octets of one code point. */
const octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * RFC 5545's folding: a line longer than 75 octets goes on over lines that start with a space,
 * never inside a character. ical-generator folds the same way, but its folding encodes each
 * character on its own and took nearly all of a 1,000-order feed's 600 ms, so the events' lines are
 * folded here.
 */
export function foldLine(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
  let folded = '';
  let used = 0;
  for (const character of line) {
    const size = octets(character.codePointAt(0)!);
    if (used + size > 75) {
      folded += '\r\n ';
      used = 1;
    }
    folded += character;
    used += size;
  }
  return folded;
}

/** The calendar with its events, every line folded, ending with a line break as RFC 5545's grammar asks. */
function feedOf(calendar: ICalCalendar, lastModified: Date): Feed {
  // The calendar alone (a few lines, folded by ical-generator), then each event's lines folded here.
  const events = calendar.events();
  calendar.clear();
  const head = calendar.toString().replace(/END:VCALENDAR$/, '');
  const body = `${head}${events.map((event) => event.toString().split('\r\n').map(foldLine).join('\r\n')).join('')}END:VCALENDAR\r\n`;
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, lastModified };
}

/** When an order last changed: its last step, else when it was asked for. */
const changedAt = (order: QuoteRequest) => new Date(order.history?.at(-1)?.at ?? order.createdAt);

/** The latest of some instants (the epoch for none). */
const latest = (dates: readonly Date[]) => new Date(Math.max(0, ...dates.map((date) => date.getTime())));

/** An all-day event from `first` to `last` (both counted): iCalendar's end is the day after. */
const allDay = (first: string, last: string) => ({
  start: new Date(`${first}T00:00:00Z`),
  end: new Date(`${addDays(last, 1)}T00:00:00Z`),
  allDay: true,
});

const whoOf = (order: QuoteRequest) => order.production ?? order.name ?? order.email;
const linesText = (order: QuoteRequest) => order.lines.map((line) => `${line.quantity} × ${line.name}`).join('\n');

/** Vendors' feeds as last made, by tenant, with what they were made from: a poll that finds nothing changed sends the same text. */
const madeFeeds = new Map<string, { fingerprint: string; feed: Feed }>();
const MADE_FEEDS = 200;

/** The vendor's feed: each order's pick-up and return, from PAST_DAYS ago on, and each unit's test due (`tests`, testsDue's). */
export async function vendorFeed(
  stores: QuoteStores,
  settings: QuoteSettings,
  tenantId: string,
  links: { order: (id: string) => string; tests?: string },
  now: Date,
  tests: readonly DueTest[] = [],
): Promise<Feed> {
  const today = todayIn(settings.timezone, now);
  const from = addDays(today, -PAST_DAYS);
  const lists = await Promise.all(
    ORDER_STATES.map(
      async (state) =>
        (
          await stores.quoteRequests.list(tenantId, {
            state,
            from,
            sort: { field: 'startDate', order: 'asc' },
            limit: ORDERS_PER_STATE,
          })
        ).requests,
    ),
  );
  // The feed is made again only when what it shows changed: an order's revision, its turning
  // overdue, the vendor's settings or the link's address (kept per process, per tenant).
  const orders = lists.flat();
  const overdueOf = (order: QuoteRequest) => isOverdue(order, now, settings.timezone, settings.returnGraceHours);
  const fingerprint = JSON.stringify([
    settings.vendor.displayName ?? settings.vendor.name,
    settings.timezone,
    settings.returnGraceHours,
    links.order(''),
    orders.map((order) => `${order.id}:${order.revision ?? 0}:${overdueOf(order) ? 1 : 0}`),
    tests.map((test) => `${test.tag}:${test.rule}:${test.dueOn}:${test.overdue ? 1 : 0}`),
  ]);
  const kept = madeFeeds.get(tenantId);
  if (kept?.fingerprint === fingerprint) return kept.feed;
  const calendar = calendarOf(`${settings.vendor.displayName ?? settings.vendor.name}: pick-ups and returns`, settings);
  const stamps: Date[] = [];
  for (const order of orders) {
    const who = whoOf(order);
    // Pieces: a kit's components each count, as they are scanned.
    const counts = hireCounts(order);
    const pieces = counts.booked;
    // Once the pick-up has happened, what went out (a short pick-up says so), not what was booked.
    const wentOut = counts.out;
    const piecesSaid =
      wentOut > 0 && wentOut < pieces ? `${wentOut} of ${pieces} pieces` : `${pieces} piece${pieces === 1 ? '' : 's'}`;
    const still = counts.out - counts.back;
    const overdue = overdueOf(order);
    const description = [`${order.name ?? order.email} <${order.email}>`, order.studio, '', linesText(order)]
      .filter((line) => line !== undefined)
      .join('\n');
    const common = { description, url: links.order(order.id), status: ICalEventStatus.CONFIRMED };
    // DTSTAMP is when the event last changed, SEQUENCE counts its changes (RFC 5545): the order's
    // last step and revision, and turning overdue is a change of its own (the grace after its last day).
    const changed = changedAt(order);
    const revision = (order.revision ?? 0) * 2;
    const overdueSince = new Date(
      Date.parse(`${addDays(order.endDate, 1)}T00:00:00Z`) + settings.returnGraceHours * 3_600_000,
    );
    const backChanged = overdue && overdueSince > changed ? overdueSince : changed;
    stamps.push(backChanged);
    calendar.createEvent({
      id: `${order.id}-out@${tenantId}.backlot`,
      ...allDay(order.startDate, order.startDate),
      summary: `Out: ${who} (${piecesSaid})`,
      stamp: changed,
      sequence: revision,
      ...common,
    });
    calendar.createEvent({
      id: `${order.id}-back@${tenantId}.backlot`,
      ...allDay(order.endDate, order.endDate),
      summary: `${overdue ? `OVERDUE (${still} still out) · ` : ''}Back: ${who}`,
      stamp: backChanged,
      sequence: revision + (overdue ? 1 : 0),
      ...common,
    });
  }
  // A test due: on its day (an overdue one says so); it changes when it is passed (then it leaves, or moves on).
  for (const test of tests)
    calendar.createEvent({
      id: `${test.tag}-${test.rule}-${test.dueOn}@${tenantId}.backlot`,
      ...allDay(test.dueOn, test.dueOn),
      summary: `${test.overdue ? 'OVERDUE · ' : ''}${test.test} due: ${test.name} ${test.tag}`,
      description: `${test.name} ${test.tag} is due its ${test.test}. Until it passes it cannot go out on a hire that ends after this day.`,
      ...(links.tests && { url: links.tests }),
      // Never a stamp in the future: the day it fell due, or today for one still to come.
      stamp: new Date(`${test.dueOn < today ? test.dueOn : today}T00:00:00Z`),
      status: ICalEventStatus.CONFIRMED,
    });
  const feed = feedOf(calendar, latest(stamps));
  madeFeeds.delete(tenantId);
  madeFeeds.set(tenantId, { fingerprint, feed });
  // The tenants polled most recently, at most MADE_FEEDS of them.
  if (madeFeeds.size > MADE_FEEDS) madeFeeds.delete(madeFeeds.keys().next().value!);
  return feed;
}

/** An item's feed: each hire, hold, repair and loss of it from PAST_DAYS ago to the booking horizon. */
export async function itemFeed(
  stores: QuoteStores,
  settings: QuoteSettings,
  tenantId: string,
  objectID: string,
  links: { order: (id: string) => string },
  now: Date,
): Promise<Feed | undefined> {
  const item = await stores.itemStore.get(tenantId, objectID);
  if (!item) return undefined;
  const today = todayIn(settings.timezone, now);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, settings.site.bookingHorizonDays ?? 730);
  const booked: Booking[] = await stores.quoteRequests.bookings(tenantId, [objectID], from, to);
  // Units out early are their order's: named by it.
  const orderOf = (booking: Booking) => (isOutEarly(booking) ? orderOfOutEarly(booking) : booking.quoteId);
  const orderIds = [
    ...new Set(
      booked
        .filter((booking) => booking.kind === 'order' || booking.kind === 'pencil' || isOutEarly(booking))
        .map(orderOf),
    ),
  ];
  const orders = new Map(
    (await Promise.all(orderIds.map((id) => stores.quoteRequests.get(tenantId, id)))).flatMap((order) =>
      order ? [[order.id, order] as const] : [],
    ),
  );
  const calendar = calendarOf(`${item.name}: bookings`, settings);
  const stamps: Date[] = [new Date(item.updatedAt ?? 0)];
  for (const booking of booked) {
    const order = orders.get(orderOf(booking));
    // Stock off the shelf runs until it is back: shown as its first day, not a two-century bar.
    const [summary, last] =
      booking.kind === 'repair'
        ? [`${booking.quantity} to repair`, booking.firstDay]
        : booking.kind === 'lost'
          ? [`${booking.quantity} lost or retired`, booking.firstDay]
          : booking.kind === 'subHire'
            ? [
                `${booking.quantity} hired in from ${lenderOfHiredIn(booking.quoteId) ?? 'another house'}`,
                booking.lastDay,
              ]
            : [
                `${booking.quantity} × ${order ? whoOf(order) : booking.quoteId}${booking.kind === 'pencil' ? ' (pencilled)' : isOutEarly(booking) ? ' (out before the hire)' : ''}`,
                booking.lastDay,
              ];
    // Stock off the shelf changed when it went off (its first day); a hire when its order last changed.
    const changed = order ? changedAt(order) : new Date(`${booking.firstDay}T00:00:00Z`);
    stamps.push(changed);
    calendar.createEvent({
      id: `${booking.quoteId}-${objectID}@${tenantId}.backlot`,
      ...allDay(booking.firstDay, last < booking.firstDay ? booking.firstDay : last),
      summary,
      stamp: changed,
      sequence: order?.revision ?? 0,
      ...(order && { description: `${order.name ?? order.email}\n${linesText(order)}`, url: links.order(order.id) }),
      status: booking.kind === 'pencil' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return feedOf(calendar, latest(stamps));
}

/** What a visitor's own feed leaves out: requests that never became, or stopped being, a hire. */
const VISITOR_HIDDEN: ReadonlySet<QuoteState> = new Set(['declined', 'cancelled', 'expired']);

/** A visitor's feed: each of their hires with the vendor, first day to last (requests and quotes tentative). */
export async function visitorFeed(
  stores: QuoteStores,
  settings: QuoteSettings,
  tenantId: string,
  uid: string,
  links: { quote: (id: string) => string },
): Promise<Feed> {
  const { requests } = await stores.quoteRequests.list(tenantId, { uid, limit: 500 });
  const vendor = settings.vendor.displayName ?? settings.vendor.name;
  const calendar = calendarOf(`Your hires with ${vendor}`, settings);
  const stamps: Date[] = [];
  for (const order of requests) {
    const state = order.state ?? 'requested';
    if (VISITOR_HIDDEN.has(state)) continue;
    const confirmed = ORDER_STATES.includes(state);
    stamps.push(changedAt(order));
    calendar.createEvent({
      id: `${order.id}@${tenantId}.backlot`,
      ...allDay(order.startDate, order.endDate),
      stamp: changedAt(order),
      sequence: order.revision ?? 0,
      summary: `${confirmed ? 'Hire' : 'Requested hire'}: ${order.production ?? vendor} (${vendor})`,
      description: linesText(order),
      url: links.quote(order.id),
      status: confirmed ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return feedOf(calendar, latest(stamps));
}
