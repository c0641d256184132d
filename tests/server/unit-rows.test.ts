/**
 * Rows per unit on the real app over HTTP (issue 53): the planner draws each unit of an item
 * tracked unit by unit where it has been (out on an order, to that order's last day while it is
 * out; in repair once it came back damaged), and the earnings report gives each unit its days out
 * and an equal share of the revenue of the orders it went on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarningsRow } from '../../schema/rental/earnings';
import type { Planner } from '../../schema/rental/planner';
import { addDays, dayCount } from '../../schema/rental/quote-rules';
import { confirmedOrder } from '../helpers/confirmed-order';
import { aviationApi, buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Four in stock. */
const LAMPS = 'cockpit-flood-light-pair';
const api = aviationApi(() => t);

describe('rows per unit', () => {
  it('show where each unit has been in the planner, and what each earned', async () => {
    const tags = ((await api(`items/${LAMPS}/units`, {})).json() as Array<{ tag: string }>).map((unit) => unit.tag);
    const order = await confirmedOrder(t, 'units@studio.example', [{ objectID: LAMPS, quantity: 2 }], 0, 'Unit Shoot');
    let sequence = 0;
    const scan = (direction: 'out' | 'in', tag: string, condition?: string) =>
      api(`orders/${order.id}/scans`, {
        id: `unit-rows-${++sequence}-abcdef`,
        direction,
        code: `aviation/${tag}`,
        ...(condition && { condition, note: 'Cracked lens' }),
      });
    for (const tag of tags.slice(0, 2)) expect((await scan('out', tag)).json().record.outcome).toBe('ok');
    expect((await scan('in', tags[1]!, 'damaged')).json().record.outcome).toBe('ok');
    const today = (await api('tests-due?days=1')).json().today as string;

    const from = addDays(today, -2);
    const to = addDays(order.endDate, 3);
    const planner = (await api(`planner?from=${from}&to=${to}&q=flood&rows=units`)).json() as Planner;
    expect(planner.rows.map((row) => [row.objectID, row.tag, row.stock])).toEqual(
      [...tags].sort().map((tag) => [LAMPS, tag, 1]),
    );
    const barsOf = (tag: string) =>
      planner.bars
        .filter((bar) => planner.rows[bar.row]!.tag === tag)
        .map((bar) => [bar.kind, bar.quoteId, bar.from, bar.to]);
    // Still out: to its order's last day. Back damaged: out that day, then in repair.
    expect(barsOf(tags[0]!)).toEqual([['order', order.id, today, order.endDate]]);
    expect(barsOf(tags[1]!)).toEqual([
      ['order', order.id, today, today],
      ['repair', `repair:${tags[1]}`, today, today],
    ]);
    expect(barsOf(tags[2]!)).toEqual([]);
    // Items counted as a quantity have no unit rows.
    const none = (await api(`planner?from=${from}&to=${to}&q=houndstooth&rows=units`)).json() as Planner;
    expect(none.rows).toEqual([]);

    const stored = await t.app.quoteRequests.get('aviation', order.id);
    const revenue = stored!.versions!.at(-1)!.breakdown.lines.find((line) => line.objectID === LAMPS)!.subtotal;
    const rows = (await api(`earnings?from=${today}&to=${to}&by=unit`)).json().rows as EarningsRow[];
    const period = dayCount(today, to);
    // The period holds the whole hire: each of the two that went earned half its revenue.
    const half = Math.round((revenue / 2) * 100) / 100;
    expect(rows.find((row) => row.key === tags[0])).toMatchObject({
      name: `Cockpit Flood Light Pair ${tags[0]}`,
      stock: 1,
      daysOut: 1,
      daysAvailable: period,
      revenue: half,
      idleDays: period - 1,
    });
    expect(rows.find((row) => row.key === tags[1])).toMatchObject({ daysOut: 1, revenue: half });
    expect(rows.find((row) => row.key === tags[2])).toMatchObject({ daysOut: 0, revenue: 0, idleDays: period });
  });
});
