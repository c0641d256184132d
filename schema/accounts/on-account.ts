/**
 * Ordering on a customer account (issue 38), as pure rules the server, the console and the
 * storefront share:
 *
 * - Who may order on which account: a member, by a proven email, of an account whose terms are "on
 *   account" (issue 50); another house's account only that house, through its sub-hires. A card
 *   account's members order with a card hold as anyone does.
 * - What the account owes the house: per order on it, the final invoice's balance less its credit
 *   notes once the hire is invoiced, else the confirmed order's pro forma (the house has committed
 *   the stock; the money is coming).
 * - What holds an order on the account back at confirmation: the account on stop (no new
 *   confirmations, whatever the house says on the order), or, unless the house releases it with a
 *   reason, the order taking the account past its credit limit or invoices overdue past the house's
 *   limit. Each says why in words the house's staff read on the order.
 */
import type { CustomerAccount, Invoice, Payment, QuoteRequest } from '../types.generated';
import { creditOf, invoiceStates, owedOnInvoice } from './payments';
import { fromMinor } from '../rental/card-hold';
import { addDays } from '../rental/quote-rules';
import { cents } from '../rental/quote-pricing';
import { houseAccountId, houseOfCustomerUid } from '../marketplace/sub-hires';

export type OrderAccount = NonNullable<QuoteRequest['account']>;
export type AccountRelease = NonNullable<QuoteRequest['accountRelease']>;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Who asks to order on an account: a visitor's proven identity, or a house's customer (its sub-hires). */
export interface AccountOrderer {
  uid?: string;
  email?: string;
  /** The email was proven by a link sent to it: only a proven address is anybody's. */
  emailVerified?: boolean;
}

/**
 * Whether `who` may order on `account` without a card. A person: a member, by a proven email, of
 * an account on account terms (a typed or unconfirmed address is nobody's). Another house's account
 * (kind "house"): only that house itself, through the sub-hire routes its staff use (its customer
 * uid, `houseCustomerUid`); no visitor, whatever email they hold. A card account's members order with a card hold as anyone does.
 */
export function mayOrderOnAccount(account: CustomerAccount, who: AccountOrderer): boolean {
  if (account.terms.method !== 'account') return false;
  if (account.kind === 'house') {
    const house = houseOfCustomerUid(who.uid);
    return house !== undefined && houseAccountId(house) === account.id;
  }
  return who.emailVerified === true && isMemberOf(account, who.email);
}

/** Whether `email` is on the account's members (whoever holds it: callers prove the address first). */
export const isMemberOf = (account: CustomerAccount, email: string | undefined): boolean =>
  !!email && account.members.some((member) => sameEmail(member.email, email));

/** The accounts `who` may order on, by name. */
export const accountsToOrderOn = (accounts: readonly CustomerAccount[], who: AccountOrderer): CustomerAccount[] =>
  accounts.filter((account) => mayOrderOnAccount(account, who)).sort((a, b) => a.name.localeCompare(b.name));

/** The account as an order carries it: its terms as they stood when the order was accepted on it. */
export const orderAccountOf = (account: CustomerAccount): OrderAccount => ({
  id: account.id,
  name: account.name,
  netDays: account.terms.netDays ?? 30,
  deposit: account.terms.deposit ?? 'none',
  ...(account.taxNumber && { taxNumber: account.taxNumber }),
  ...(account.exemption && { exemption: account.exemption }),
});

/**
 * What the account owes, from its orders' documents and the payments received (in the account's
 * currency, major units): per order, its invoice's balance less credit notes and payments, else its
 * live pro forma; less the credit the account's payments left over.
 */
export function owedOnAccount(documents: readonly Invoice[], payments: readonly Payment[] = []): number {
  const stateOf = invoiceStates(documents, payments);
  const invoiced = new Set(
    documents.flatMap((document) => (document.kind === 'invoice' && !document.voidedAt ? [document.quoteId] : [])),
  );
  let owed = 0;
  for (const document of documents) {
    if (document.voidedAt) continue;
    if (document.kind === 'invoice') owed += owedOnInvoice(stateOf(document));
    // A confirmed order not yet invoiced owes its pro forma (the latest, when it was changed: the others are void).
    else if (document.kind === 'proForma' && !invoiced.has(document.quoteId)) owed += document.total;
  }
  return Math.max(0, cents(owed - creditOf(payments)));
}

