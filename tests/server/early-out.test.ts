/**
 * Units out before their hire (issue 50, point 12), over HTTP on SQLite (both stores keep the row:
 * tests/contract/hire-store.contract.ts): they leave stock the day they go, so the item page's
 * calendar, a production's request and a pencil all count them; a check-out that would leave
 * another booking short is refused, naming it; one earlier than the house lets hires go out is
 * noted on its scan; and a hire closed before its dates gives them back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const TZ = 'America/Los_Angeles';
/** Three in stock, counted as a quantity. */
const SEATS = 'cabin-jump-seat-blue-fabric';
/** Three in stock, counted as a quantity. */
const PLUGS = 'aircraft-window-plug-set-6';

let scanNumber = 0;
const scan = async (orderId: string, body: Record<string, unknown>) => {
  const response = await t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/orders/${orderId}/scans`,
    payload: { id: `early-scan-${String((scanNumber += 1)).padStart(4, '0')}`, direction: 'out', ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { record: { outcome: string; message: string }; state?: string };
};

const freeDays = async (objectID: string, from: string, to: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/availability/${objectID}?from=${from}&to=${to}`,
    headers: { host: AVIATION_HOST },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { days: Array<{ free: number }> }).days.map((day) => day.free);
};

describe('units out before their hire', () => {
  it('take stock from the day they leave; one that would leave another booking short is refused, naming it', async () => {
    const soon = await confirmedOrder(t, 'soon@studio.example', [{ objectID: SEATS, quantity: 2 }], 8, 'Night Ferry');
    const later = await confirmedOrder(t, 'later@studio.example', [{ objectID: SEATS, quantity: 2 }], 24, 'Long Haul');
    const today = todayIn(TZ, new Date());
    const days = Math.round((Date.parse(later.startDate) - Date.parse(today)) / 86_400_000);

    const first = await scan(later.id, { code: SEATS });
    expect(first.record).toEqual(
      expect.objectContaining({
        outcome: 'ok',
        message: `Out: Cabin Jump Seat, Blue Fabric. 1 of 2 out. Out ${days} days before the hire starts (this house lets hires go out 2 days before): kept from other bookings until then.`,
      }),
    );
    // The second would leave Night Ferry, out on its own dates before this hire, one short.
    const second = await scan(later.id, { code: SEATS });
    expect(second.record.outcome).toBe('unavailable');
    expect(second.record.message).toBe(
      `Cabin Jump Seat, Blue Fabric cannot go out yet: 2 would be out before this hire, and 1 of 3 is free on ${addDays(soon.startDate, -1)} (Night Ferry has the rest). This hire is kept from ${addDays(later.startDate, -1)}: check it out from then, or move the other booking first.`,
    );

    // The calendar counts the one out from today: two free before Night Ferry, none on its days.
    expect(await freeDays(SEATS, today, addDays(today, 2))).toEqual([2, 2, 2]);
    expect(await freeDays(SEATS, soon.startDate, soon.endDate)).toEqual([0, 0, 0]);
    // A production asking for all three before Night Ferry is told only two are free.
    const visitor = await storefrontVisitor(t, 'third@studio.example');
    const ask = (quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/quote-requests',
        payload: {
          items: [{ objectID: SEATS, quantity }],
          startDate: addDays(today, 3),
          endDate: addDays(today, 4),
          production: 'Short Notice',
        },
        headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: visitor.cookie },
      });
    const three = await ask(3);
    expect(three.statusCode).toBe(400);
    expect(three.json().errors['items.0.quantity']).toMatch(/^only 2 free from /);
    // Two are asked for and pencilled: one more may still be asked for, and held second in rank.
    const two = await ask(2);
    expect(two.statusCode, two.body).toBe(201);
    const pencil = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${two.json().id}/hold`,
      headers: { 'if-match': '"0"' },
    });
    expect(pencil.statusCode, pencil.body).toBe(200);
    const one = await ask(1);
    expect(one.statusCode, one.body).toBe(201);
    const held = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${one.json().id}/hold`,
      headers: { 'if-match': '"0"' },
    });
    expect(held.json().pencil).toMatchObject({ rank: 2 });
    // Three asked for again are still short: only what is out or ordered counts against a request.
    expect((await ask(3)).json().errors['items.0.quantity']).toMatch(/^only 2 free from /);
  });

  it('counts the day the rest go out within the prep window as the hire’s own, and frees every day of a hire closed before it starts', async () => {
    const prep = await confirmedOrder(t, 'prep@studio.example', [{ objectID: PLUGS, quantity: 2 }], 0, 'Prep Day');
    const today = todayIn(TZ, new Date());
    // Out within the two days the house allows: no note.
    const out = await scan(prep.id, { code: PLUGS, count: 2 });
    expect(out.record).toMatchObject({ outcome: 'ok', message: 'Out: 2 × Aircraft Window Plug Set (6). 2 of 2 out.' });
    expect((await freeDays(PLUGS, prep.startDate, prep.endDate)).every((free) => free <= 1)).toBe(true);
    // Back and closed before the hire began: every day of it is free again.
    expect((await scan(prep.id, { code: PLUGS, count: 2, direction: 'in' })).state).toBe('returned');
    const view = (
      await t.as('aviationAdmin', { method: 'GET', url: `/api/tenants/aviation/quote-requests/${prep.id}` })
    ).json();
    const closed = await t.as('aviationAdmin', {
      method: 'POST',
      url: `/api/tenants/aviation/quote-requests/${prep.id}/close`,
      headers: { 'if-match': `"${view.version}"` },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await freeDays(PLUGS, today, prep.endDate)).toEqual(
      Array.from({ length: Math.round((Date.parse(prep.endDate) - Date.parse(today)) / 86_400_000) + 1 }, () => 3),
    );
  });
});
