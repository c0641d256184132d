/** The invoice arithmetic (schema/rental/invoices.ts) and the accountants' files (server/rental/accounting-export.ts), pure. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  creditNoteOf,
  dueLines,
  invoiceNumber,
  invoiceRuleOf,
  taxesOf,
  withTotals,
  type InvoiceLine,
  type InvoiceRule,
} from '../../../schema/rental/invoices';
import type { Invoice, SiteSettings } from '../../../schema/types.generated';
import { exportCsv, exportParts, lineTaxes, taxTypeOf } from '../../../server/rental/accounting-export';
import { sampleDraft } from '../../contract/invoice-store.contract';

/** Processing charged apart, untaxed (a tenant whose jurisdiction says so); `taxedRule` is the default, UK VAT's. */
const rule: InvoiceRule = {
  tax: { name: 'VAT', rate: 20, exemptGroups: new Set(), glCode: '2200' },
  processingGlCode: '4890',
  processingPercent: 5,
  processingTaxed: false,
  dueDays: 30,
  cover: {},
};
const taxedRule: InvoiceRule = { ...rule, processingTaxed: true };
const line = (amount: number, overrides: Partial<InvoiceLine> = {}): InvoiceLine => ({
  kind: 'rental',
  description: 'Seat',
  quantity: 1,
  unitAmount: amount,
  amount,
  glCode: '4300',
  taxRate: 20,
  ...overrides,
});

describe('the invoice rule from the site', () => {
  it('taxes card processing unless the house turns cardProcessingTaxed off', () => {
    const site = {
      ccAuthEnabled: true,
      ccAuthProcessingPercentage: 5,
      taxRatePercent: 20,
      taxName: 'VAT',
    } as SiteSettings;
    expect(invoiceRuleOf(site).processingTaxed).toBe(true);
    expect(invoiceRuleOf({ ...site, cardProcessingTaxed: true }).processingTaxed).toBe(true);
    expect(invoiceRuleOf({ ...site, cardProcessingTaxed: false }).processingTaxed).toBe(false);
  });
});

describe('what a quote comes to, line by line', () => {
  const base = { net: 1060, taxName: 'VAT', taxRate: 20 };
  it('adds processing taxed as the hire before the tax, processing charged on the total after it, and ends on what is charged', () => {
    // London: £1,060 hire, 5% processing £53 taxed as it is, VAT £222.60 on £1,113: £1,335.60 charged.
    expect(dueLines({ ...base, processing: 53, tax: 222.6, total: 1335.6, processingTaxed: true })).toEqual([
      { kind: 'processing', amount: 53 },
      { kind: 'beforeTax', amount: 1113 },
      { kind: 'tax', amount: 222.6 },
      { kind: 'total', amount: 1335.6 },
    ]);
    // Atlanta: sales tax on the hire, processing on the total with tax, untaxed.
    expect(
      dueLines({
        ...base,
        taxName: 'Sales tax',
        taxRate: 7,
        processing: 56.71,
        tax: 74.2,
        total: 1190.91,
        processingTaxed: false,
      }),
    ).toEqual([
      { kind: 'tax', amount: 74.2 },
      { kind: 'withTax', amount: 1134.2 },
      { kind: 'processing', amount: 56.71 },
      { kind: 'total', amount: 1190.91 },
    ]);
    // On an account: no card, so no processing, and the total is the invoice's.
    expect(dueLines({ ...base, processing: 0, tax: 212, total: 1272 })).toEqual([
      { kind: 'tax', amount: 212 },
      { kind: 'total', amount: 1272 },
    ]);
    // Each list adds up to its last line.
    for (const due of [
      { ...base, processing: 53, tax: 222.6, total: 1335.6, processingTaxed: true },
      { ...base, processing: 56.71, tax: 74.2, total: 1190.91, processingTaxed: false },
    ]) {
      const lines = dueLines(due);
      const added = lines
        .filter((line) => line.kind === 'processing' || line.kind === 'tax')
        .reduce((sum, line) => sum + line.amount, due.net);
      expect(Math.round(added * 100) / 100).toBe(lines.at(-1)!.amount);
    }
  });
});

