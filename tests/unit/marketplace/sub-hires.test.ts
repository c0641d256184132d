/** The pure rules of houses hiring from each other: who lends to whom, trade prices, the offers' order, "similar". */
import { describe, expect, it } from 'vitest';
import { subHireMargins } from '../../../schema/marketplace/sub-hire-margins';
import type { QuoteRequest } from '../../../schema/types.generated';
import { withDefaults } from '../../../schema/defaults';
import {
  nearestOffersFirst,
  overdueToLender,
  similarNames,
  takesSubHireFrom,
  tradeRates,
  type SubHireOffer,
  type SubHireRule,
} from '../../../schema/marketplace/sub-hires';
import type { VendorConfig } from '../../../schema/types.generated';

const ruleOf = (subHires?: VendorConfig['subHires']) =>
  withDefaults('vendor', {
    id: 'b',
    displayName: 'B',
    name: 'B',
    email: 'b@b.example',
    ...(subHires && { subHires }),
  } as VendorConfig).subHires as SubHireRule;

describe('whom a house lends to', () => {
  it('is no house by default, every house but itself when it says so, or only the houses it names', () => {
    expect(ruleOf()).toEqual({ takes: 'no', houses: [], tradeDiscountPercent: 20, netDays: 30 });
    expect(takesSubHireFrom(ruleOf(), 'b', 'a')).toBe(false);
    const everyone = ruleOf({ takes: 'everyListedHouse' });
    expect(takesSubHireFrom(everyone, 'b', 'a')).toBe(true);
    expect(takesSubHireFrom(everyone, 'b', 'b')).toBe(false);
    const named = ruleOf({ takes: 'namedHouses', houses: ['a', 'b'] });
    expect(takesSubHireFrom(named, 'b', 'a')).toBe(true);
    expect(takesSubHireFrom(named, 'b', 'c')).toBe(false);
    expect(takesSubHireFrom(named, 'b', 'b')).toBe(false);
    // Houses named while the house takes from no one, or from everyone, change nothing.
    expect(takesSubHireFrom(ruleOf({ takes: 'no', houses: ['a'] }), 'b', 'a')).toBe(false);
  });
});

describe('trade rates', () => {
  it('are the house’s rates less its discount, to the cent, week rate included when it has one', () => {
    expect(tradeRates({ day: 35 }, 20)).toEqual({ day: 28 });
    expect(tradeRates({ day: 19.99, week: 59.99 }, 12.5)).toEqual({ day: 17.49, week: 52.49 });
    expect(tradeRates({ day: 100 }, 0)).toEqual({ day: 100 });
  });
});

describe('the offers for a short line', () => {
  const house = (id: string, km?: number) => ({
    id,
    name: id.toUpperCase(),
    currency: 'USD',
    locale: 'en',
    timezone: 'UTC',
    ...(km !== undefined && { km }),
  });
  const offer = (
    id: string,
    houseId: string,
    km: number | undefined,
    enough: boolean,
    rank: number,
  ): SubHireOffer & { rank: number } => ({
    house: house(houseId, km),
    objectID: id,
    name: id,
    free: enough ? 4 : 1,
    enough,
    rates: { day: 10 },
    tradeRates: { day: 8 },
    discountPercent: 20,
    rank,
  });

  it('come nearest house first, a house without a place last, and within a house those with enough first, then as the search ranked them', () => {
    const ordered = nearestOffersFirst([
      offer('far-1', 'far', 900, true, 0),
      offer('nowhere', 'nowhere', undefined, true, 1),
      offer('near-some', 'near', 12, false, 2),
      offer('near-similar', 'near', 12, true, 5),
      offer('near-same', 'near', 12, true, 3),
    ]);
    expect(ordered.map((found) => found.objectID)).toEqual([
      'near-same',
      'near-similar',
      'near-some',
      'far-1',
      'nowhere',
    ]);
    expect(ordered[0]).not.toHaveProperty('rank');
  });

  it('are searched by the whole name, then the name before its colour or fabric, then its last words', () => {
    expect(similarNames('1950s Propliner Triple Seat Row, Brown Houndstooth')).toEqual([
      '1950s Propliner Triple Seat Row, Brown Houndstooth',
      '1950s Propliner Triple Seat Row',
      'Triple Seat Row',
      'Seat Row',
    ]);
    expect(similarNames('Departures Board (Practical LED)')).toEqual([
      'Departures Board (Practical LED)',
      'Departures Board',
    ]);
    expect(similarNames('Combo Stand')).toEqual(['Combo Stand']);
  });
});

