/**
 * A fixed kit through the warehouse, on the real app over HTTP (issue 53): its pull sheet lists
 * its components under it; its own label checks them all out at once; checked in with a piece
 * missing, that piece is written off as lost on its own line, charged at its replacement value,
 * and gone from stock on the days after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../schema/rental/quote-rules';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

const TEMPLATE = 'airliner-captain-seat-sheepskin-cover';

async function newItem(objectID: string, name: string, extra: object) {
  const [template] = await t.app.itemStore.getMany('aviation', [TEMPLATE]);
  const made = await t.as('aviationAdmin', {
    method: 'POST',
    url: '/api/tenants/aviation/items',
    payload: { ...template!, objectID, name, sku: undefined, replacementValue: undefined, ...extra },
  });
  expect(made.statusCode, made.body).toBe(201);
}

let sequence = 0;
const scan = (orderId: string, body: object) =>
  t.as('aviationAdmin', {
    method: 'POST',
    url: `/api/tenants/aviation/orders/${orderId}/scans`,
    payload: { id: `kit-scan-${String(++sequence).padStart(4, '0')}`, ...body },
  });

describe('a fixed kit on the floor', () => {
  it('is picked under its own name, goes out by its label, and a piece missing at check-in is charged and leaves stock', async () => {
    await newItem('flight-deck-yoke', 'Flight deck yoke', { quantity: 1, replacementValue: 450 });
    await newItem('flight-deck-seat', 'Flight deck seat', { quantity: 2, replacementValue: 600 });
    await newItem('flight-deck-set', 'Flight deck set', {
      quantity: 1,
      kit: {
        kind: 'fixed',
        itemise: true,
        components: [
          { objectID: 'flight-deck-seat', quantity: 2 },
          { objectID: 'flight-deck-yoke', quantity: 1 },
        ],
      },
    });
    const order = await confirmedOrder(
      t,
      'kit-hire@studio.example',
      [{ objectID: 'flight-deck-set', quantity: 1 }],
      0,
      'Flight Deck',
    );

    // Itemised: the pro forma has a line per component, sharing the kit's price by their rates.
    const [proForma] = await t.app.invoices.forQuote('aviation', order.id);
    const kitTotal = (await t.app.quoteRequests.get('aviation', order.id))!.versions!.at(-1)!.breakdown.lines[0]!
      .subtotal;
    const rentals = proForma!.lines.filter((line) => line.kind === 'rental');
    expect(rentals.map((line) => [line.description, line.quantity])).toEqual([
      ['Flight deck set: Flight deck seat', 2],
      ['Flight deck set: Flight deck yoke', 1],
    ]);
    expect(rentals.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(kitTotal, 10);

    const sheet = await t.as('aviationAdmin', { url: `/api/tenants/aviation/orders/${order.id}/pull-sheet` });
    const kit = { objectID: 'flight-deck-set', name: 'Flight deck set', kind: 'fixed', quantity: 1 };
    expect(sheet.json().lines.map((line: object) => line)).toEqual([
      expect.objectContaining({ objectID: 'flight-deck-seat', name: 'Flight deck seat', quantity: 2, kit }),
      expect.objectContaining({ objectID: 'flight-deck-yoke', name: 'Flight deck yoke', quantity: 1, kit }),
    ]);

    const out = await scan(order.id, { direction: 'out', code: 'aviation/flight-deck-set' });
    expect(out.json().record).toMatchObject({
      outcome: 'ok',
      message: 'Out: 1 × Flight deck set (2 × Flight deck seat, 1 × Flight deck yoke).',
    });
    expect(out.json().state).toBe('out');

    const back = await scan(order.id, {
      direction: 'in',
      code: 'aviation/flight-deck-set',
      missing: [{ objectID: 'flight-deck-yoke', count: 1 }],
    });
    expect(back.json().record.message).toBe(
      'Back: 1 × Flight deck set (2 × Flight deck seat, 1 × Flight deck yoke). Missing, written off as lost and charged: 1 × Flight deck yoke.',
    );
    expect(back.json().hire.charges).toEqual([
      expect.objectContaining({ kind: 'loss', objectID: 'flight-deck-yoke', quantity: 1, subtotal: 450 }),
    ]);
    // The yoke is gone from stock: the set cannot be had again after this hire.
    const later = addDays(order.endDate, 10);
    const calendar = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/availability/flight-deck-set?from=${later}&to=${later}`,
    });
    expect(calendar.json().days).toEqual([{ date: later, free: 0 }]);
  });
});
