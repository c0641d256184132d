/**
 * The planner's layout (schema/rental/planner.ts): a row per item, each booking a bar cut to the
 * range, lapsed holds left out, and each run of days booked beyond the stock one shortage with its
 * worst count, the turnaround counted.
 */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../schema/rental/availability';
import { plannerOf } from '../../../schema/rental/planner';

const item = (objectID: string, quantity: number) => ({
  objectID,
  name: objectID,
  category: { group: 'seats', category: 'economy' },
  quantity,
});
const booking = (
  quoteId: string,
  objectID: string,
  firstDay: string,
  lastDay: string,
  extra: Partial<Booking> = {},
): Booking => ({
  quoteId,
  objectID,
  quantity: 1,
  firstDay,
  lastDay,
  kind: 'order',
  ...extra,
});

describe('the planner', () => {
  it('cuts bars to the range, leaves lapsed holds out, and marks each overbooked run once', () => {
    const planner = plannerOf(
      [item('seat', 1), item('cart', 2)],
      [
        booking('a', 'seat', '2027-01-01', '2027-01-04', { who: 'Night Flight' }),
        booking('b', 'seat', '2027-01-04', '2027-01-06', { kind: 'pencil', expiresOn: '2027-02-01', who: 'Red Eye' }),
        booking('lapsed', 'cart', '2027-01-03', '2027-01-05', { kind: 'pencil', expiresOn: '2026-12-01' }),
        booking('r', 'cart', '2027-01-02', '2199-12-31', { kind: 'repair' }),
      ],
      { from: '2027-01-03', to: '2027-01-10', turnaroundDays: 0, today: '2026-12-20' },
    );
    expect(planner.rows.map((row) => [row.objectID, row.stock])).toEqual([
      ['seat', 1],
      ['cart', 2],
    ]);
    expect(planner.bars.map((bar) => [bar.row, bar.quoteId, bar.from, bar.to, bar.who])).toEqual([
      [0, 'a', '2027-01-03', '2027-01-04', 'Night Flight'],
      [0, 'b', '2027-01-04', '2027-01-06', 'Red Eye'],
      [1, 'r', '2027-01-03', '2027-01-10', undefined],
    ]);
    // The seat's order and hold share the 4th: one too many that day only.
    expect(planner.short).toEqual([{ row: 0, from: '2027-01-04', to: '2027-01-04', over: 1 }]);
  });

  it('counts the turnaround around a hire as the shortage does', () => {
    const planner = plannerOf(
      [item('seat', 1)],
      [booking('a', 'seat', '2027-01-01', '2027-01-02'), booking('b', 'seat', '2027-01-03', '2027-01-04')],
      { from: '2027-01-01', to: '2027-01-05', turnaroundDays: 1, today: '2026-12-20' },
    );
    expect(planner.short).toEqual([{ row: 0, from: '2027-01-02', to: '2027-01-03', over: 1 }]);
  });
});
