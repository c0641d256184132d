/**
 * The kept day counts behind dated listings (server/rental/kept-availability.ts), on the real app
 * (SQLite stores): they answer what reading the bookings answers, count the bookings once per
 * bookings version (not per page), follow a booking at once, take an item's new stock from the
 * next catalogue version, and read the bookings per request where a store cannot say when they
 * change. Pages with dates over HTTP: tests/server/dated-pages.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../schema/rental/quote-rules';
import { freeQuantities, quoteSettingsOf, stockOnDates } from '../../server/rental/quote-conversation';
import { KeptAvailability } from '../../server/rental/kept-availability';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Four in stock. */
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';

/** The dates of the first test's orders: three of the four seats, then the fourth. */
let range: { from: string; to: string };

async function settings() {
  return quoteSettingsOf((await t.app.tenantStore.get('aviation'))!.tenant);
}

describe('the kept day counts', () => {
  it('answer as the bookings read afresh do, count them once per version, and follow a booking at once', async () => {
    const order = await confirmedOrder(t, 'kept@studio.example', [{ objectID: SEATS, quantity: 3 }], 20, 'Kept');
    range = { from: order.startDate, to: order.endDate };
    const items = await t.app.itemStore.getMany('aviation', [SEATS]);
    const rules = await settings();
    const now = new Date();
    const read = vi.spyOn(t.app.quoteRequests, 'bookingsBetween');
    const kept = new KeptAvailability(t.app, (tenantId) => t.app.catalogueVersion(tenantId));
    const fresh = await freeQuantities(t.app, 'aviation', items, range, rules, now);
    expect(fresh.get(SEATS)).toBe(1);
    expect(await kept.free('aviation', items, range, rules, now)).toEqual(fresh);
    expect(
      await kept.free('aviation', items, { from: addDays(range.to, 5), to: addDays(range.to, 7) }, rules, now),
    ).toEqual(new Map([[SEATS, 4]]));
    expect((await kept.onDates('aviation', range, rules, now)).bookedOut).toEqual([]);
    expect(read).toHaveBeenCalledTimes(1);

    await confirmedOrder(t, 'kept-2@studio.example', [{ objectID: SEATS, quantity: 1 }], 20, 'Kept 2');
    const booked = await kept.onDates('aviation', range, rules, now);
    expect(booked.bookedOut).toEqual([SEATS]);
    expect(booked.bookedOut).toEqual((await stockOnDates(t.app, 'aviation', range, rules, now)).bookedOut);
    expect(await booked.free(items)).toEqual(new Map([[SEATS, 0]]));
    expect(read).toHaveBeenCalledTimes(3); // the new version's count, and stockOnDates' own read
    read.mockRestore();
  });

  it("takes an item's new stock from the next catalogue version", async () => {
    const rules = await settings();
    const now = new Date();
    let version = 1;
    const kept = new KeptAvailability(t.app, () => version);
    const [seat] = await t.app.itemStore.getMany('aviation', [SEATS]);
    expect((await kept.onDates('aviation', range, rules, now)).bookedOut).toEqual([SEATS]);
    await t.app.itemStore.putMany('aviation', [{ ...seat!, quantity: 6 }]);
    expect((await kept.onDates('aviation', range, rules, now)).bookedOut).toEqual([SEATS]); // same version: kept
    version = 2;
    expect((await kept.onDates('aviation', range, rules, now)).bookedOut).toEqual([]);
    await t.app.itemStore.putMany('aviation', [seat!]);
  });

  it('reads the bookings for each request where the store cannot say when they change', async () => {
    const rules = await settings();
    const now = new Date();
    const unsure = Object.create(t.app.quoteRequests) as typeof t.app.quoteRequests;
    unsure.bookingsVersion = () => undefined;
    const bookings = vi.spyOn(unsure, 'bookings');
    const kept = new KeptAvailability({ quoteRequests: unsure, itemStore: t.app.itemStore }, () => 1);
    const items = await t.app.itemStore.getMany('aviation', [SEATS]);
    for (let ask = 0; ask < 3; ask++)
      expect(await kept.free('aviation', items, range, rules, now)).toEqual(new Map([[SEATS, 0]]));
    expect(bookings).toHaveBeenCalledTimes(3);
  });
});
