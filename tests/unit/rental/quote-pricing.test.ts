/**
 * The pricing rule as a table of hires and their prices, worked by hand from the vendor schema's
 * description of `weeklyDiscounts` (defaults 0.5, 0.5, 1, 0, 0.5, 0.5, 1 for days 1–7 of each
 * week: a four-day week; 0.75 on every week after the first), then a whole quote: adjustments,
 * services, GL codes and the card authorisation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cents, glCodeOf, priceQuote, pricingRuleOf, unitPriceSteps } from '../../../schema/rental/quote-pricing';
import { dayCount as hireDays } from '../../../schema/rental/quote-rules';
import { withDefaults } from '../../../schema/defaults';
import type { CategoryTree, VendorConfig } from '../../../schema/types.generated';

const defaults = withDefaults<Partial<VendorConfig>>('vendor', {}).weeklyDiscounts!;
const unitPrice = (days: number, dayRate: number, weekRate?: number, factors: readonly number[] = defaults) =>
  cents(unitPriceSteps(days, dayRate, weekRate, factors).reduce((sum, step) => sum + step.amount, 0));

describe('the price of one unit', () => {
  it('uses the default discounts the spec gives', () => {
    expect(defaults).toEqual([0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.75]);
  });

  // [days, day rate, week rate, price]: the table a prop house would check its rate card against.
  const hires: Array<[number, number, number | undefined, number, string]> = [
    [1, 100, undefined, 100, 'half a day rate, topped up to the one-day minimum'],
    [2, 100, undefined, 100, 'days 1 and 2 at half each'],
    [3, 100, undefined, 200, 'day 3 at full rate'],
    [4, 100, undefined, 200, 'day 4 is free'],
    [5, 100, undefined, 250, ''],
    [6, 100, undefined, 300, ''],
    [7, 100, undefined, 400, 'a whole week is four day rates'],
    [8, 100, undefined, 437.5, 'day 1 of week 2 at half, × 0.75'],
    [10, 100, undefined, 550, 'week + three days of week 2 (two day rates × 0.75)'],
    [14, 100, undefined, 700, 'week 2 costs three quarters'],
    [21, 100, undefined, 1000, 'weeks 2 and 3 at 300 each'],
    [6, 100, 350, 300, 'a week rate above the part week leaves it'],
    [7, 100, 350, 350, 'the week rate, lower than four day rates'],
    [13, 100, 350, 575, 'week rate, then six days at 300 × 0.75'],
    [14, 100, 350, 612.5, 'week rate twice, the second × 0.75'],
    [6, 100, 250, 250, 'a part week never costs more than the week rate'],
    [13, 100, 250, 437.5, '250 + 250 × 0.75'],
    [7, 100, 500, 400, 'a week rate above four day rates is not used'],
    [1, 33.33, undefined, 33.33, 'cents: 16.67 for the day, 16.66 to the minimum'],
    [3, 19.99, undefined, 39.98, ''],
  ];
  it.each(hires)('%i days at %d a day (week %s) cost %d: %s', (days, dayRate, weekRate, price) => {
    expect(unitPrice(days, dayRate, weekRate)).toBe(price);
  });

  it('explains each step: whole weeks merged while they cost the same, then the part week', () => {
    expect(unitPriceSteps(24, 100, undefined, defaults)).toEqual([
      { firstDay: 1, lastDay: 7, count: 1, rate: 'day', dayRates: 4, factor: 1, each: 400, amount: 400 },
      { firstDay: 8, lastDay: 21, count: 2, rate: 'day', dayRates: 4, factor: 0.75, each: 300, amount: 600 },
      { firstDay: 22, lastDay: 24, count: 1, rate: 'day', dayRates: 2, factor: 0.75, each: 150, amount: 150 },
    ]);
    expect(unitPriceSteps(1, 100, undefined, defaults)).toEqual([
      { firstDay: 1, lastDay: 1, count: 1, rate: 'day', dayRates: 0.5, factor: 1, each: 50, amount: 50 },
      { firstDay: 1, lastDay: 1, count: 1, rate: 'minimum', factor: 1, each: 50, amount: 50 },
    ]);
    expect(unitPriceSteps(6, 100, 250, defaults)).toEqual([
      { firstDay: 1, lastDay: 6, count: 1, rate: 'week', factor: 1, each: 250, amount: 250 },
    ]);
  });

  it('follows a tenant that charges every day in full with no long-hire discount', () => {
    const flat = [1, 1, 1, 1, 1, 1, 1, 1];
    expect(unitPrice(10, 80, undefined, flat)).toBe(800);
    expect(unitPrice(10, 80, 400, flat)).toBe(400 + 3 * 80);
  });

  it('counts days by the calendar, across a daylight-saving change', () => {
    // Clocks in Los Angeles went forward on 8 March 2026 and back on 1 November 2026.
    expect(hireDays('2026-03-07', '2026-03-09')).toBe(3);
    expect(hireDays('2026-10-31', '2026-11-02')).toBe(3);
    expect(hireDays('2026-12-31', '2027-01-01')).toBe(2);
    expect(hireDays('2028-02-28', '2028-03-01')).toBe(3);
  });
});

describe('a whole quote', () => {
  const categories = JSON.parse(
    readFileSync(new URL('../../../tenants/aviation/categories.json', import.meta.url), 'utf8'),
  ) as CategoryTree;

  it('finds GL codes from the subcategory up to the group', () => {
    expect(
      glCodeOf(categories, { group: 'services', category: 'delivery-and-pickup', subcategory: 'rush-delivery' }),
    ).toBe('4812');
    expect(
      glCodeOf(categories, { group: 'services', category: 'delivery-and-pickup', subcategory: 'local-delivery' }),
    ).toBe('4810');
    expect(glCodeOf(categories, { group: 'seats', category: 'economy', subcategory: 'three-seat-rows' })).toBe('4200');
    expect(
      glCodeOf(
        { groups: [{ name: 'G', slug: 'g', categories: [{ name: 'C', slug: 'c' }] }] },
        { group: 'g', category: 'c' },
      ),
    ).toBeUndefined();
    expect(glCodeOf(categories, { group: 'gone', category: 'c' })).toBeUndefined();
  });

  it('adds adjustments and services, flags a line without a GL code, and holds the total plus processing on a card', () => {
    const rule = pricingRuleOf({ weeklyDiscounts: defaults }, { ccAuthEnabled: true, ccAuthProcessingPercentage: 5 });
    const breakdown = priceQuote(
      {
        startDate: '2026-12-01',
        endDate: '2026-12-08',
        lines: [
          {
            objectID: 'row',
            name: 'Economy row',
            quantity: 3,
            dayRate: 100,
            glCode: '4200',
            adjustment: { amount: -12.5, reason: 'Regular client' },
          },
          { objectID: 'cart', name: 'Galley cart', quantity: 1, dayRate: 40, weekRate: 120 },
        ],
        services: [
          {
            category: { group: 'services', category: 'delivery-and-pickup' },
            name: 'Delivery to Stage 3',
            quantity: 2,
            unitPrice: 175,
            glCode: '4810',
          },
        ],
      },
      rule,
    );
    expect(breakdown.days).toBe(8);
    expect(breakdown.lines.map((line) => [line.name, line.unitPrice, line.subtotal])).toEqual([
      ['Economy row', 437.5, 1300],
      // 120 for the week, then day 1 of week 2: 0.5 × 40 × 0.75.
      ['Galley cart', 135, 135],
      ['Delivery to Stage 3', 175, 350],
    ]);
    expect(breakdown).toMatchObject({
      rentalSubtotal: 1435,
      servicesSubtotal: 350,
      total: 1785,
      cardAuthorisation: { processingPercent: 5, processing: 89.25, amount: 1874.25 },
      missingGlCodes: [1],
    });
  });

  it('shows no card authorisation when the tenant takes none, and never prices a line below zero', () => {
    const breakdown = priceQuote(
      {
        startDate: '2026-12-01',
        endDate: '2026-12-01',
        lines: [
          {
            objectID: 'row',
            name: 'Row',
            quantity: 1,
            dayRate: 10,
            glCode: '1',
            adjustment: { amount: -50, reason: 'Free' },
          },
        ],
      },
      pricingRuleOf({ weeklyDiscounts: defaults }, { ccAuthEnabled: false, ccAuthProcessingPercentage: 5 }),
    );
    expect(breakdown.cardAuthorisation).toBeUndefined();
    expect(breakdown.total).toBe(0);
  });
});
