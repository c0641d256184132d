/**
 * Statements and reminders (schema/accounts/statements.ts), and account credit paying an invoice
 * (schema/accounts/payments.ts): the balance brought forward, each document and payment with the
 * running balance, the closing balance aged on the month's last day; a credit note never taking off
 * more than its invoice was left owing; credit used moving nothing; reminders at the latest step
 * reached, once each, none once paid; credit spent no further than held or owed.
 */
import { describe, expect, it } from 'vitest';
import { paymentOf } from '../../../schema/accounts/payments';
import {
  monthBefore,
  monthDays,
  reminderId,
  remindersDue,
  statementOf,
  statementWanted,
} from '../../../schema/accounts/statements';
import type { Invoice, Payment } from '../../../schema/types.generated';
import { sampleDraft } from '../../contract/invoice-store.contract';

const warner = { id: 'warner', name: 'Warner Bros. Pictures', netDays: 30, deposit: 'none' as const };
const account = { id: 'warner', name: 'Warner Bros. Pictures', currency: 'USD' };
const billTo = {
  name: 'Dana',
  email: 'dana@warner.example',
  production: 'Red Eye 2',
  purchaseOrder: 'WB-1',
  account: warner,
};
const invoice = (
  number: string,
  issueDate: string,
  dueDate: string,
  balance: number,
  overrides: Partial<Invoice> = {},
): Invoice =>
  ({
    ...sampleDraft(`q-${number}`),
    number,
    sequence: 1,
    issueDate,
    dueDate,
    total: balance,
    paid: 0,
    balance,
    billTo,
    ...overrides,
  }) as Invoice;
const payment = (
  id: string,
  invoiceNumber: string,
  receivedOn: string,
  amount: number,
  applied = amount,
  method: Payment['method'] = 'bankTransfer',
): Payment => ({
  id,
  tenantId: 'aviation',
  invoice: invoiceNumber,
  account: 'warner',
  amount,
  applied,
  credit: method === 'accountCredit' ? -amount : amount - applied,
  currency: 'USD',
  receivedOn,
  method,
  recordedAt: `${receivedOn}T12:00:00.000Z`,
  recordedBy: 'admin@jetwayprops.com',
});

describe('statements', () => {
  it('names a month’s days and the month before', () => {
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect([monthBefore('2027-01-03'), monthBefore('2026-12-01')]).toEqual(['2026-12', '2026-11']);
  });

  it('brings the balance forward, runs it through the month, and ages the close on the last day', () => {
    const september = invoice('INV-000001', '2026-09-10', '2026-10-10', 500);
    const october = invoice('INV-000002', '2026-10-05', '2026-11-04', 300);
    const lateOctober = invoice('INV-000003', '2026-10-28', '2026-11-27', 200);
    const november = invoice('INV-000004', '2026-11-02', '2026-12-02', 999);
    const note: Invoice = {
      ...invoice('CN-000001', '2026-10-12', '2026-10-12', -50),
      kind: 'creditNote',
      credits: 'INV-000002',
      total: -50,
    };
    const payments = [
      payment('p1', 'INV-000001', '2026-09-30', 200),
      payment('p2', 'INV-000001', '2026-10-20', 400, 300),
    ];
    const statement = statementOf(account, [september, october, lateOctober, november, note], payments, '2026-10');
    expect(statement.broughtForward).toBe(300);
    expect(
      statement.lines.map((line) => [line.date, line.kind, line.reference, line.charge, line.received, line.balance]),
    ).toEqual([
      ['2026-10-05', 'invoice', 'INV-000002', 300, 0, 600],
      ['2026-10-12', 'creditNote', 'CN-000001', 0, 50, 550],
      ['2026-10-20', 'payment', 'INV-000001', 0, 400, 150],
      ['2026-10-28', 'invoice', 'INV-000003', 200, 0, 350],
    ]);
    expect(statement.lines[0]!.detail).toBe('Red Eye 2 · PO WB-1');
    expect(statement.closing).toBe(350);
    // On 31 October: 250 of INV-000002 is current (due 4 November), as is INV-000003; the 100 overpaid is credit.
    expect(statement.ageing).toEqual({ current: 450, days30: 0, days60: 0, days90: 0, over90: 0 });
    expect(statement.credit).toBe(100);
    expect(statement.closing).toBe(statement.ageing.current - statement.credit);
    expect(statementWanted(statement)).toBe(true);
    expect(statementWanted(statementOf(account, [], [], '2026-10'))).toBe(false);
  });

  it('takes a credit note off only what its invoice left owing, and moves nothing when credit pays an invoice', () => {
    const cardPaid = invoice('INV-000010', '2026-11-01', '2026-12-01', 0, { total: 400, paid: 400 });
    const refunded: Invoice = {
      ...invoice('CN-000010', '2026-11-03', '2026-11-03', -80),
      kind: 'creditNote',
      credits: 'INV-000010',
      total: -80,
    };
    const owing = invoice('INV-000011', '2026-11-05', '2026-12-05', 120);
    const over = payment('p1', 'INV-000011', '2026-11-06', 150, 120);
    const next = invoice('INV-000012', '2026-11-10', '2026-12-10', 60);
    const used = payment('p2', 'INV-000012', '2026-11-11', 30, 30, 'accountCredit');
    const statement = statementOf(account, [cardPaid, refunded, owing, next], [over, used], '2026-11');
    // The invoice the card settled and the credit refunded to the card changed nothing on the account: they are not on it.
    expect(statement.lines.map((line) => [line.kind, line.received, line.balance, line.detail])).toEqual([
      ['invoice', 0, 120, 'Red Eye 2 · PO WB-1'],
      ['payment', 150, -30, 'Bank transfer'],
      ['invoice', 0, 30, 'Red Eye 2 · PO WB-1'],
      ['creditUsed', 0, 30, 'Account credit'],
    ]);
    expect(statement.closing).toBe(30);
    expect(statement.credit).toBe(0);
    expect(statement.ageing.current).toBe(30);
  });
});

