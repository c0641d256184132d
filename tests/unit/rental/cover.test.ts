/**
 * How a hire is covered (schema/rental/cover.ts) and what the damage waiver adds to a quote and its
 * invoice (schema/rental/invoices.ts): the house's ways, the order's way, the waiver's line on the
 * rentals only (less what never went out), taxed or not as the house says, before processing.
 */
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../schema/defaults';
import { chosenCover, coverAtAcceptance, coverOptionsOf, coverStatement } from '../../../schema/rental/cover';
import {
  breakdownDue,
  dueLines,
  invoiceRuleOf,
  ruleForOrder,
  withTotals,
  type InvoiceLine,
} from '../../../schema/rental/invoices';
import { outBlockedBy } from '../../../schema/rental/out-gate';
import type { CardHold, QuoteBreakdown, SiteSettings } from '../../../schema/types.generated';

const waiver = { percent: 10, covers: 'Accidental damage', excludes: 'Loss and theft', maxLiability: 500 };
const site = (extra: Partial<SiteSettings> = {}) =>
  withDefaults('site', { tenantId: 't', domain: 'example.com', appTitle: 'T', ...extra } as SiteSettings);
const all = site({
  insuranceRequired: true,
  coverOptions: ['certificate', 'waiver', 'cardHold'],
  damageWaiver: waiver,
});
const at = '2026-12-05T10:00:00Z';

describe('the ways a hire is covered', () => {
  it('are the house’s when it asks for cover, the waiver only with its terms', () => {
    expect(coverOptionsOf(site({ coverOptions: ['waiver'], damageWaiver: waiver }))).toEqual([]);
    expect(coverOptionsOf(site({ insuranceRequired: true }))).toEqual(['certificate']);
    expect(coverOptionsOf(all)).toEqual(['certificate', 'waiver', 'cardHold']);
    expect(coverOptionsOf(site({ insuranceRequired: true, coverOptions: ['waiver'] }))).toEqual(['certificate']);
    expect(coverOptionsOf(site({ insuranceRequired: true, coverOptions: ['waiver', 'cardHold'] }))).toEqual([
      'cardHold',
    ]);
  });

  it('is the one chosen while the house takes it, else the house’s only way', () => {
    expect(chosenCover({}, all)).toBeUndefined();
    expect(chosenCover({ cover: { choice: 'waiver', at, by: 'visitor' } }, all)).toBe('waiver');
    const certificateOnly = site({ insuranceRequired: true });
    expect(chosenCover({}, certificateOnly)).toBe('certificate');
    expect(chosenCover({ cover: { choice: 'waiver', at, by: 'visitor' } }, certificateOnly)).toBe('certificate');
  });
});

describe('the cover an acceptance leaves', () => {
  const subHire = { subHire: { house: 'aviation', houseName: 'Jetway Props', forQuote: 'q1', objectID: 'seat' } };
  const chosen = { cover: { choice: 'waiver' as const, at, by: 'visitor' as const } };

  it('is the way named, one the house takes; else the one chosen; else asked for where several are taken', () => {
    expect(coverAtAcceptance({}, 'cardHold', all)).toEqual({ cover: 'cardHold' });
    expect(coverAtAcceptance(chosen, undefined, all)).toEqual({});
    expect(coverAtAcceptance({}, undefined, all)).toEqual({
      problem: 'choose how this hire is covered before you accept',
    });
    expect(coverAtAcceptance({}, undefined, site({ insuranceRequired: true }))).toEqual({});
    expect(coverAtAcceptance({}, 'waiver', site({ insuranceRequired: true }))).toEqual({
      problem: 'is not taken for this hire: choose a certificate of insurance',
    });
    expect(coverAtAcceptance({}, 'waiver', site())).toEqual({ problem: 'is not asked for by this house' });
  });

  it('never covers a house hiring on account with a card: its only other way is taken for it', () => {
    expect(coverAtAcceptance(subHire, 'cardHold', all)).toEqual({
      problem: 'is not taken for this hire: choose a certificate of insurance or the damage waiver',
    });
    expect(coverAtAcceptance(subHire, undefined, all)).toEqual({
      problem: 'choose how this hire is covered before you accept',
    });
    const certificateOrCard = site({ insuranceRequired: true, coverOptions: ['certificate', 'cardHold'] });
    expect(coverAtAcceptance(subHire, undefined, certificateOrCard)).toEqual({ cover: 'certificate' });
    expect(coverAtAcceptance({ ...subHire, ...chosen }, undefined, all)).toEqual({});
  });
});

