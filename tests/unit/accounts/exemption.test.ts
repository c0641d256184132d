/**
 * A customer account's tax exemption certificate on its invoices (schema/rental/invoices.ts,
 * ruleForOrder): in date on the invoice's day, it takes the tax off the lines it covers (rentals,
 * or every taxable line), each line saying it is exempt; from the day after it expires, tax is
 * charged again; off an account, or with none, nothing changes; and no card processing on account.
 */
import { describe, expect, it } from 'vitest';
import { exemptionStands, invoiceRuleOf, quotedLines, ruleForOrder, withTotals } from '../../../schema/rental/invoices';
import type { QuoteRequest, SiteSettings } from '../../../schema/types.generated';

const site = { taxRatePercent: 20, taxName: 'VAT', ccAuthEnabled: true, ccAuthProcessingPercentage: 3 } as SiteSettings;
const breakdown = {
  lines: [
    { kind: 'item', objectID: 'cases', name: 'Train cases', quantity: 2, subtotal: 100 },
    {
      kind: 'service',
      name: 'Delivery',
      quantity: 1,
      subtotal: 50,
      category: { group: 'service', category: 'delivery' },
    },
  ],
} as never;
const account = (covers: 'rentals' | 'all', expiresOn = '2026-12-31'): Pick<QuoteRequest, 'account'> => ({
  account: {
    id: 'warner',
    name: 'Warner Bros. Pictures',
    netDays: 30,
    deposit: 'none',
    exemption: { kind: 'resale', number: 'SR-7741', expiresOn, covers },
  },
});
const totalsOn = (order: Pick<QuoteRequest, 'account'>, day: string) => {
  const rule = ruleForOrder(order, invoiceRuleOf(site), day);
  return withTotals(quotedLines(breakdown, new Map([['cases', 'props']]), rule.tax), rule);
};

describe('a tax exemption certificate on an account', () => {
  it('takes the tax off the rentals it covers while in date, and off every taxable line when it covers all', () => {
    const rentals = totalsOn(account('rentals'), '2026-11-28');
    expect(rentals.lines.map((line) => [line.description, line.taxRate ?? line.untaxed])).toEqual([
      ['Train cases', 'exempt'],
      ['Delivery', 20],
    ]);
    expect(rentals.total).toBe(160);
    expect(totalsOn(account('all'), '2026-11-28').total).toBe(150);
  });

  it('charges the tax from the day after it expires, and changes nothing off an account but the card processing', () => {
    expect(totalsOn(account('all', '2026-11-28'), '2026-11-28').total).toBe(150);
    expect(totalsOn(account('all', '2026-11-27'), '2026-11-28').total).toBe(180);
    // By card: VAT on both lines and 3% card processing on top.
    expect(totalsOn({}, '2026-11-28').total).toBe(185.4);
    expect(exemptionStands(undefined, '2026-11-28')).toBe(false);
  });
});