describe('invoices', () => {
  it('numbers each kind with its prefix', () => {
    expect([
      invoiceNumber('invoice', 42),
      invoiceNumber('proForma', 1),
      invoiceNumber('creditNote', 1_234_567),
    ]).toEqual(['INV-000042', 'PF-000001', 'CN-1234567']);
  });

  it('rounds tax once on the sum of its lines, and adds processing on the total with tax', () => {
    const lines = [line(0.05), line(0.05), line(0.05), line(10, { kind: 'damage', taxRate: undefined })];
    // 0.15 × 20% = 0.03 (three lines of 0.01 each would round to 0.03 too; 0.05 × 0.2 = 0.01 each).
    expect(taxesOf(lines, rule.tax)).toEqual([{ name: 'VAT', rate: 20, base: 0.15, amount: 0.03, glCode: '2200' }]);
    const totals = withTotals(lines, rule);
    expect(totals.lines.at(-1)).toMatchObject({ kind: 'processing', amount: 0.51, glCode: '4890' });
    expect(totals).toMatchObject({ subtotal: 10.66, total: 10.69 });
  });

  it('taxes card processing as the lines it pays for are (one processing line per rate), to the same total as processing on the total with tax', () => {
    const lines = [line(200), line(100, { kind: 'damage', taxRate: undefined })];
    const taxed = withTotals(lines, taxedRule);
    expect(
      taxed.lines.slice(2).map((entry) => [entry.kind, entry.amount, entry.taxRate ?? entry.untaxed, entry.detail]),
    ).toEqual([
      ['processing', 10, 20, 'On the lines with VAT at 20%'],
      // Processing on compensation is as the compensation is: outside the scope of VAT.
      ['processing', 5, 'outsideScope', 'On the lines outside the scope of VAT'],
    ]);
    expect(taxed.taxes).toEqual([{ name: 'VAT', rate: 20, base: 210, amount: 42, glCode: '2200' }]);
    expect(taxed.total).toBe(357);
    // Charged apart: one untaxed line on the total with tax, £17 on £340; the same £357.
    const apart = withTotals(lines, rule);
    expect(apart.lines.at(-1)).toMatchObject({ kind: 'processing', amount: 17 });
    expect(apart.lines.at(-1)).not.toHaveProperty('taxRate');
    expect(apart.lines.at(-1)).toMatchObject({ untaxed: 'exempt' });
    expect(apart.total).toBe(357);
    // All lines at one rate: one processing line, no detail.
    expect(withTotals([line(200)], taxedRule).lines.at(-1)).toEqual({
      kind: 'processing',
      description: 'Card processing (5%)',
      quantity: 1,
      unitAmount: 10,
      amount: 10,
      glCode: '4890',
      taxRate: 20,
    });
  });

  it('shares a rounded tax out over its lines so they add up to it exactly', () => {
    const invoice = {
      ...sampleDraft('q'),
      number: 'INV-000001',
      sequence: 1,
      lines: [line(0.03), line(0.03), line(0.03)],
      taxes: [{ name: 'VAT', rate: 20, base: 0.09, amount: 0.02 }],
    } as Invoice;
    const shares = lineTaxes(invoice);
    expect(shares.reduce((sum, share) => Math.round((sum + share) * 100) / 100, 0)).toBe(0.02);
  });

  it('credits part of an invoice in proportion: every line keeps its GL code and tax, adding up to the amount', () => {
    const invoice = {
      ...sampleDraft('q'),
      number: 'INV-000007',
      sequence: 7,
      ...withTotals([line(200), line(100, { kind: 'damage', taxRate: undefined, glCode: '4950' })], rule),
      paid: 0,
      balance: 0,
    } as Invoice;
    const note = creditNoteOf(
      invoice,
      'Goodwill',
      { now: new Date('2026-12-01T10:00:00Z'), today: '2026-12-01', rule },
      60,
    );
    expect(note).toMatchObject({ kind: 'creditNote', credits: 'INV-000007', total: -60, issueDate: '2026-12-01' });
    expect(note.lines.map((entry) => entry.glCode)).toEqual(['4300', '4950', '4890']);
    expect(note.lines.every((entry) => entry.amount < 0)).toBe(true);
    expect(Math.round((note.subtotal + note.taxes.reduce((sum, entry) => sum + entry.amount, 0)) * 100) / 100).toBe(
      -60,
    );
    expect(creditNoteOf(invoice, 'All of it', { now: new Date(), today: '2026-12-01', rule }).total).toBe(
      -invoice.total,
    );
  });
});

