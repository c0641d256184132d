/**
 * Changing a request or an order over HTTP: the vendor changes quantities, dates and items
 * (added, dropped, substituted) as a new version checked against availability; before
 * confirmation it is sent as a quote; on a confirmed order its stock moves at once and the visitor
 * accepts it again (mailed both ways), and its pro forma is reissued for the change (the old one
 * voided); on an order under way nothing out is lost track of (fewer
 * than are out, dropping what is out, a new first day: each refused at its field).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { OutboxMailer } from '../../server/mail/mailer';
import { confirmedOrder, type ConfirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';
import { AVIATION_HOST, storefrontVisitor } from '../helpers/storefront-visitor';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Four in stock. */
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
/** Ten in stock. */
const CASES = '1950s-hard-train-case-cream';
const noPricing = { adjustments: {}, services: [] };

const revisionOf = async (id: string) => String((await t.app.quoteRequests.get('aviation', id))?.revision ?? 0);
const change = async (id: string, body: object) =>
  t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/quote-requests/${id}/change`,
    payload: body,
    headers: { 'if-match': `"${await revisionOf(id)}"` },
  });
const visitorView = (order: ConfirmedOrder) =>
  t.app
    .inject({ url: `/api/quotes/${order.id}`, headers: { host: AVIATION_HOST, cookie: order.cookie } })
    .then((response) => response.json());
const subjects = async (to: string) =>
  (await (t.app.mailer as OutboxMailer).list()).filter((mail) => mail.to === to).map((mail) => mail.subject);

describe('changing a request before it is confirmed', () => {
  it('sends the new lines and dates as a quote, which the visitor accepts as any other', async () => {
    const who = await storefrontVisitor(t, 'early-change@studio.example');
    const from = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 12);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: { items: [{ objectID: SEATS, quantity: 1 }], startDate: from, endDate: addDays(from, 1) },
      headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}`, cookie: who.cookie },
    });
    const id = asked.json().id as string;
    const unknown = await change(id, {
      items: [{ objectID: 'no-such-prop', quantity: 1 }],
      startDate: from,
      endDate: addDays(from, 1),
      pricing: noPricing,
    });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([
      400,
      { 'items.0.objectID': 'no item "no-such-prop" in this catalogue' },
    ]);
    const backwards = await change(id, {
      items: [{ objectID: SEATS, quantity: 1 }],
      startDate: from,
      endDate: addDays(from, -1),
      pricing: noPricing,
    });
    expect(backwards.statusCode).toBe(400);
    const changed = await change(id, {
      items: [
        { objectID: SEATS, quantity: 2 },
        { objectID: CASES, quantity: 1 },
      ],
      startDate: from,
      endDate: addDays(from, 3),
      pricing: noPricing,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      state: 'quoted',
      endDate: addDays(from, 3),
      lines: [
        { objectID: SEATS, quantity: 2 },
        { objectID: CASES, quantity: 1 },
      ],
    });
    const seen = (
      await t.app.inject({ url: `/api/quotes/${id}`, headers: { host: AVIATION_HOST, cookie: who.cookie } })
    ).json();
    expect(seen.actions).toEqual(['hold', 'accept', 'decline', 'cancel']);
    expect(seen.versions).toHaveLength(1);
  });
});

