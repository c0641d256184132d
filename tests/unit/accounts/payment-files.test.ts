/**
 * Payments received as the accountant's files (server/accounts/contacts-export.ts): bank statement
 * lines for Xero and QuickBooks Online in the house's own day order, cheques with their number,
 * only money that reached the bank, and no cell that starts as a spreadsheet formula.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { paymentsCsv, paymentsIn } from '../../../server/accounts/contacts-export';
import type { Payment } from '../../../schema/types.generated';

const payment = (overrides: Partial<Payment>): Payment => ({
  id: 'p-1',
  tenantId: 'london',
  invoice: 'SOHO-0001',
  amount: 120,
  applied: 120,
  credit: 0,
  currency: 'GBP',
  receivedOn: '2026-11-03',
  method: 'bankTransfer',
  recordedAt: '2026-11-03T10:00:00.000Z',
  recordedBy: 'accounts@sohoprophire.co.uk',
  ...overrides,
});
const payments = [
  payment({
    id: 'p-2',
    invoice: 'SOHO-0002',
    method: 'cheque',
    reference: '000417',
    receivedOn: '2026-11-05',
    amount: 60.5,
    applied: 60.5,
  }),
  payment({ id: 'p-1', reference: '=HYPERLINK("x")' }),
  payment({
    id: 'p-3',
    invoice: 'SOHO-0003',
    method: 'accountCredit',
    amount: 20,
    applied: 20,
    credit: -20,
    receivedOn: '2026-11-04',
  }),
  payment({ id: 'p-4', receivedOn: '2026-12-01' }),
];
const payers = new Map([
  ['SOHO-0001', 'Working Title Films'],
  ['SOHO-0002', '@Hostile, "quoted" Ltd'],
]);

describe('payments as bank statement lines', () => {
  it('writes Xero statement lines by the day they arrived, in the house’s day order, leaving out credit moved between invoices', () => {
    const rows = parse(
      paymentsCsv(paymentsIn(payments, '2026-11-01', '2026-11-30', 'xero-statement'), {
        format: 'xero-statement',
        locale: 'en-GB',
        payers,
      }).csv,
    ) as string[][];
    expect(rows).toEqual([
      ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Check Number'],
      [
        '03/11/2026',
        '120.00',
        'Working Title Films',
        `Bank transfer for invoice SOHO-0001, ref =HYPERLINK("x")`,
        'SOHO-0001',
        '',
      ],
      [
        '05/11/2026',
        '60.50',
        `'@Hostile, "quoted" Ltd`,
        'Cheque for invoice SOHO-0002, ref 000417',
        'SOHO-0002',
        '000417',
      ],
    ]);
  });

  it('writes QuickBooks Online’s three columns, and keeps every payment in the plain list', () => {
    const rows = parse(
      paymentsCsv(paymentsIn(payments, '2026-11-01', '2026-11-30', 'quickbooks-bank'), {
        format: 'quickbooks-bank',
        locale: 'en-US',
        payers,
      }).csv,
    ) as string[][];
    expect(rows).toEqual([
      ['Date', 'Description', 'Amount'],
      ['11/03/2026', `Working Title Films · invoice SOHO-0001 · Bank transfer · =HYPERLINK("x")`, '120.00'],
      ['11/05/2026', `'@Hostile, "quoted" Ltd · invoice SOHO-0002 · Cheque · 000417`, '60.50'],
    ]);
    expect(paymentsIn(payments, '2026-11-01', '2026-11-30', 'list').map((each) => each.id)).toEqual([
      'p-1',
      'p-3',
      'p-2',
    ]);
  });
});
