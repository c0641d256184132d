/**
 * Charges after a hire, worked by hand from the settings' descriptions: a late return (after the
 * grace, counted in the vendor's days) priced as more hire days by the order's own weekly rule or
 * as a day rate × factor per day; damage as a share of the replacement value; a loss as all of
 * it; the vendor's adjustment; the totals; and the one sentence both screens show.
 */
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import {
  adjustedCharge,
  chargeBasis,
  chargeRuleOf,
  chargesAfterReturn,
  hireTotals,
  lateDays,
  quotedTotal,
  type ReturnFound,
} from '../../../schema/rental/hire-charges';
import type { QuoteRequest, SiteSettings, VendorConfig } from '../../../schema/types.generated';

const vendor = withDefaults('vendor', {} as VendorConfig);
const rule = (site: Partial<SiteSettings> = {}) => chargeRuleOf(withDefaults('site', site as SiteSettings), vendor);
const money = (amount: number) => `$${amount.toFixed(2)}`;

/** A 3-day hire (Dec 5–7) of a seat at 100 a day: 0.5 + 0.5 + 1 day rates = 200, as accepted. */
const order: Pick<QuoteRequest, 'startDate' | 'endDate' | 'versions' | 'hire'> = {
  startDate: '2026-12-05',
  endDate: '2026-12-07',
  versions: [
    {
      version: 1,
      sentAt: '2026-11-20T10:00:00.000Z',
      expiresOn: '2026-11-30',
      pricing: { adjustments: {}, services: [] },
      breakdown: {
        days: 3,
        lines: [
          {
            kind: 'item',
            objectID: 'seat',
            name: 'Seat',
            quantity: 2,
            dayRate: 100,
            unitPrice: 200,
            subtotal: 400,
            glCode: '4010',
          },
        ],
        rentalSubtotal: 400,
        servicesSubtotal: 0,
        total: 400,
        missingGlCodes: [],
      },
    },
  ],
};
const found = (over: Partial<ReturnFound>): ReturnFound => ({
  scanId: 'scan-0001',
  objectID: 'seat',
  name: 'Seat',
  count: 1,
  condition: 'fine',
  at: '2026-12-09T12:00:00.000Z',
  late: 0,
  item: { rates: { day: 999 }, replacementValue: 1200 },
  ...over,
});

describe('late days', () => {
  it('count from the day after the last one, once the grace has passed, in the vendor time zone', () => {
    const at = (iso: string, zone = 'UTC', grace = 4) => lateDays(order, new Date(iso), zone, grace);
    expect(at('2026-12-07T23:59:00Z')).toBe(0);
    expect(at('2026-12-08T03:59:00Z')).toBe(0);
    expect(at('2026-12-08T04:01:00Z')).toBe(1);
    expect(at('2026-12-10T12:00:00Z')).toBe(3);
    expect(at('2026-12-08T04:01:00Z', 'UTC', 0)).toBe(1);
    // 10:00 UTC on the 8th is 02:00 in Los Angeles: still the 7th there, with the grace.
    expect(at('2026-12-08T10:00:00Z', 'America/Los_Angeles')).toBe(0);
    expect(at('2026-12-08T13:00:00Z', 'America/Los_Angeles')).toBe(1);
  });
});

