/**
 * The pure rules of ordering on a customer account (schema/accounts/on-account.ts): who may order
 * on it, what it owes from its orders' documents (a pro forma until the hire is invoiced, then the
 * invoice's balance less its credit notes; voided documents owe nothing), which invoices are
 * overdue past the house's limit, and what holds a confirmation back, in the words the house reads.
 */
import { describe, expect, it } from 'vitest';
import {
  accountsToOrderOn,
  checkOrderOnAccount,
  mayOrderOnAccount,
  overdueInvoices,
  owedOnAccount,
  standingCommitments,
} from '../../../schema/accounts/on-account';
import { houseAccountId, houseCustomerUid } from '../../../schema/marketplace/sub-hires';
import type { CustomerAccount, Invoice } from '../../../schema/types.generated';
import { sampleCustomerAccount } from '../../contract/customer-account-store.contract';
import { sampleDraft } from '../../contract/invoice-store.contract';

const account = (overrides: Partial<CustomerAccount> = {}): CustomerAccount => ({
  ...sampleCustomerAccount('warner', {
    name: 'Warner Bros. Pictures',
    members: [{ email: 'kim@warner.example', addedAt: '2026-11-01T00:00:00.000Z' }],
    ...overrides,
  }),
  tenantId: 'aviation',
  version: 1,
});

let sequence = 0;
const document = (quoteId: string, overrides: Partial<Invoice>): Invoice =>
  ({ ...sampleDraft(quoteId), number: `DOC-${++sequence}`, sequence, ...overrides }) as Invoice;
const money = (amount: number) => `$${amount.toFixed(2)}`;

