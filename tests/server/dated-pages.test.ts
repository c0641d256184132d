/**
 * A listing or item page asked for with shoot dates is kept (it is the main path of a visitor with
 * dates), and never says what was free before a booking changed: confirming an order, sending a
 * unit to repair, each shows on the next page asked for, kept or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';
import { freeSaidOn } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Four in stock. */
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';

const freeSeats = (url: string) => freeSaidOn(t, url, SEATS);

describe('pages with shoot dates', () => {
  it('are kept, and follow every booking change at once', async () => {
    const order = await confirmedOrder(
      t,
      'dated-pages@studio.example',
      [{ objectID: SEATS, quantity: 1 }],
      30,
      'Dated Pages',
    );
    const listing = `/search?q=houndstooth&from=${order.startDate}&to=${order.endDate}`;
    const item = `/item/${SEATS}?from=${order.startDate}&to=${order.endDate}`;
    for (const url of [listing, item])
      expect([await freeSeats(url), await freeSeats(url), await freeSeats(url)]).toEqual([3, 3, 3]);

    await confirmedOrder(t, 'dated-pages-2@studio.example', [{ objectID: SEATS, quantity: 2 }], 30, 'Dated Pages 2');
    for (const url of [listing, item]) expect(await freeSeats(url)).toBe(1);

    const units = await t.as('aviationAdmin', { method: 'POST', url: `/api/tenants/aviation/items/${SEATS}/units` });
    const tag = (units.json() as Array<{ tag: string }>)[0]!.tag;
    expect(
      (
        await t.as('aviationAdmin', {
          method: 'POST',
          url: `/api/tenants/aviation/units/${tag}/status`,
          payload: { status: 'repair' },
        })
      ).statusCode,
    ).toBe(200);
    for (const url of [listing, item]) expect(await freeSeats(url)).toBe(0);
  });
});