describe('changing an order', () => {
  let order: ConfirmedOrder;

  it('moves a confirmed order to new lines and dates at once, checked against what else is booked, and asks the visitor to accept it', async () => {
    order = await confirmedOrder(t, 'changes@studio.example', [{ objectID: SEATS, quantity: 2 }], 6, 'Change Shoot');
    const other = await confirmedOrder(
      t,
      'other-changes@studio.example',
      [{ objectID: SEATS, quantity: 2 }],
      6,
      'Other Shoot',
    );
    // Two more seats on the same days: the other order has them.
    const refused = await change(order.id, {
      items: [{ objectID: SEATS, quantity: 3 }],
      startDate: order.startDate,
      endDate: order.endDate,
      pricing: noPricing,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/^Not confirmed: a line is not free on these dates/);

    const later = addDays(order.endDate, 1);
    const changed = await change(order.id, {
      items: [
        { objectID: SEATS, quantity: 1 },
        { objectID: CASES, quantity: 4 },
      ],
      startDate: order.startDate,
      endDate: later,
      pricing: {
        adjustments: { [CASES]: { amount: -10, reason: 'Cases on the house, nearly' } },
        services: [],
        message: 'One seat, four cases, a day longer',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ state: 'confirmed', hold: 'order', endDate: later });
    const bookings = await t.app.quoteRequests.bookings('aviation', [SEATS, CASES], order.startDate, later);
    expect(
      bookings
        .filter((booking) => booking.quoteId === order.id)
        .map((booking) => [booking.objectID, booking.quantity, booking.lastDay, booking.kind]),
    ).toEqual(
      expect.arrayContaining([
        [SEATS, 1, later, 'order'],
        [CASES, 4, later, 'order'],
      ]),
    );
    // The other order now has room for a third seat: the freed one.
    expect(
      (
        await change(other.id, {
          items: [{ objectID: SEATS, quantity: 3 }],
          startDate: other.startDate,
          endDate: other.endDate,
          pricing: noPricing,
        })
      ).statusCode,
    ).toBe(200);

    const seen = await visitorView(order);
    expect(seen.actions).toEqual(['accept']);
    expect(seen.versions.at(-1)).toMatchObject({
      version: 2,
      pricing: { message: 'One seat, four cases, a day longer' },
    });
    expect(seen.history.at(-1)).toMatchObject({ action: 'change', by: 'vendor', version: 2 });
    expect(await subjects(order.email)).toContain(
      `Jetway Props changed your order: ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(seen.due.total)}`,
    );

    // The visitor accepts the version they read; an older one is refused.
    const accept = (version: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/quotes/${order.id}/accept`,
        payload: { version },
        headers: {
          host: AVIATION_HOST,
          origin: `http://${AVIATION_HOST}`,
          cookie: order.cookie,
          'if-match': `"${seen.revision}"`,
        },
      });
    // Until the visitor accepts, the pro forma they have is the one of the order they agreed to.
    const proFormas = async () =>
      (await t.app.invoices.forQuote('aviation', order.id))
        .filter((invoice) => invoice.kind === 'proForma')
        .map((invoice) => [invoice.version, Boolean(invoice.voidedAt), invoice.total]);
    expect(await proFormas()).toEqual([[1, false, expect.any(Number)]]);
    expect((await accept(1)).statusCode).toBe(409);
    const accepted = await accept(2);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'confirmed', actions: [] });
    // Accepted: a pro forma of the changed order, and the first one voided (a pro forma is reissued, never credited).
    expect(await proFormas()).toEqual([
      [1, true, expect.any(Number)],
      [2, false, expect.any(Number)],
    ]);
    // Opening the order in the console issues nothing more.
    await t.as('aviationAdmin', { url: `/api/tenants/aviation/quote-requests/${order.id}` });
    expect(await proFormas()).toHaveLength(2);
    expect(await subjects('rentals@jetwayprops.com')).toContainEqual(
      expect.stringMatching(
        /^(?:changes \()?changes@studio\.example\)? accepted the change to their order \(version 2\)$/,
      ),
    );
  });

  it('keeps track of what is out: never fewer than are out, nothing out dropped, the first day of a hire under way kept', async () => {
    const units = await t.as('aviationAdmin', { method: 'POST', url: `/api/tenants/aviation/items/${CASES}/units` });
    expect(units.statusCode).toBe(201);
    const tags = (units.json() as Array<{ tag: string }>).map((unit) => unit.tag);
    for (const [index, tag] of tags.slice(0, 3).entries()) {
      const scanned = await t.as('aviationAdmin', {
        method: 'POST',
        url: `/api/tenants/aviation/orders/${order.id}/scans`,
        payload: { id: `change-scan-${index}0000`, direction: 'out', code: tag },
      });
      expect(scanned.json().record.outcome, scanned.body).toBe('ok');
    }
    const base = { startDate: order.startDate, endDate: addDays(order.endDate, 1), pricing: noPricing };
    const fewer = await change(order.id, {
      ...base,
      items: [
        { objectID: SEATS, quantity: 1 },
        { objectID: CASES, quantity: 2 },
      ],
    });
    expect([fewer.statusCode, fewer.json().errors]).toEqual([
      400,
      { 'items.1.quantity': '3 are out on this order now: check them in before asking for fewer' },
    ]);
    const dropped = await change(order.id, { ...base, items: [{ objectID: SEATS, quantity: 1 }] });
    expect(dropped.json().errors).toEqual({
      items: '1950s Hard Train Case, Cream: 3 out on this order now; it cannot be dropped before they are back',
    });
    const moved = await change(order.id, {
      ...base,
      startDate: addDays(order.startDate, 1),
      items: [
        { objectID: SEATS, quantity: 1 },
        { objectID: CASES, quantity: 4 },
      ],
    });
    expect(moved.json().errors).toEqual({
      startDate: `the hire is under way: it keeps its first day, ${order.startDate}`,
    });

    // Substituting the seat for a fifth case, two days longer: allowed, and the hire stays partly out (4 + 1 booked, 3 out).
    const substituted = await change(order.id, {
      ...base,
      endDate: addDays(order.endDate, 2),
      items: [{ objectID: CASES, quantity: 5 }],
    });
    expect(substituted.statusCode, substituted.body).toBe(200);
    expect(substituted.json()).toMatchObject({ state: 'partlyOut', lines: [{ objectID: CASES, quantity: 5 }] });
    expect((await visitorView(order)).actions).toEqual(['accept']);
    const sheet = (await t.as('aviationAdmin', { url: `/api/tenants/aviation/orders/${order.id}/pull-sheet` })).json();
    expect(
      sheet.lines.map((line: { objectID: string; quantity: number; out: number }) => [
        line.objectID,
        line.quantity,
        line.out,
      ]),
    ).toEqual([[CASES, 5, 3]]);
  });
});
