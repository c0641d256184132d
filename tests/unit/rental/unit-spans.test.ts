/**
 * Where a unit has been (schema/rental/unit-spans.ts), in the house's days: out from the day it
 * went to the day it came back (to its order's last day while still out), a repair until the day
 * before it changed again; the planner's unit rows and the earnings per unit read them.
 */
import { describe, expect, it } from 'vitest';
import { earningsByUnit } from '../../../schema/rental/earnings';
import { unitPlannerOf } from '../../../schema/rental/planner';
import { spansWithin, unitSpans } from '../../../schema/rental/unit-spans';
import type { Unit } from '../../../schema/types.generated';

const event = (at: string, status: NonNullable<Unit['history']>[number]['status'], orderId?: string) => ({
  at,
  status,
  by: 'crew@jetwayprops.com',
  ...(orderId && { orderId }),
});
// In Los Angeles: out on the 3rd (late evening, the 4th in UTC), back damaged on the 6th, fixed on the 9th, out again on the 12th.
const lamp = {
  tag: 'PL-0001',
  objectID: 'lamp',
  history: [
    event('2026-12-04T05:30:00Z', 'out', 'night-shoot'),
    event('2026-12-06T18:00:00Z', 'repair', 'night-shoot'),
    event('2026-12-09T17:00:00Z', 'inService'),
    event('2026-12-12T17:00:00Z', 'out', 'day-shoot'),
  ],
  service: [{ at: '2026-12-08T10:00:00Z', by: 'x', kind: 'repair' as const, name: 'New lens', parts: 30, labour: 20 }],
};
const LA = 'America/Los_Angeles';

describe("a unit's spans", () => {
  it('are its days off the shelf in the house time zone, the last running to its order or today', () => {
    const lastDays = new Map([['day-shoot', '2026-12-15']]);
    expect(unitSpans(lamp, LA, '2026-12-13', (id) => lastDays.get(id))).toEqual([
      { status: 'out', orderId: 'night-shoot', from: '2026-12-03', to: '2026-12-06' },
      { status: 'repair', from: '2026-12-06', to: '2026-12-08' },
      { status: 'out', orderId: 'day-shoot', from: '2026-12-12', to: '2026-12-15' },
    ]);
    expect(unitSpans(lamp, LA, '2026-12-13').at(-1)!.to).toBe('2026-12-13');
    expect(spansWithin(unitSpans(lamp, LA, '2026-12-13'), '2026-12-05', '2026-12-07')).toEqual([
      { status: 'out', orderId: 'night-shoot', from: '2026-12-05', to: '2026-12-06' },
      { status: 'repair', from: '2026-12-06', to: '2026-12-07' },
    ]);
  });

  it('draw a row per unit, its bars opening their order', () => {
    const item = { objectID: 'lamp', name: 'Practical lamp', category: { group: 'studio-gear', category: 'lighting' } };
    const planner = unitPlannerOf(
      [item],
      [lamp, { tag: 'PL-0000', objectID: 'lamp', history: [] }],
      { from: '2026-12-01', to: '2026-12-14', today: '2026-12-13', timezone: LA },
      (id) => (id === 'day-shoot' ? '2026-12-20' : undefined),
    );
    expect(planner.rows.map((row) => row.tag)).toEqual(['PL-0000', 'PL-0001']);
    expect(planner.bars.map((bar) => [bar.row, bar.kind, bar.quoteId, bar.from, bar.to])).toEqual([
      [1, 'order', 'night-shoot', '2026-12-03', '2026-12-06'],
      [1, 'repair', 'repair:PL-0001', '2026-12-06', '2026-12-08'],
      [1, 'order', 'day-shoot', '2026-12-12', '2026-12-14'],
    ]);
  });

  it("earn a share of each order's revenue on its item, with their own days and service", () => {
    const other = { tag: 'PL-0002', objectID: 'lamp', history: [event('2026-12-04T05:30:00Z', 'out', 'night-shoot')] };
    const items = new Map([
      ['lamp', { name: 'Practical lamp', category: { group: 'studio-gear', category: 'lighting' }, purchaseCost: 100 }],
    ]);
    const earnedOn = new Map([
      ['night-shoot\nlamp', 300],
      ['day-shoot\nlamp', 90],
    ]);
    const rows = earningsByUnit([lamp, other], items, earnedOn, {
      from: '2026-12-01',
      to: '2026-12-10',
      today: '2026-12-13',
      timezone: LA,
    });
    expect(rows[0]).toMatchObject({
      key: 'PL-0001',
      name: 'Practical lamp PL-0001',
      daysOut: 4,
      daysAvailable: 10,
      revenue: 240,
      serviceCost: 50,
      returnOnCost: 2.4,
      idleDays: 6,
    });
    // The other went on the night shoot alone of the two orders: half of it.
    expect(rows[1]).toMatchObject({ key: 'PL-0002', revenue: 150, daysOut: 8 });
  });
});