describe('sub-hire margins', () => {
  const hired = (quoteId: string, house: string, quantity: number) => ({
    house,
    houseName: house === 'london' ? 'Soho Prop Hire' : 'Peachtree Prop House',
    quoteId,
    objectID: 'seat-row',
    theirObjectID: 'seat-row',
    theirName: 'Seat Row',
    quantity,
    askedAt: '2027-01-02T10:00:00.000Z',
    askedBy: 'desk@jetway.example',
    hiredIn: { revision: 3, quantity, firstDay: '2027-01-10', lastDay: '2027-01-12' },
  });
  const priced = (total: number, lines: Array<{ objectID: string; quantity: number; subtotal: number }> = []) =>
    [
      {
        version: 1,
        sentAt: '2027-01-03T10:00:00.000Z',
        expiresOn: '2027-01-09',
        pricing: { adjustments: {}, services: [] },
        breakdown: { total, lines: lines.map((line) => ({ kind: 'item', ...line })) },
      },
    ] as never;
  const order = {
    id: 'order-1',
    tenantId: 'aviation',
    uid: 'u',
    email: 'rae@example.com',
    production: 'Skyline',
    lines: [{ objectID: 'seat-row', name: 'Seat Row', quantity: 4, dayRate: 50 }],
    startDate: '2027-01-10',
    endDate: '2027-01-12',
    createdAt: '2027-01-01T10:00:00.000Z',
    versions: priced(600, [{ objectID: 'seat-row', quantity: 4, subtotal: 600 }]),
    subHires: [
      hired('sh-usd', 'atlanta', 3),
      hired('sh-gbp', 'london', 1),
      {
        ...hired('sh-none', 'atlanta', 2),
        hiredIn: { revision: 1, quantity: 0, firstDay: '2027-01-10', lastDay: '2027-01-12' },
      },
    ],
  } as unknown as QuoteRequest;
  const theirs = new Map([
    ['sh-usd', { id: 'sh-usd', versions: priced(300) } as unknown as QuoteRequest],
    ['sh-gbp', { id: 'sh-gbp', versions: priced(90) } as unknown as QuoteRequest],
  ]);

  it('sets this house’s share of its line against the lender’s charge, in one currency only, for hires starting in the month', () => {
    const rows = subHireMargins([order], theirs, '2027-01', {
      own: 'USD',
      of: (house) => (house === 'london' ? 'GBP' : 'USD'),
    });
    expect(
      rows.map((row) => [row.theirRequest, row.quantity, row.charged, row.theirCurrency, row.cost, row.margin]),
    ).toEqual([
      ['sh-usd', 3, 450, 'USD', 300, 150],
      // Pounds against dollars: both shown, no margin made up by converting.
      ['sh-gbp', 1, 150, 'GBP', 90, undefined],
    ]);
    expect(subHireMargins([order], theirs, '2027-02', { own: 'USD', of: () => 'USD' })).toEqual([]);
    // Before this house priced its order, what it charges is not known yet.
    const unpriced = subHireMargins([{ ...order, versions: [] }], theirs, '2027-01', {
      own: 'USD',
      of: () => 'USD',
    })[0]!;
    expect([unpriced.charged, unpriced.cost, unpriced.margin]).toEqual([undefined, 300, undefined]);
  });
});

describe('stock hired in, overdue back to its lender', () => {
  it('is overdue only while the lender’s order still has it out after its last day', () => {
    expect(overdueToLender('out', '2027-01-12', '2027-01-13')).toBe(true);
    expect(overdueToLender('partlyReturned', '2027-01-12', '2027-01-13')).toBe(true);
    expect(overdueToLender('out', '2027-01-12', '2027-01-12')).toBe(false);
    expect(overdueToLender('returned', '2027-01-12', '2027-01-20')).toBe(false);
    expect(overdueToLender('confirmed', '2027-01-12', '2027-01-20')).toBe(false);
  });
});
