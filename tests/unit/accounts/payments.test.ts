/**
 * Money received (schema/accounts/payments.ts): what an invoice owes after the card, credit notes
 * and payments; a payment refused by field in another currency, dated after today, against a pro
 * forma, or beyond what is owed off an account; on an account, the rest kept as credit; and aged
 * debtors bucketed by days past due, those owing most first, accounts in credit listed.
 */
import { describe, expect, it } from 'vitest';
import { ageOf, agedDebtors, owedOnInvoice, paymentOf } from '../../../schema/accounts/payments';
import type { Invoice, Payment } from '../../../schema/types.generated';
import { sampleDraft } from '../../contract/invoice-store.contract';

const warner = { id: 'warner', name: 'Warner Bros. Pictures', netDays: 30, deposit: 'none' as const };
let sequence = 0;
const invoice = (overrides: Partial<Invoice> = {}): Invoice =>
  ({
    ...sampleDraft(`q-${++sequence}`),
    number: `INV-${String(sequence).padStart(6, '0')}`,
    sequence,
    paid: 0,
    balance: 408,
    ...overrides,
  }) as Invoice;
const context = {
  today: '2026-11-28',
  now: new Date('2026-11-28T12:00:00Z'),
  by: 'admin@jetwayprops.com',
  format: (amount: number) => `$${amount.toFixed(2)}`,
};
const input = {
  id: 'wire-0001',
  amount: 100,
  currency: 'USD',
  receivedOn: '2026-11-28',
  method: 'bankTransfer' as const,
};
const made = (result: ReturnType<typeof paymentOf>) => ('payment' in result ? result.payment : undefined);