describe('reminders', () => {
  const due = invoice('INV-000020', '2026-10-01', '2026-10-31', 300);
  const schedule = [7, 14, 30];

  it('reminds at the latest step reached, once, and not once paid', () => {
    expect(remindersDue([due], [], schedule, '2026-11-06', new Set())).toEqual([]);
    expect(
      remindersDue([due], [], schedule, '2026-11-07', new Set()).map((reminder) => [
        reminder.invoice.number,
        reminder.daysOverdue,
        reminder.owed,
      ]),
    ).toEqual([['INV-000020', 7, 300]]);
    // Day 20: the 14-day step, not 7 as well; once sent, nothing more until day 30.
    expect(remindersDue([due], [], schedule, '2026-11-20', new Set()).map((reminder) => reminder.daysOverdue)).toEqual([
      14,
    ]);
    expect(remindersDue([due], [], schedule, '2026-11-29', new Set([reminderId('INV-000020', 14)]))).toEqual([]);
    expect(
      remindersDue([due], [payment('p1', 'INV-000020', '2026-11-25', 300)], schedule, '2026-12-01', new Set()),
    ).toEqual([]);
    expect(remindersDue([due], [], [], '2027-06-01', new Set())).toEqual([]);
  });
});

describe('account credit paying an invoice', () => {
  const context = {
    today: '2026-11-28',
    now: new Date('2026-11-28T12:00:00Z'),
    by: 'admin@jetwayprops.com',
    format: (amount: number) => `$${amount.toFixed(2)}`,
  };
  const owing = invoice('INV-000030', '2026-11-20', '2026-12-20', 100);
  const use = (amount: number, accountCredit: number | undefined, target = owing) =>
    paymentOf(
      { id: 'use-1', amount, currency: 'USD', receivedOn: '2026-11-28', method: 'accountCredit' },
      { invoice: target, creditNotes: [], payments: [], ...(accountCredit !== undefined && { accountCredit }) },
      context,
    );

  it('spends credit up to what is held and owed, and no further', () => {
    expect(use(40, 60)).toMatchObject({
      payment: { amount: 40, applied: 40, credit: -40, method: 'accountCredit', account: 'warner' },
    });
    expect(use(70, 60)).toEqual({
      problems: [{ pointer: '/amount', message: 'is more than the $60.00 of credit Warner Bros. Pictures holds' }],
    });
    expect(use(150, 500)).toEqual({
      problems: [{ pointer: '/amount', message: 'is more than the $100.00 still owed on INV-000030' }],
    });
    const offAccount = invoice('INV-000031', '2026-11-20', '2026-12-20', 100, {
      billTo: { name: 'Sam', email: 'sam@indie.example' },
    });
    expect(use(10, undefined, offAccount)).toEqual({
      problems: [
        { pointer: '/method', message: 'INV-000031 is not on a customer account: only an account holds credit' },
      ],
    });
  });
});