describe('ordering on a customer account', () => {
  it('lets members of an account on account terms order on it from a proven address, whatever its case', () => {
    const kim = (email: string | undefined, emailVerified = true) => ({ uid: 'u-kim', email, emailVerified });
    expect(mayOrderOnAccount(account(), kim(' Kim@Warner.Example '))).toBe(true);
    expect(mayOrderOnAccount(account(), kim('lee@warner.example'))).toBe(false);
    expect(mayOrderOnAccount(account(), kim(undefined))).toBe(false);
    // A typed or unconfirmed address is nobody's: the member's address, not yet proven, orders nothing.
    expect(mayOrderOnAccount(account(), kim('kim@warner.example', false))).toBe(false);
    expect(mayOrderOnAccount(account(), { email: 'kim@warner.example' })).toBe(false);
    expect(mayOrderOnAccount(account({ terms: { method: 'card' } }), kim('kim@warner.example'))).toBe(false);
    const sony = account({ id: 'sony', name: 'Sony Pictures' });
    expect(
      accountsToOrderOn(
        [account(), sony, account({ id: 'cards', name: 'A card account', terms: { method: 'card' } })],
        kim('kim@warner.example'),
      ).map((found) => found.id),
    ).toEqual(['sony', 'warner']);
  });

  it("keeps another house's account for that house's sub-hires: no visitor orders on it with the house's public email", () => {
    const jetway = account({
      id: houseAccountId('aviation'),
      kind: 'house',
      name: 'Jetway Props',
      members: [{ email: 'rentals@jetwayprops.com', addedAt: '2026-11-01T00:00:00.000Z' }],
    });
    expect(mayOrderOnAccount(jetway, { uid: 'u-someone', email: 'rentals@jetwayprops.com', emailVerified: true })).toBe(
      false,
    );
    expect(mayOrderOnAccount(jetway, { uid: houseCustomerUid('london'), email: 'rentals@jetwayprops.com' })).toBe(
      false,
    );
    expect(mayOrderOnAccount(jetway, { uid: houseCustomerUid('aviation'), email: 'rentals@jetwayprops.com' })).toBe(
      true,
    );
    expect(
      accountsToOrderOn([jetway, account()], { uid: 'u-kim', email: 'rentals@jetwayprops.com', emailVerified: true }),
    ).toEqual([]);
  });

  it("owes a confirmed order's pro forma, then its invoice's balance less credit notes, and nothing voided", () => {
    const documents = [
      document('q-1', { kind: 'proForma', total: 1000, paid: 0, balance: 1000 }),
      document('q-2', { kind: 'proForma', total: 500, paid: 0, balance: 500 }),
      document('q-2', { kind: 'invoice', total: 600, paid: 100, balance: 500, number: 'INV-2' }),
      document('q-2', { kind: 'creditNote', total: -150, paid: 0, balance: -150, credits: 'INV-2' }),
      document('q-3', { kind: 'proForma', total: 900, paid: 0, balance: 900, voidedAt: '2026-11-20T00:00:00.000Z' }),
    ];
    expect(owedOnAccount(documents)).toBe(1350);
  });

  it('finds invoices owed more than the limit past their due date, and not those paid or credited in full', () => {
    const documents = [
      document('q-1', { kind: 'invoice', number: 'INV-1', dueDate: '2026-11-01', balance: 200 }),
      document('q-2', { kind: 'invoice', number: 'INV-2', dueDate: '2026-11-20', balance: 200 }),
      document('q-3', { kind: 'invoice', number: 'INV-3', dueDate: '2026-10-01', balance: 0 }),
      document('q-4', { kind: 'invoice', number: 'INV-4', dueDate: '2026-10-01', balance: 300 }),
      document('q-4', { kind: 'creditNote', total: -300, balance: -300, credits: 'INV-4' }),
    ];
    expect(overdueInvoices(documents, '2026-11-28', 14).map((invoice) => invoice.number)).toEqual(['INV-1']);
    expect(overdueInvoices(documents, '2026-11-28', 0).map((invoice) => invoice.number)).toEqual(['INV-1', 'INV-2']);
  });

  it('holds back an order past the credit limit or with invoices overdue, and refuses one on stop', () => {
    const owing = [
      document('q-1', { kind: 'invoice', number: 'INV-1', dueDate: '2026-11-01', total: 400, balance: 400 }),
    ];
    const context = { today: '2026-11-28', overdueDays: 14, format: money };
    expect(checkOrderOnAccount(account({ creditLimit: 100_000 }), [], 900, context)).toEqual({ owed: 0 });
    expect(checkOrderOnAccount(account({ creditLimit: 100_000 }), owing, 700, context).needsRelease).toBe(
      "Warner Bros. Pictures owes $400.00; this order's $700.00 takes it past its credit limit of $1000.00; and Warner Bros. Pictures has invoice INV-1 more than 14 days overdue (due 2026-11-01).",
    );
    expect(checkOrderOnAccount(account(), owing, 700, { ...context, overdueDays: 30 })).toEqual({ owed: 400 });
    // The house's rule: an invoice more than 21 days overdue puts the account on stop; 30 days does not yet.
    expect(checkOrderOnAccount(account(), owing, 10, { ...context, stopDays: 21 }).onStop).toBe(
      'Warner Bros. Pictures is on stop by your rule: invoice INV-1 is more than 21 days overdue. Record the payment, or change the rule under Invoices in Branding and site.',
    );
    expect(checkOrderOnAccount(account(), owing, 10, { ...context, stopDays: 30 }).onStop).toBeUndefined();
    expect(
      checkOrderOnAccount(
        account({
          onStop: { reason: 'Cheque bounced', since: '2026-11-27T00:00:00.000Z', by: 'admin@jetwayprops.com' },
        }),
        [],
        10,
        context,
      ).onStop,
    ).toBe('Warner Bros. Pictures is on stop: Cheque bounced. Take the account off stop to confirm orders on it.');
  });

  it('confirms an order that takes the account exactly to its limit, and holds one a cent past it', () => {
    const owing = [
      document('q-1', { kind: 'invoice', number: 'INV-1', dueDate: '2026-11-27', total: 400, balance: 400 }),
    ];
    const context = { today: '2026-11-28', overdueDays: 14, format: money };
    // $400.00 owed + $600.00 = the $1,000.00 limit: at it, not past it.
    expect(checkOrderOnAccount(account({ creditLimit: 100_000 }), owing, 600, context)).toEqual({ owed: 400 });
    expect(checkOrderOnAccount(account({ creditLimit: 100_000 }), owing, 600.01, context).needsRelease).toBe(
      "Warner Bros. Pictures owes $400.00; this order's $600.01 takes it past its credit limit of $1000.00.",
    );
  });

  it('counts the orders being confirmed until their documents are issued, for fifteen minutes at most, never the order itself', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const account = {
      ...sampleCustomerAccount('warner'),
      tenantId: 'aviation',
      version: 3,
      creditLimit: 100_000,
      commitments: [
        { order: 'q-documented', amount: 400, at: '2026-11-28T11:59:00.000Z' },
        { order: 'q-pending', amount: 300, at: '2026-11-28T11:50:00.000Z' },
        { order: 'q-stale', amount: 200, at: '2026-11-28T11:40:00.000Z' },
        { order: 'q-self', amount: 100, at: '2026-11-28T11:59:00.000Z' },
      ],
    } as CustomerAccount;
    const documents = [
      { ...sampleDraft('q-documented'), number: 'PF-000001', sequence: 1, kind: 'proForma' } as Invoice,
    ];
    expect(standingCommitments(account, documents, 'q-self', now).map((commitment) => commitment.order)).toEqual([
      'q-pending',
    ]);
    const check = checkOrderOnAccount(account, [], 800, {
      today: '2026-11-28',
      overdueDays: 14,
      format: (amount) => `$${amount}`,
      committed: 300,
    });
    expect(check.needsRelease).toBe(
      "Account warner owes $300; this order's $800 takes it past its credit limit of $1000.",
    );
  });
});