/** The account's invoices still owed more than `overdueDays` after they fell due, as of `today`. */
export function overdueInvoices(
  documents: readonly Invoice[],
  today: string,
  overdueDays: number,
  payments: readonly Payment[] = [],
): Invoice[] {
  const stateOf = invoiceStates(documents, payments);
  return documents.filter(
    (document) =>
      document.kind === 'invoice' &&
      !document.voidedAt &&
      addDays(document.dueDate, overdueDays) < today &&
      owedOnInvoice(stateOf(document)) > 0,
  );
}

export interface AccountCheck {
  /** The account is on stop: nothing confirms until it is taken off. */
  onStop?: string;
  /** Why the order needs the house's release (credit limit, overdue invoices); absent when it does not. */
  needsRelease?: string;
  owed: number;
}

/** How long an order's commitment counts without its documents: a confirmation that died before they were issued stops counting. */
export const COMMITMENT_MINUTES = 15;

/**
 * The account's commitments still counting at `now`, less the order being confirmed: those whose
 * order has no document yet (once it has, the document counts instead), made in the last
 * COMMITMENT_MINUTES.
 */
export function standingCommitments(
  account: CustomerAccount,
  documents: readonly Invoice[],
  orderId: string,
  now: Date,
): NonNullable<CustomerAccount['commitments']> {
  const documented = new Set(documents.map((document) => document.quoteId));
  return (account.commitments ?? []).filter(
    (commitment) =>
      commitment.order !== orderId &&
      !documented.has(commitment.order) &&
      now.getTime() - Date.parse(commitment.at) < COMMITMENT_MINUTES * 60_000,
  );
}

/**
 * What holds an order of `orderTotal` on `account` back at confirmation, given the documents of the
 * account's other orders. `format` writes money as the house does.
 */
export function checkOrderOnAccount(
  account: CustomerAccount,
  otherDocuments: readonly Invoice[],
  orderTotal: number,
  context: {
    today: string;
    overdueDays: number;
    stopDays?: number;
    format: (amount: number) => string;
    day?: (date: string) => string;
    payments?: readonly Payment[];
    /** Other orders confirmed on the account whose documents are not issued yet (their commitments). */
    committed?: number;
  },
): AccountCheck {
  const owed = cents(owedOnAccount(otherDocuments, context.payments) + (context.committed ?? 0));
  const reasons: string[] = [];
  if (account.creditLimit !== undefined) {
    const limit = fromMinor(account.creditLimit, account.currency);
    if (owed + orderTotal > limit)
      reasons.push(
        `${account.name} owes ${context.format(owed)}; this order's ${context.format(orderTotal)} takes it past its credit limit of ${context.format(limit)}`,
      );
  }
  const overdue = overdueInvoices(otherDocuments, context.today, context.overdueDays, context.payments);
  // The house's rule puts an account with an invoice this far past due on stop, as if by hand.
  const stoppedByRule = context.stopDays
    ? overdueInvoices(otherDocuments, context.today, context.stopDays, context.payments)
    : [];
  if (overdue.length) {
    const oldest = overdue.map((invoice) => invoice.dueDate).sort()[0]!;
    reasons.push(
      `${account.name} has ${overdue.length === 1 ? `invoice ${overdue[0]!.number}` : `${overdue.length} invoices`} more than ${context.overdueDays} days overdue (due ${context.day?.(oldest) ?? oldest})`,
    );
  }
  return {
    owed,
    ...((account.onStop && {
      onStop: `${account.name} is on stop: ${account.onStop.reason}. Take the account off stop to confirm orders on it.`,
    }) ||
      (stoppedByRule.length && {
        onStop: `${account.name} is on stop by your rule: ${stoppedByRule.length === 1 ? `invoice ${stoppedByRule[0]!.number} is` : `${stoppedByRule.length} invoices are`} more than ${context.stopDays} days overdue. Record the payment, or change the rule under Invoices in Branding and site.`,
      })),
    ...(reasons.length && { needsRelease: `${reasons.join('; and ')}.` }),
  };
}
