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
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import type { Booking } from '../../schema/rental/availability';
import { outNow, hireLineOf } from '../../schema/rental/hire';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { isOverdue, type QuoteState } from '../../schema/rental/quote-states';
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

/** An all-day event from `first` to `last` (both counted): iCalendar's end is the day after. */
const allDay = (first: string, last: string) => ({ start: new Date(`${first}T00:00:00Z`), end: new Date(`${addDays(last, 1)}T00:00:00Z`), allDay: true });

const whoOf = (order: QuoteRequest) => order.production ?? order.name ?? order.email;
const linesText = (order: QuoteRequest) => order.lines.map((line) => `${line.quantity} × ${line.name}`).join('\n');

/** The vendor's feed: each order's pick-up and return, from PAST_DAYS ago on. */
export async function vendorFeed(stores: QuoteStores, settings: QuoteSettings, tenantId: string, links: { order: (id: string) => string }, now: Date): Promise<string> {
  const today = todayIn(settings.timezone, now);
  const from = addDays(today, -PAST_DAYS);
  const lists = await Promise.all(
    ORDER_STATES.map(async (state) => (await stores.quoteRequests.list(tenantId, { state, from, sort: { field: 'startDate', order: 'asc' }, limit: ORDERS_PER_STATE })).requests),
  );
  const calendar = calendarOf(`${settings.vendor.displayName ?? settings.vendor.name}: pick-ups and returns`, settings);
  for (const order of lists.flat()) {
    const who = whoOf(order);
    const pieces = order.lines.reduce((sum, line) => sum + line.quantity, 0);
    const still = order.lines.reduce((sum, line) => sum + outNow(hireLineOf(order.hire, line.objectID)), 0);
    const overdue = isOverdue(order, now, settings.timezone, settings.returnGraceHours);
    const description = [`${order.name ?? order.email} <${order.email}>`, order.studio, '', linesText(order)].filter((line) => line !== undefined).join('\n');
    const common = { description, url: links.order(order.id), status: ICalEventStatus.CONFIRMED };
    calendar.createEvent({ id: `${order.id}-out@${tenantId}.backlot`, ...allDay(order.startDate, order.startDate), summary: `Out: ${who} (${pieces} piece${pieces === 1 ? '' : 's'})`, ...common });
    calendar.createEvent({
      id: `${order.id}-back@${tenantId}.backlot`,
      ...allDay(order.endDate, order.endDate),
      summary: `${overdue ? `OVERDUE (${still} still out) · ` : ''}Back: ${who}`,
      ...common,
    });
  }
  return calendar.toString();
}

/** An item's feed: each hire, hold, repair and loss of it from PAST_DAYS ago to the booking horizon. */
export async function itemFeed(stores: QuoteStores, settings: QuoteSettings, tenantId: string, objectID: string, links: { order: (id: string) => string }, now: Date): Promise<string | undefined> {
  const item = await stores.itemStore.get(tenantId, objectID);
  if (!item) return undefined;
  const today = todayIn(settings.timezone, now);
  const from = addDays(today, -PAST_DAYS);
  const to = addDays(today, settings.site.bookingHorizonDays ?? 730);
  const booked: Booking[] = await stores.quoteRequests.bookings(tenantId, [objectID], from, to);
  const orderIds = [...new Set(booked.filter((booking) => booking.kind === 'order' || booking.kind === 'pencil').map((booking) => booking.quoteId))];
  const orders = new Map((await Promise.all(orderIds.map((id) => stores.quoteRequests.get(tenantId, id)))).flatMap((order) => (order ? [[order.id, order] as const] : [])));
  const calendar = calendarOf(`${item.name}: bookings`, settings);
  for (const booking of booked) {
    const order = orders.get(booking.quoteId);
    // Stock off the shelf runs until it is back: shown as its first day, not a two-century bar.
    const [summary, last] =
      booking.kind === 'repair'
        ? [`${booking.quantity} to repair`, booking.firstDay]
        : booking.kind === 'lost'
          ? [`${booking.quantity} lost or retired`, booking.firstDay]
          : [`${booking.quantity} × ${order ? whoOf(order) : booking.quoteId}${booking.kind === 'pencil' ? ' (pencilled)' : ''}`, booking.lastDay];
    calendar.createEvent({
      id: `${booking.quoteId}-${objectID}@${tenantId}.backlot`,
      ...allDay(booking.firstDay, last < booking.firstDay ? booking.firstDay : last),
      summary,
      ...(order && { description: `${order.name ?? order.email}\n${linesText(order)}`, url: links.order(order.id) }),
      status: booking.kind === 'pencil' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** What a visitor's own feed leaves out: requests that never became, or stopped being, a hire. */
const VISITOR_HIDDEN: ReadonlySet<QuoteState> = new Set(['declined', 'cancelled', 'expired']);

/** A visitor's feed: each of their hires with the vendor, first day to last (requests and quotes tentative). */
export async function visitorFeed(stores: QuoteStores, settings: QuoteSettings, tenantId: string, uid: string, links: { quote: (id: string) => string }): Promise<string> {
  const { requests } = await stores.quoteRequests.list(tenantId, { uid, limit: 500 });
  const vendor = settings.vendor.displayName ?? settings.vendor.name;
  const calendar = calendarOf(`Your hires with ${vendor}`, settings);
  for (const order of requests) {
    const state = order.state ?? 'requested';
    if (VISITOR_HIDDEN.has(state)) continue;
    const confirmed = ORDER_STATES.includes(state);
    calendar.createEvent({
      id: `${order.id}@${tenantId}.backlot`,
      ...allDay(order.startDate, order.endDate),
      summary: `${confirmed ? 'Hire' : 'Requested hire'}: ${order.production ?? vendor} (${vendor})`,
      description: linesText(order),
      url: links.quote(order.id),
      status: confirmed ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return calendar.toString();
}
