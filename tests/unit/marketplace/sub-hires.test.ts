/** The pure rules of houses hiring from each other: who lends to whom, trade prices, the offers' order, "similar". */
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import { nearestOffersFirst, similarNames, takesSubHireFrom, tradeRates, type SubHireOffer, type SubHireRule } from '../../../schema/marketplace/sub-hires';
import type { VendorConfig } from '../../../schema/types.generated';

const ruleOf = (subHires?: VendorConfig['subHires']) =>
  withDefaults('vendor', { id: 'b', displayName: 'B', name: 'B', email: 'b@b.example', ...(subHires && { subHires }) } as VendorConfig).subHires as SubHireRule;

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
  const house = (id: string, km?: number) => ({ id, name: id.toUpperCase(), currency: 'USD', locale: 'en', timezone: 'UTC', ...(km !== undefined && { km }) });
  const offer = (id: string, houseId: string, km: number | undefined, enough: boolean, rank: number): SubHireOffer & { rank: number } => ({
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
    expect(ordered.map((found) => found.objectID)).toEqual(['near-same', 'near-similar', 'near-some', 'far-1', 'nowhere']);
    expect(ordered[0]).not.toHaveProperty('rank');
  });

  it('are searched by the whole name, then the name before its colour or fabric, then its last words', () => {
    expect(similarNames('1950s Propliner Triple Seat Row, Brown Houndstooth')).toEqual([
      '1950s Propliner Triple Seat Row, Brown Houndstooth',
      '1950s Propliner Triple Seat Row',
      'Triple Seat Row',
      'Seat Row',
    ]);
    expect(similarNames('Departures Board (Practical LED)')).toEqual(['Departures Board (Practical LED)', 'Departures Board']);
    expect(similarNames('Combo Stand')).toEqual(['Combo Stand']);
  });
});
