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

describe('a fixed kit with its own units', () => {
  it('names them when saved (refused at the tag that is wrong), picks them first and moves them by its label', async () => {
    await newItem('galley-trolley', 'Galley trolley', { quantity: 4, tracking: 'quantity' });
    const units = await t.as('aviationAdmin', {
      method: 'POST',
      url: '/api/tenants/aviation/items/galley-trolley/units',
    });
    expect(units.statusCode, units.body).toBe(201);
    const [first, second, third, fourth] = (units.json() as Array<{ tag: string }>).map((unit) => unit.tag);
    const kit = (tags: string[]) => ({
      kind: 'fixed',
      components: [{ objectID: 'galley-trolley', quantity: 2, tags }],
    });
    const [template] = await t.app.itemStore.getMany('aviation', [TEMPLATE]);
    const save = (tags: string[]) =>
      t.as('aviationAdmin', {
        method: 'POST',
        url: '/api/tenants/aviation/items',
        payload: { ...template!, objectID: 'galley-pair', name: 'Galley pair', sku: undefined, kit: kit(tags) },
      });
    const refused = await save([second!, 'NOPE-0001']);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('NOPE-0001 is no unit here, not of Galley trolley');
    expect((await save([third!, second!])).statusCode).toBe(201);

    const order = await confirmedOrder(
      t,
      'galley@studio.example',
      [{ objectID: 'galley-pair', quantity: 1 }],
      0,
      'Galley',
    );
    const sheet = (await t.as('aviationAdmin', { url: `/api/tenants/aviation/orders/${order.id}/pull-sheet` })).json();
    expect(sheet.lines[0]).toMatchObject({ objectID: 'galley-trolley', onShelf: [third, second, first, fourth] });
    const out = await scan(order.id, { direction: 'out', code: 'aviation/galley-pair' });
    expect(out.json().record).toMatchObject({
      outcome: 'ok',
      message: `Out: 1 × Galley pair (2 × Galley trolley ${third}, ${second}).`,
    });
    const after = (await t.as('aviationAdmin', { url: '/api/tenants/aviation/items/galley-trolley/units' })).json();
    expect(after.map((unit: { tag: string; status: string }) => [unit.tag, unit.status])).toEqual([
      [first, 'inService'],
      [second, 'out'],
      [third, 'out'],
      [fourth, 'inService'],
    ]);
    // There is one of it, though its four trolleys would make two: a second is more than the house has.
    const later = addDays(order.endDate, 7);
    const free = await t.as('aviationAdmin', { url: `/api/availability/galley-pair?from=${later}&to=${later}` });
    expect(free.json().days[0]).toMatchObject({ free: 1 });
  });
});
