/**
 * A kit's availability comes from its components (issue 53), on the real app over HTTP: a kit is
 * free as often as its scarcest component allows after every other booking, booking it books its
 * components (a seat booked in a kit is gone from the seat's own page), a component booked alone
 * leaves the kit short, and a request for a kit that cannot be made whole is refused at its line
 * with the first day it can be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, freeSaidOn, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Four in stock. */
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
/** Two seat rows in one fixed kit. */
const KIT = 'propliner-seat-pair';

const freeOn = (url: string, objectID: string) => freeSaidOn(t, url, objectID);

describe('a kit on the storefront and in orders', () => {
  it('is free as its components are, and booking it or them takes from both', async () => {
    const [seat] = await t.app.itemStore.getMany('aviation', [SEATS]);
    const made = await t.as('aviationAdmin', {
      method: 'POST',
      url: '/api/tenants/aviation/items',
      payload: {
        ...seat!,
        objectID: KIT,
        name: 'Propliner seat pair',
        sku: undefined,
        kit: { kind: 'fixed', components: [{ objectID: SEATS, quantity: 2 }] },
      },
    });
    expect(made.statusCode, made.body).toBe(201);

    const order = await confirmedOrder(t, 'kit@studio.example', [{ objectID: KIT, quantity: 1 }], 40, 'Kit One');
    const stored = await t.app.quoteRequests.get('aviation', order.id);
    // The line keeps what the kit was made of; its bookings are the seats'.
    expect(stored!.lines[0]!.kit).toEqual({
      kind: 'fixed',
      components: [{ objectID: SEATS, name: seat!.name, quantity: 2 }],
    });
    expect(
      (await t.app.quoteRequests.bookings('aviation', [SEATS, KIT], order.startDate, order.endDate)).map((booking) => [
        booking.objectID,
        booking.quantity,
      ]),
    ).toEqual([[SEATS, 2]]);

    const dates = `from=${order.startDate}&to=${order.endDate}`;
    expect(await freeOn(`/item/${SEATS}?${dates}`, SEATS)).toBe(2);
    expect(await freeOn(`/item/${KIT}?${dates}`, KIT)).toBe(1);
    expect(await freeOn(`/search?q=propliner&${dates}`, KIT)).toBe(1);

    // Two seats booked alone: the kit has none left on those dates, and "available only" leaves it out.
    await confirmedOrder(t, 'kit-2@studio.example', [{ objectID: SEATS, quantity: 2 }], 40, 'Seats Alone');
    expect(await freeOn(`/item/${KIT}?${dates}`, KIT)).toBe(0);
    const availableOnly = await t.app.inject({
      url: `/search?q=propliner&${dates}&available=1`,
      headers: { host: AVIATION_HOST },
    });
    expect(availableOnly.body).not.toContain(`/item/${KIT}"`);

    // The item page's calendar and the console's timeline count the kit day by day from its seats (a day of turnaround before).
    const range = `from=${addDays(order.startDate, -2)}&to=${order.endDate}`;
    const calendar = await t.app.inject({ url: `/api/availability/${KIT}?${range}`, headers: { host: AVIATION_HOST } });
    expect(calendar.json().stock).toBe(2);
    expect(calendar.json().days.map((day: { free: number }) => day.free)).toEqual([2, 0, 0, 0, 0]);
    const timeline = await t.as('aviationAdmin', { url: `/api/tenants/aviation/availability/${KIT}?${range}` });
    expect(timeline.json().days.map((day: { free: number }) => day.free)).toEqual([2, 0, 0, 0, 0]);
    expect(
      timeline
        .json()
        .bookings.map((booking: { production: string }) => booking.production)
        .sort(),
    ).toEqual(['Kit One', 'Seats Alone']);
  });

  it('is refused at its line when a component is short, with the first day it can be had whole', async () => {
    const who = await storefrontVisitor(t, 'kit-3@studio.example');
    const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 40);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: { items: [{ objectID: KIT, quantity: 1 }], startDate: from, endDate: addDays(from, 2) },
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: who.cookie },
    });
    expect(asked.statusCode, asked.body).toBe(400);
    // The orders above run three days from `from`; a day of turnaround after them.
    expect(asked.json().errors['items.0.quantity']).toBe(
      `only 0 free from ${from} to ${addDays(from, 2)}: the rest are held for other hires. From ${addDays(from, 4)}, 1 is free for as many days`,
    );
  });
});