describe('the damage waiver', () => {
  const vat = site({
    ...all,
    taxName: 'VAT',
    taxRatePercent: 20,
    ccAuthEnabled: true,
    ccAuthProcessingPercentage: 5,
    damageWaiver: { ...waiver, glCode: '4300' },
  });
  const breakdown = {
    lines: [
      { kind: 'item', objectID: 'seat', name: 'Seat', quantity: 2, subtotal: 100 },
      { kind: 'service', name: 'Delivery', quantity: 1, subtotal: 50 },
    ],
    total: 150,
  } as unknown as QuoteBreakdown;
  const waived = { cover: { choice: 'waiver' as const, at, by: 'visitor' as const } };

  it('is its own taxed line on the rentals, before processing; nothing without it', () => {
    const rule = ruleForOrder(waived, invoiceRuleOf(vat));
    const due = breakdownDue(breakdown, new Map(), rule);
    // 10% of the £100 of rentals; VAT on 150 + 10 + processing 8 (5% of 160), taxed as the hire is.
    expect(due).toMatchObject({ net: 150, waiver: 10, processing: 8, tax: 33.6, total: 201.6 });
    expect(dueLines(due).map((line) => [line.kind, line.amount])).toEqual([
      ['waiver', 10],
      ['processing', 8],
      ['beforeTax', 168],
      ['tax', 33.6],
      ['total', 201.6],
    ]);
    const noWaiver = breakdownDue(breakdown, new Map(), ruleForOrder({}, invoiceRuleOf(vat)));
    expect(noWaiver.waiver).toBeUndefined();
    expect(noWaiver.total).toBe(189);
  });

  it('follows the house’s tax and ledger code, and leaves out what never went out', () => {
    const untaxed = site({ ...vat, damageWaiver: { ...waiver, taxed: false } });
    const lines: InvoiceLine[] = [
      { kind: 'rental', description: 'Seat', quantity: 2, unitAmount: 50, amount: 100, taxRate: 20 },
      { kind: 'credit', description: 'Never went out: Seat', quantity: 1, unitAmount: -50, amount: -50, taxRate: 20 },
    ];
    const [, , taxedLine] = withTotals(lines, ruleForOrder(waived, invoiceRuleOf(vat))).lines;
    expect(taxedLine).toMatchObject({ kind: 'waiver', amount: 5, taxRate: 20, glCode: '4300' });
    const [, , untaxedLine] = withTotals(lines, ruleForOrder(waived, invoiceRuleOf(untaxed))).lines;
    expect(untaxedLine).toMatchObject({ kind: 'waiver', amount: 5, untaxed: 'exempt' });
    expect(untaxedLine!.taxRate).toBeUndefined();
  });
});

describe('before anything goes out', () => {
  const now = new Date('2026-12-05T12:00:00Z');
  const order = { startDate: '2026-12-10', endDate: '2026-12-12', production: 'Night Flight' };
  const gate = site({ ...all, ccAuthEnabled: false });
  it('asks for a choice while the house has several ways, and nothing more of the waiver', () => {
    expect(outBlockedBy(order, gate, '2026-12-05', now)).toEqual([
      "No cover chosen for this order: the production chooses its certificate of insurance, or the damage waiver, or a card hold for the replacement value on its quote page (or the house does on the order's page) before anything goes out.",
    ]);
    expect(outBlockedBy({ ...order, cover: { choice: 'waiver', at, by: 'visitor' } }, gate, '2026-12-05', now)).toEqual(
      [],
    );
    expect(
      outBlockedBy({ ...order, cover: { choice: 'certificate', at, by: 'visitor' } }, gate, '2026-12-05', now)[0],
    ).toMatch(/^No certificate of insurance on this order/);
  });

  it('by card, a hold that stands for the full replacement value', () => {
    const byCard = { ...order, cover: { choice: 'cardHold' as const, at, by: 'visitor' as const } };
    expect(outBlockedBy(byCard, gate, '2026-12-05', now, 800)[0]).toMatch(/the card is not held/);
    const hold = (deposit: number) =>
      ({ status: 'authorised', expiresAt: '2026-12-20T00:00:00Z', amount: 900, parts: { deposit } }) as CardHold;
    expect(outBlockedBy({ ...byCard, cardHold: hold(400) }, gate, '2026-12-05', now, 800)).toEqual([
      "The card hold's deposit is $400.00; this order's replacement value is $800.00: the visitor authorises the card again for the full value before anything goes out.",
    ]);
    expect(outBlockedBy({ ...byCard, cardHold: hold(800) }, gate, '2026-12-05', now, 800)).toEqual([]);
  });
});

describe('the cover, as the signed agreement says it', () => {
  const versions = [{ breakdown: { rentalSubtotal: 1600 } }] as never;
  it('names the waiver and its terms, the card, or what the certificate says', () => {
    expect(coverStatement({ versions, cover: { choice: 'waiver', at, by: 'visitor' } }, all)).toBe(
      "Covered by the house's damage waiver: $160.00 (10% of the rentals, before tax). It covers: Accidental damage. It leaves out: Loss and theft. The production pays at most $500.00 for damage it covers.",
    );
    expect(coverStatement({ versions, cover: { choice: 'cardHold', at, by: 'visitor' } }, all)).toMatch(
      /^Covered by a card hold for the full replacement value/,
    );
    const insurance = {
      insurer: 'Film Mutual',
      policyNumber: 'FM-1',
      namedInsured: 'Night Flight LLC',
      anyLessor: true,
      coverAmount: 250_000,
      expiresOn: '2027-06-30',
    } as never;
    expect(coverStatement({ versions, insurance }, site({ insuranceRequired: true }))).toBe(
      'Certificate of insurance from Film Mutual, policy FM-1, insuring Night Flight LLC, naming any lessor as additional insured, rented property covered to $250,000.00, ending Jun 30, 2027.',
    );
    expect(coverStatement({ versions }, site())).toBe(
      'No certificate of insurance was on the order when it was signed.',
    );
  });
});
