/**
 * The planner's one call on the real app over HTTP (issue 53): an order is a bar on its item's row
 * naming its production; stock cut below what is booked shows as a shortage on those days; a
 * search and a group narrow the rows; a range past three months is refused in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Planner } from '../../schema/rental/planner';
import { addDays } from '../../schema/rental/quote-rules';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Four in stock. */
const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
const planner = async (query: string) => {
  const answer = await t.as('aviationAdmin', { url: `/api/tenants/aviation/planner?${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Planner;
};

describe('the planner', () => {
  it('draws an order as a bar on its row, a cut in stock as a shortage, and narrows by search and group', async () => {
    const order = await confirmedOrder(
      t,
      'planner@studio.example',
      [{ objectID: SEATS, quantity: 3 }],
      10,
      'Planner Shoot',
    );
    const range = `from=${addDays(order.startDate, -2)}&to=${addDays(order.endDate, 2)}`;
    const found = await planner(`${range}&q=houndstooth`);
    expect(found.rows.map((row) => [row.objectID, row.stock])).toEqual([[SEATS, 4]]);
    expect(found.bars).toEqual([
      {
        row: 0,
        quoteId: order.id,
        kind: 'order',
        from: order.startDate,
        to: order.endDate,
        quantity: 3,
        who: 'Planner Shoot',
      },
    ]);
    expect(found.short).toEqual([]);

    // Two seats go (the stock cut to 2): the order is one over on its days, the turnaround included.
    await t.app.itemStore.update('aviation', SEATS, (item) => ({ ...item, quantity: 2 }));
    expect((await planner(`${range}&q=houndstooth`)).short).toEqual([
      { row: 0, from: addDays(order.startDate, -1), to: addDays(order.endDate, 1), over: 1 },
    ]);

    const whole = await planner(range);
    expect(whole.rows.length).toBeGreaterThan(300);
    expect(whole.rows.every((row) => row.group)).toBe(true);
    const seats = await planner(`${range}&group=seats`);
    expect(seats.rows.every((row) => row.group === 'seats')).toBe(true);
    expect(seats.rows.length).toBeLessThan(whole.rows.length);

    const tooLong = await t.as('aviationAdmin', {
      url: `/api/tenants/aviation/planner?from=${order.startDate}&to=${addDays(order.startDate, 100)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Ask for 93 days or fewer, from a first day to a later last day.');
  });
});