describe('a late return', () => {
  it('is priced as more hire days by the same weekly rule, at the rate the visitor accepted, less what the hire cost', () => {
    // 5 days cost 0.5 + 0.5 + 1 + 0 + 0.5 = 2.5 day rates = 250; the hire cost 200: 50 each.
    const [late] = chargesAfterReturn(order, found({ late: 2 }), rule());
    expect(late).toEqual({
      id: 'late:seat:2',
      kind: 'late',
      rule: 'extraDays',
      objectID: 'seat',
      name: 'Seat',
      at: '2026-12-09T12:00:00.000Z',
      days: 2,
      hireDays: 3,
      rate: 100,
      unitPrice: 50,
      glCode: '4010',
      quantity: 1,
      subtotal: 50,
    });
    expect(chargeBasis(late!, money)).toBe(
      '2 days late: the 3-day hire priced as 5 days at $100.00 a day, less what it cost',
    );
    // Day 4 of the film trade's week is free: one day late costs nothing more, and says so.
    expect(chargesAfterReturn(order, found({ late: 1 }), rule())[0]).toMatchObject({
      days: 1,
      unitPrice: 0,
      subtotal: 0,
    });
  });

  it('or as the day rate × the late-day factor for each day, or not at all', () => {
    const [late] = chargesAfterReturn(
      order,
      found({ late: 2 }),
      rule({ lateCharge: 'dailyFactor', lateDayFactor: 1.5 }),
    );
    expect(late).toMatchObject({ rule: 'dayFactor', factor: 1.5, unitPrice: 300, subtotal: 300 });
    expect(chargeBasis(late!, money)).toBe('2 days late × $100.00 day rate × 1.5');
    expect(chargesAfterReturn(order, found({ late: 2 }), rule({ lateCharge: 'none' }))).toEqual([]);
  });

  it('joins the line of the same item and days: two seats back two days late are one line of two', () => {
    const first = chargesAfterReturn(order, found({ late: 2 }), rule());
    const both = chargesAfterReturn(
      { ...order, hire: { lines: [], charges: first } },
      found({ scanId: 'scan-0002', late: 2 }),
      rule(),
    );
    expect(both).toHaveLength(1);
    expect(both[0]).toMatchObject({ quantity: 2, subtotal: 100 });
    const third = chargesAfterReturn(
      { ...order, hire: { lines: [], charges: both } },
      found({ scanId: 'scan-0003', late: 3 }),
      rule(),
    );
    expect(third.map((charge) => [charge.id, charge.quantity])).toEqual([
      ['late:seat:2', 2],
      ['late:seat:3', 1],
    ]);
  });

  it('uses the item rates when the order has no priced line for it', () => {
    const [late] = chargesAfterReturn(
      { ...order, versions: [] },
      found({ late: 2, item: { rates: { day: 80 } } }),
      rule({ lateCharge: 'dailyFactor' }),
    );
    expect(late).toMatchObject({ rate: 80, unitPrice: 160 });
    expect(late).not.toHaveProperty('glCode');
  });
});

describe('damage and loss', () => {
  it('charge a share of the replacement value for damage, all of it for a loss, with the note, photos and GL code', () => {
    const damaged = chargesAfterReturn(
      order,
      found({ condition: 'damaged', tag: 'SEAT-0001', note: ' Torn armrest ', photos: ['/items/aviation/tear.jpg'] }),
      rule({ lossDamageGlCode: '4900' }),
    );
    expect(damaged).toEqual([
      {
        id: 'damage:scan-0001',
        kind: 'damage',
        rule: 'damageShare',
        objectID: 'seat',
        name: 'Seat',
        at: '2026-12-09T12:00:00.000Z',
        tag: 'SEAT-0001',
        quantity: 1,
        rate: 1200,
        factor: 0.25,
        unitPrice: 300,
        glCode: '4900',
        note: 'Torn armrest',
        photos: ['/items/aviation/tear.jpg'],
        subtotal: 300,
      },
    ]);
    expect(chargeBasis(damaged[0]!, money)).toBe('25% of the $1200.00 replacement value');
    const lost = chargesAfterReturn(order, found({ condition: 'lost', count: 2, late: 2 }), rule());
    expect(lost.map((charge) => [charge.kind, charge.quantity, charge.subtotal, charge.glCode])).toEqual([
      ['late', 2, 100, '4010'],
      ['loss', 2, 2400, '4010'],
    ]);
    expect(chargeBasis(lost[1]!, money)).toBe('The $1200.00 replacement value');
  });

  it('says when the item has no replacement value to price from', () => {
    const [charge] = chargesAfterReturn(order, found({ condition: 'damaged', item: undefined }), rule());
    expect(charge).toMatchObject({ rate: 0, unitPrice: 0, subtotal: 0 });
    expect(chargeBasis(charge!, money)).toBe('No replacement value is set for this item: the vendor prices the repair');
  });
});

describe("the vendor's adjustment and the totals", () => {
  it('changes the subtotal with a reason, never below nothing, and can be taken back', () => {
    const [charge] = chargesAfterReturn(order, found({ condition: 'damaged' }), rule());
    const cheaper = adjustedCharge(charge!, { amount: -120, reason: 'Repaired in house' });
    expect([cheaper.subtotal, cheaper.adjustment]).toEqual([180, { amount: -120, reason: 'Repaired in house' }]);
    expect(adjustedCharge(charge!, { amount: -1000, reason: 'Waived' }).subtotal).toBe(0);
    const back = adjustedCharge(cheaper, null);
    expect(back).toEqual(charge);
    expect(hireTotals(quotedTotal(order), [cheaper, ...chargesAfterReturn(order, found({ late: 2 }), rule())])).toEqual(
      { quoted: 400, charges: 230, total: 630 },
    );
    expect(hireTotals(quotedTotal({ versions: [] }))).toEqual({ quoted: 0, charges: 0, total: 0 });
  });
});