describe('the accountants’ files', () => {
  const invoice = (number: string, lines: InvoiceLine[], billTo: Partial<Invoice['billTo']> = {}) =>
    ({
      ...sampleDraft(number),
      number,
      sequence: 1,
      ...withTotals(lines, rule),
      billTo: { ...sampleDraft(number).billTo, ...billTo },
    }) as Invoice;

  it('writes a line whose quantity × each is not its amount as one of its amount, and guards text against formulas', () => {
    const lines = [
      line(100.01, { quantity: 3, unitAmount: 33.34, description: 'Seat row' }),
      line(5, { description: '=HYPERLINK("x")' }),
    ];
    const rows = parse(
      exportCsv([invoice('INV-000001', lines, { studio: '@Studio' })], 'xero', { locale: 'en-GB', taxName: 'VAT' }),
      { columns: true },
    ) as Array<Record<string, string>>;
    expect(rows[0]).toMatchObject({
      '*ContactName': "'@Studio",
      '*Description': '3 × Seat row',
      '*Quantity': '1',
      '*UnitAmount': '100.01',
      '*InvoiceDate': '27/11/2026',
      '*TaxType': '20% (VAT on Income)',
    });
    expect(rows[1]).toMatchObject({ '*Description': `'=HYPERLINK("x")`, '*Quantity': '1', '*UnitAmount': '5.00' });
  });

  it('names an invoice on a customer account after the account, as the contacts import does, in every layout', () => {
    const onAccount = invoice('INV-000002', [line(50)], {
      name: 'Dana',
      studio: 'Night Flight Unit',
      account: { id: 'warner', name: 'Warner Bros. Pictures', netDays: 30, deposit: 'none' },
    });
    const site = { locale: 'en-US', taxName: 'Sales tax' };
    expect(
      (parse(exportCsv([onAccount], 'xero', site), { columns: true }) as Array<Record<string, string>>)[0]![
        '*ContactName'
      ],
    ).toBe('Warner Bros. Pictures');
    expect(
      (parse(exportCsv([onAccount], 'quickbooks', site), { columns: true }) as Array<Record<string, string>>)[0]!
        .Customer,
    ).toBe('Warner Bros. Pictures');
  });

  it('names each line’s tax as the package does, and posts a line with no GL code to the default sales account', () => {
    const vat = { taxName: 'VAT' };
    expect(taxTypeOf({ kind: 'rental', taxRate: 20 }, vat, 'xero')).toBe('20% (VAT on Income)');
    expect(taxTypeOf({ kind: 'rental', taxRate: 0 }, vat, 'xero')).toBe('Zero Rated Income');
    expect(taxTypeOf({ kind: 'rental' }, vat, 'xero')).toBe('Exempt Income');
    expect(taxTypeOf({ kind: 'damage' }, vat, 'xero')).toBe('No VAT');
    expect(taxTypeOf({ kind: 'rental', taxRate: 5 }, vat, 'quickbooks')).toBe('5.0% R');
    expect(taxTypeOf({ kind: 'rental', taxRate: 0 }, vat, 'quickbooks')).toBe('0.0% Z');
    expect(taxTypeOf({ kind: 'service' }, vat, 'quickbooks')).toBe('Exempt');
    expect(taxTypeOf({ kind: 'loss' }, vat, 'quickbooks')).toBe('No VAT');
    expect(() => taxTypeOf({ kind: 'rental', taxRate: 7 }, vat, 'quickbooks')).toThrow(/no VAT code for 7%/);
    expect(taxTypeOf({ kind: 'rental', taxRate: 9.5 }, { taxName: 'Sales tax' }, 'quickbooks')).toBe('TAX');
    expect(taxTypeOf({ kind: 'rental' }, { taxName: 'Sales tax' }, 'xero')).toBe('Tax Exempt');
    const { glCode: _none, ...uncoded } = line(10, { description: 'Uncoded' });
    const rows = parse(
      exportCsv([invoice('INV-000009', [uncoded])], 'xero', {
        locale: 'en-GB',
        taxName: 'VAT',
        defaultSalesGlCode: '200',
      }),
      { columns: true },
    ) as Array<Record<string, string>>;
    expect(rows[0]!['*AccountCode']).toBe('200');
  });

  it('splits at each package’s limit', () => {
    const many = Array.from({ length: 501 }, (_, index) => invoice(`INV-${index}`, [line(1)]));
    expect(exportParts(many, 'xero').map((part) => part.length)).toEqual([500, 1]);
    expect(exportParts(many, 'quickbooks').map((part) => part.length)).toEqual([100, 100, 100, 100, 100, 1]);
    // QuickBooks Online also takes at most 1,000 rows a file: 30 invoices of 41 lines (40 and processing) go 24 and 6.
    const long = Array.from({ length: 30 }, (_, index) =>
      invoice(
        `INV-L${index}`,
        Array.from({ length: 40 }, () => line(1)),
      ),
    );
    expect(exportParts(long, 'quickbooks').map((part) => part.length)).toEqual([24, 6]);
    // Credit notes go to their own file in QuickBooks (it refuses a negative invoice).
    const note = { ...invoice('CN-000001', [line(-5)]), kind: 'creditNote' as const, credits: 'INV-0' };
    expect(
      exportParts([...many.slice(0, 3), note], 'quickbooks').map((part) => part.map((document) => document.number)),
    ).toEqual([['INV-0', 'INV-1', 'INV-2']]);
    expect(
      exportParts([...many.slice(0, 3), note], 'quickbooks-credit-notes').map((part) =>
        part.map((document) => document.number),
      ),
    ).toEqual([['CN-000001']]);
    expect(exportParts(many, 'csv').map((part) => part.length)).toEqual([501]);
    expect(exportParts([], 'xero')).toEqual([[]]);
  });
});
