/**
 * A short pick-up: an order whose production never took some of what it booked (two of three cases
 * and one of two suitcases went out, all came back). It reaches "Returned", and the pull sheet, the
 * Dispatch board and the console's order say what never went out; closing it without a word is
 * refused naming those lines; the vendor chooses to credit them (a credit line on the invoice,
 * priced and taxed as the rental line, and the card charged less) or to invoice them as booked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteRequest } from '../../schema/types.generated';
import { vendorFeed } from '../../server/rental/calendar-feeds';
import { dispatchBoard } from '../../server/rental/hire-floor';
import { quoteSettingsOf } from '../../server/rental/quote-conversation';
import { quoteStoresOf } from '../../server/rental/quote-stores';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Ten in stock, counted as a quantity. */
const CASES = '1950s-hard-train-case-cream';
/** Five in stock, counted as a quantity. */
const SUITCASES = '1960s-hard-sided-suitcase-turquoise';

const consoleApi = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.as('aviationAdmin', {
    method,
    url: `/api/tenants/aviation/${url}`,
    ...(payload !== undefined && { payload }),
    headers,
  });
let scans = 0;
const scan = async (orderId: string, code: string, direction: 'out' | 'in', count: number) => {
  const answer = await consoleApi('POST', `orders/${orderId}/scans`, {
    id: `short-scan-${String((scans += 1)).padStart(4, '0')}`,
    direction,
    code,
    count,
  });
  expect(answer.statusCode, answer.body).toBe(200);
};
const stored = async (id: string) => (await t.app.quoteRequests.get('aviation', id)) as QuoteRequest;
const close = async (id: string, body?: object) =>
  consoleApi('POST', `quote-requests/${id}/close`, body ?? {}, { 'if-match': `"${(await stored(id)).revision}"` });

/** An order for three cases and two suitcases of which two cases and one suitcase went out and came back. */
async function shortOrder(email: string, inDays: number) {
  const order = await confirmedOrder(
    t,
    email,
    [
      { objectID: CASES, quantity: 3 },
      { objectID: SUITCASES, quantity: 2 },
    ],
    inDays,
    'Short Pick-up',
  );
  await scan(order.id, CASES, 'out', 2);
  await scan(order.id, SUITCASES, 'out', 1);
  await scan(order.id, CASES, 'in', 2);
  await scan(order.id, SUITCASES, 'in', 1);
  expect((await stored(order.id)).state).toBe('returned');
  return order;
}

const NEVER_OUT = [
  { objectID: CASES, name: '1950s Hard Train Case, Cream', quantity: 1 },
  { objectID: SUITCASES, name: '1960s Hard-Sided Suitcase, Turquoise', quantity: 1 },
];

describe('a short pick-up', () => {
  it('says what never went out on the pull sheet, on Dispatch and on the order, and will not close without the vendor’s choice', async () => {
    const order = await shortOrder('short-say@studio.example', 3);
    expect((await consoleApi('GET', `orders/${order.id}/pull-sheet`)).json().neverOut).toEqual(NEVER_OUT);
    expect((await consoleApi('GET', `quote-requests/${order.id}`)).json().neverOut).toEqual(NEVER_OUT);
    const settings = quoteSettingsOf((await t.app.tenantStore.get('aviation'))!.tenant);
    const board = await dispatchBoard(quoteStoresOf(t.app), settings, 'aviation', new Date());
    expect(board.toClose.find((row) => row.id === order.id)).toMatchObject({ neverOut: NEVER_OUT });
    // The vendor's calendar says what went out, not what was booked.
    const feed = await vendorFeed(quoteStoresOf(t.app), settings, 'aviation', { order: (id) => id }, new Date());
    expect(feed.body).toContain('SUMMARY:Out: Short Pick-up (3 of 5 pieces)');
    // The rest can still be picked up and signed for (a hand-over out on a hire that is back).
    const signed = await consoleApi('POST', `orders/${order.id}/handovers`, {
      id: `late-pickup-${order.id.slice(0, 8)}`,
      direction: 'out',
      name: 'Runner',
    });
    expect(signed.json().record).toMatchObject({ outcome: 'ok', message: 'Handed over to Runner.' });

    const refused = await close(order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message:
        'Not closed: 1 × 1950s Hard Train Case, Cream and 1 × 1960s Hard-Sided Suitcase, Turquoise never went out',
      errors: {
        notTaken:
          '1 × 1950s Hard Train Case, Cream and 1 × 1960s Hard-Sided Suitcase, Turquoise never went out: choose to invoice them as booked, or to credit them',
      },
    });
    expect((await stored(order.id)).state).toBe('returned');
  });

  it('credits what never went out on the invoice, priced and taxed as its rental line, and charges the card that much less', async () => {
    const order = await shortOrder('short-credit@studio.example', 8);
    const closed = await close(order.id, { notTaken: 'credit' });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await stored(order.id);
    expect(after.hire!.notTaken).toEqual({ choice: 'credit', lines: NEVER_OUT });
    const invoice = (await t.app.invoices.forQuote('aviation', order.id)).find(
      (document) => document.kind === 'invoice',
    )!;
    const rental = (objectID: string) =>
      invoice.lines.find(
        (line) =>
          line.kind === 'rental' && line.description === NEVER_OUT.find((entry) => entry.objectID === objectID)!.name,
      )!;
    for (const missing of NEVER_OUT) {
      const each = rental(missing.objectID).amount / rental(missing.objectID).quantity;
      expect(invoice.lines).toContainEqual(
        expect.objectContaining({
          kind: 'credit',
          description: `Never went out: ${missing.name}`,
          quantity: 1,
          unitAmount: -each,
          amount: -each,
        }),
      );
    }
    expect(after.cardHold).toMatchObject({ status: 'captured', captured: invoice.total });
    const proForma = (await t.app.invoices.forQuote('aviation', order.id)).find(
      (document) => document.kind === 'proForma',
    )!;
    expect(invoice.total).toBeLessThan(proForma.total);
  });

  it('invoices what never went out as booked when the vendor says so, and keeps the choice on the order', async () => {
    const order = await shortOrder('short-invoice@studio.example', 13);
    expect((await close(order.id, { notTaken: 'invoice' })).statusCode).toBe(200);
    expect((await stored(order.id)).hire!.notTaken).toEqual({ choice: 'invoice', lines: NEVER_OUT });
    const invoice = (await t.app.invoices.forQuote('aviation', order.id)).find(
      (document) => document.kind === 'invoice',
    )!;
    expect(invoice.lines.some((line) => line.kind === 'credit')).toBe(false);
  });
});
