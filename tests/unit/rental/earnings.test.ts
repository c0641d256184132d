/**
 * What each piece earns (schema/rental/earnings.ts): a kit's revenue and days fall on its
 * components (its revenue shared by their day rates), stock hired in keeps its share of revenue
 * and the lender's charge apart, service records count within the period only, and a category
 * sums its items.
 */
import { describe, expect, it } from 'vitest';
import { earningsByCategory, earningsByItem } from '../../../schema/rental/earnings';
import type { Item, QuoteRequest } from '../../../schema/types.generated';

const item = (objectID: string, day: number, extra: Partial<Item> = {}): Item =>
  ({
    objectID,
    name: objectID,
    category: { group: 'cockpit', category: 'seats' },
    rates: { day },
    quantity: 2,
    vendorId: 'aviation',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  }) as Item;
const items = [
  item('seat', 300, { purchaseCost: 1000 }),
  item('yoke', 100),
  item('set', 0, {
    kit: {
      kind: 'fixed',
      components: [
        { objectID: 'seat', quantity: 1 },
        { objectID: 'yoke', quantity: 1 },
      ],
    },
  }),
];
const order = (id: string, lines: QuoteRequest['lines'], subtotals: number[], extra: Partial<QuoteRequest> = {}) =>
  ({
    id,
    tenantId: 'aviation',
    uid: 'u',
    email: 'e@x.example',
    lines,
    startDate: '2027-01-10',
    endDate: '2027-01-13',
    createdAt: '2027-01-01T00:00:00.000Z',
    state: 'closed',
    versions: [
      {
        version: 1,
        breakdown: {
          lines: lines.map((line, index) => ({ kind: 'item', objectID: line.objectID, subtotal: subtotals[index] })),
        },
      },
    ],
    ...extra,
  }) as unknown as QuoteRequest;

describe('the earnings of each piece', () => {
  it('puts a kit on its components by their rates, keeps sub-hires and service apart, and sums a category', () => {
    const kitLine = {
      objectID: 'set',
      name: 'Set',
      quantity: 1,
      dayRate: 360,
      kit: {
        kind: 'fixed' as const,
        components: [
          { objectID: 'seat', name: 'Seat', quantity: 1 },
          { objectID: 'yoke', name: 'Yoke', quantity: 1 },
        ],
      },
    };
    const seatLine = { objectID: 'seat', name: 'Seat', quantity: 2, dayRate: 300 };
    const rows = earningsByItem({
      from: '2027-01-12',
      to: '2027-01-31',
      items,
      orders: [
        order('kit-order', [kitLine] as unknown as QuoteRequest['lines'], [1200]),
        order('seats', [seatLine] as QuoteRequest['lines'], [2400], {
          subHires: [
            {
              house: 'atlanta',
              houseName: 'Peachtree',
              quoteId: 'theirs',
              objectID: 'seat',
              theirObjectID: 's',
              theirName: 'Seat',
              quantity: 1,
              askedAt: '2027-01-01T00:00:00.000Z',
              askedBy: 'x',
              hiredIn: { revision: 1, quantity: 1, firstDay: '2027-01-10', lastDay: '2027-01-13' },
            },
          ],
        } as Partial<QuoteRequest>),
        order('asked', [seatLine] as QuoteRequest['lines'], [999], { state: 'requested' }),
      ],
      services: [
        {
          objectID: 'yoke',
          record: { at: '2027-01-20T10:00:00.000Z', by: 'crew', kind: 'repair', name: 'Grip', parts: 40, labour: 25 },
        },
        {
          objectID: 'yoke',
          record: { at: '2026-12-20T10:00:00.000Z', by: 'crew', kind: 'repair', name: 'Before', parts: 999 },
        },
      ],
      subHireCosts: new Map([['theirs', 400]]),
    });
    const [seat, yoke] = rows;
    // Half of each four-day hire falls in the period (the 12th and 13th).
    expect(seat).toMatchObject({ daysOut: 2 * 1 + 2 * 2, revenue: 450 + 1200, subHireRevenue: 600, subHireCost: 200 });
    // The kit's 600 in the period, shared 300 : 100 by day rate.
    expect(seat!.returnOnCost).toBe(0.83);
    expect(seat!.idleDays).toBe(20 - 2);
    expect(yoke).toMatchObject({ daysOut: 2, revenue: 150, serviceCost: 65 });
    expect(rows.map((row) => row.key)).toEqual(['seat', 'yoke']);
    const [category] = earningsByCategory(rows, new Map([['cockpit/seats', 'Cockpit › Seats']]));
    expect(category).toMatchObject({
      key: 'cockpit/seats',
      name: 'Cockpit › Seats',
      revenue: 1800,
      daysOut: 8,
      stock: 4,
      idleDays: 18,
    });
  });
});