describe('money received', () => {
  it('owes the balance after the card, less credit notes and payments', () => {
    const owing = invoice({ total: 408, paid: 8, balance: 400 });
    const note = invoice({ kind: 'creditNote', credits: owing.number, total: -50, balance: -50 });
    const payment = made(paymentOf(input, { invoice: owing, creditNotes: [], payments: [] }, context))!;
    expect(owedOnInvoice({ invoice: owing, creditNotes: [note], payments: [payment] })).toBe(250);
    expect(owedOnInvoice({ invoice: owing, creditNotes: [note], payments: [{ ...payment, applied: 999 }] })).toBe(0);
  });

  it('refuses a payment by field, and against anything but an invoice', () => {
    const owing = invoice();
    expect(
      paymentOf(
        { ...input, currency: 'GBP', receivedOn: '2026-11-29' },
        { invoice: owing, creditNotes: [], payments: [] },
        context,
      ),
    ).toEqual({
      problems: [
        { pointer: '/currency', message: `${owing.number} is in USD: record what arrived in USD` },
        { pointer: '/receivedOn', message: 'is after today (2026-11-28): record a payment once it has arrived' },
      ],
    });
    expect(paymentOf({ ...input, amount: 500 }, { invoice: owing, creditNotes: [], payments: [] }, context)).toEqual({
      problems: [
        {
          pointer: '/amount',
          message: `is more than the $408.00 still owed on ${owing.number}: only a customer account keeps the rest as credit`,
        },
      ],
    });
    expect(
      paymentOf(
        input,
        { invoice: invoice({ kind: 'proForma', number: 'PF-000001' }), creditNotes: [], payments: [] },
        context,
      ),
    ).toEqual({
      problems: [{ pointer: '', message: 'PF-000001 is a pro forma: payments are recorded against the invoice' }],
    });
  });

  it('refuses a day before the invoice was issued, and more than is owed on an account unless asked to keep it, up to the invoice’s total', () => {
    const owing = invoice({
      issueDate: '2026-11-20',
      billTo: { name: 'Dana', email: 'dana@warner.example', account: warner },
    });
    const state = { invoice: owing, creditNotes: [], payments: [] };
    expect(paymentOf({ ...input, receivedOn: '2026-11-19' }, state, context)).toEqual({
      problems: [
        {
          pointer: '/receivedOn',
          message: `is before ${owing.number} was issued (2026-11-20): give the day the money arrived, on or after it`,
        },
      ],
    });
    expect(made(paymentOf({ ...input, receivedOn: '2026-11-20' }, state, context))?.applied).toBe(100);
    expect(paymentOf({ ...input, amount: 500 }, state, context)).toEqual({
      problems: [
        {
          pointer: '/amount',
          message: `is $92.00 more than the $408.00 still owed on ${owing.number}: choose to keep the rest as Warner Bros. Pictures's credit, or record what is owed`,
        },
      ],
    });
    expect(made(paymentOf({ ...input, amount: 816, keepRest: true }, state, context))?.credit).toBe(408);
    expect(paymentOf({ ...input, amount: 1_000_000_000, keepRest: true }, state, context)).toEqual({
      problems: [
        {
          pointer: '/amount',
          message: `would leave $999999592.00 as credit, more than ${owing.number} came to ($408.00): record the rest as a payment of its own on another invoice`,
        },
      ],
    });
  });

  it('takes a bank reference written another way as the same payment', () => {
    const owing = invoice();
    const first = made(
      paymentOf({ ...input, reference: 'BANK-123' }, { invoice: owing, creditNotes: [], payments: [] }, context),
    )!;
    for (const reference of ['BANK 123', 'bank123.', ' Bank–123 '])
      expect(
        paymentOf(
          { ...input, id: 'wire-0002', reference },
          { invoice: owing, creditNotes: [], payments: [first] },
          context,
        ),
      ).toMatchObject({ problems: [{ pointer: '/reference' }] });
    expect(
      made(
        paymentOf(
          { ...input, id: 'wire-0002', reference: 'BANK-124' },
          { invoice: owing, creditNotes: [], payments: [first] },
          context,
        ),
      ),
    ).toBeDefined();
  });

  it('pays an account’s invoice up to what is owed and keeps the rest as credit', () => {
    const owing = invoice({ billTo: { name: 'Dana', email: 'dana@warner.example', account: warner } });
    expect(
      made(
        paymentOf(
          { ...input, amount: 500, reference: '  WB 77  ', keepRest: true },
          { invoice: owing, creditNotes: [], payments: [] },
          context,
        ),
      ),
    ).toEqual({
      id: 'wire-0001',
      tenantId: 'aviation',
      invoice: owing.number,
      account: 'warner',
      amount: 500,
      applied: 408,
      credit: 92,
      currency: 'USD',
      receivedOn: '2026-11-28',
      method: 'bankTransfer',
      reference: 'WB 77',
      recordedAt: '2026-11-28T12:00:00.000Z',
      recordedBy: 'admin@jetwayprops.com',
    });
  });

  it('ages what is owed by days past due, those owing most first, with accounts in credit', () => {
    expect(
      ['2026-11-28', '2026-11-27', '2026-10-29', '2026-10-28', '2026-09-29', '2026-08-29', '2026-08-30'].map((due) =>
        ageOf(due, '2026-11-28'),
      ),
    ).toEqual(['current', 'days30', 'days30', 'days60', 'days60', 'over90', 'days90']);
    const a = invoice({
      dueDate: '2026-12-10',
      balance: 100,
      billTo: { name: 'Dana', email: 'dana@warner.example', account: warner },
    });
    const b = invoice({
      dueDate: '2026-10-01',
      balance: 250,
      billTo: { name: 'Dana', email: 'dana@warner.example', account: warner },
    });
    const c = invoice({
      dueDate: '2026-11-01',
      balance: 600,
      billTo: { name: 'Sam', email: 'Sam@Indie.example', studio: 'Indie Films' },
    });
    const paidUp = invoice({ dueDate: '2026-11-01', balance: 0, billTo: { name: 'Lee', email: 'lee@paid.example' } });
    const credit: Payment = {
      ...made(paymentOf({ ...input, amount: 120 }, { invoice: b, creditNotes: [], payments: [] }, context))!,
      applied: 100,
      credit: 20,
    };
    const rows = agedDebtors([a, b, c, paidUp], [credit], '2026-11-28');
    expect(rows.map((row) => [row.key, row.name, row.total, row.credit, row.buckets, row.oldestDue])).toEqual([
      [
        'email:sam@indie.example',
        'Indie Films',
        600,
        0,
        { current: 0, days30: 600, days60: 0, days90: 0, over90: 0 },
        '2026-11-01',
      ],
      [
        'warner',
        'Warner Bros. Pictures',
        250,
        20,
        { current: 100, days30: 0, days60: 150, days90: 0, over90: 0 },
        '2026-10-01',
      ],
    ]);
  });
});
