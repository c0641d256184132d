/**
 * What a customer account does to a step of the conversation (issue 38), read before the step's
 * change is written (a store may run that change again, so it reads nothing itself):
 *
 * - accept on an account: the visitor must be one of its members and it must be on account terms;
 *   a purchase order is needed when the account says so. The order carries the account's terms.
 * - confirm an order on an account: refused while the account is on stop; held back, unless the
 *   house gives a reason to release it, when it would take the account past its credit limit or
 *   the account has invoices overdue past the house's limit (site.accountOverdueDays).
 *
 * Two confirmations on one account at once: each counts its order on the account (a commitment, in
 * a versioned write of the account) with the check, so the second reads again and sees the first,
 * until the first's pro forma is issued and counts instead (schema/accounts/on-account.ts).
 */
import { schemaDocuments } from '../../schema/documents';
import {
  checkOrderOnAccount,
  isMemberOf,
  mayOrderOnAccount,
  type AccountOrderer,
  orderAccountOf,
  standingCommitments,
  type AccountRelease,
  type OrderAccount,
} from '../../schema/accounts/on-account';
import { invoiceRuleOf, itemGroupsOf, quoteDue } from '../../schema/rental/invoices';
import { isOrderState } from '../../schema/rental/quote-states';
import { todayIn } from '../../schema/rental/quote-rules';
import type { Item, QuoteRequest } from '../../schema/types.generated';
import { addressLines } from '../../schema/display/contact';
import { formatDay, formatMoney } from '../../schema/display/format';
import { StaleAccountError, type CustomerAccountStore } from '../stores/customer-account-store';
import { FieldProblemsError } from '../stores/field-problems';
import type { InvoiceStore } from '../stores/invoice-store';

const BILLING_ADDRESS_MAX = schemaDocuments.quoteRequest.$defs.billingAddress.maxLength;

export interface AccountTerms {
  /** For `accept`: the account the order is on from now, as it carries it. */
  accepting?: OrderAccount;
  /** For `accept`: the account's billing address, for an order given none (a VAT invoice names the customer's address). */
  billingAddress?: string;
  /** For `confirm`: the house's release, when the account held the order back. */
  release?: AccountRelease;
}

/** An order its account refuses: on stop (by hand or by the house's rule), or the account gone. */
export class AccountRefusedError extends Error {
  readonly statusCode = 409;
}

/** An order its account holds back (credit limit, overdue invoices): the house confirms it only with a reason (`release`). */
export class AccountReleaseNeededError extends Error {
  readonly statusCode = 409;
  /** The field the house answers in: the console asks for the reason there. */
  readonly field = 'release';
}

interface StepOnAccount {
  tenantId: string;
  action: string;
  who: AccountOrderer;
  account?: string;
  release?: string;
  billing?: Pick<QuoteRequest, 'purchaseOrder'>;
  now: Date;
}

export async function accountTermsAt(
  stores: { customerAccounts?: CustomerAccountStore; invoices?: InvoiceStore },
  settings: { site: Parameters<typeof invoiceRuleOf>[0]; timezone: string },
  step: StepOnAccount,
  current: QuoteRequest,
  items: ReadonlyMap<string, Item>,
): Promise<AccountTerms> {
  const state = current.state ?? 'requested';
  if (step.action === 'accept' && step.account !== undefined && !isOrderState(state)) {
    const account = stores.customerAccounts
      ? await stores.customerAccounts.get(step.tenantId, step.account)
      : undefined;
    if (
      account &&
      account.kind !== 'house' &&
      isMemberOf(account, step.who.email) &&
      !step.who.emailVerified &&
      account.terms.method === 'account'
    )
      throw new FieldProblemsError(
        [
          {
            pointer: '/account',
            message: `confirm ${step.who.email ?? 'your email'} first (the link we mailed it): an account is ordered on only from a confirmed address`,
          },
        ],
        'Not accepted: your email is not confirmed yet',
      );
    if (!account || !mayOrderOnAccount(account, step.who))
      throw new FieldProblemsError(
        [
          {
            pointer: '/account',
            message: `${step.who.email ?? 'you'} may not order on that account here: ask the house to add you to your company's account, or pay by card`,
          },
        ],
        'Not accepted: not on that account',
      );
    if (account.purchaseOrderRequired && !(step.billing?.purchaseOrder?.trim() || current.purchaseOrder))
      throw new FieldProblemsError(
        [{ pointer: '/purchaseOrder', message: `${account.name} orders with a purchase order: give its number` }],
        'Not accepted: a purchase order is needed',
      );
    const address = addressLines(account.billingAddress).join('\n').slice(0, BILLING_ADDRESS_MAX);
    return { accepting: orderAccountOf(account), ...(address && { billingAddress: address }) };
  }
  if (step.action === 'confirm' && current.account) {
    const customerAccounts = stores.customerAccounts;
    let account = await customerAccounts?.get(step.tenantId, current.account.id);
    const orderTotal = quoteDue(current, itemGroupsOf(items), invoiceRuleOf(settings.site)).total;
    // Checked and counted in one versioned write of the account: a confirmation on it meanwhile
    // (another staff member, another server) makes this one read again and count that order too.
    for (let attempt = 0; ; attempt += 1) {
      if (!account || !customerAccounts)
        throw new AccountRefusedError(
          `The account ${current.account.name} this order was accepted on is not at this house any more: cancel the order or ask for it again.`,
        );
      // Checked again: the person who accepted must still be on the account (removed, or their
      // address changed since, they are not); another house's account went through its sub-hire route.
      const acceptedBy = current.history?.findLast((entry) => entry.action === 'accept')?.email;
      if (account.kind !== 'house' && !isMemberOf(account, acceptedBy))
        throw new AccountRefusedError(
          `${acceptedBy ?? 'Whoever accepted this order'} is no longer on the account ${account.name}: add them to it again, or ask the production to accept again with a card.`,
        );
      const documents = (await stores.invoices?.forAccount(step.tenantId, account.id)) ?? [];
      const others = documents.filter((document) => document.quoteId !== current.id);
      const payments = (await stores.invoices?.payments(step.tenantId, { account: account.id })) ?? [];
      const commitments = standingCommitments(account, documents, current.id, step.now);
      const check = checkOrderOnAccount(account, others, orderTotal, {
        today: todayIn(settings.timezone, step.now),
        overdueDays: settings.site.accountOverdueDays ?? 14,
        ...(settings.site.accountStopDays !== undefined && { stopDays: settings.site.accountStopDays }),
        format: (amount) => formatMoney(amount, settings.site),
        day: (date) => formatDay(date, settings.site),
        payments,
        committed: commitments.reduce((total, commitment) => total + commitment.amount, 0),
      });
      if (check.onStop) throw new AccountRefusedError(check.onStop);
      if (check.needsRelease && !step.release?.trim())
        throw new AccountReleaseNeededError(`${check.needsRelease} Give a reason to confirm it all the same.`);
      try {
        await customerAccounts.update(step.tenantId, account.id, account.version, (stored) => ({
          ...stored,
          commitments: [...commitments, { order: current.id, amount: orderTotal, at: step.now.toISOString() }],
        }));
      } catch (error) {
        if (!(error instanceof StaleAccountError) || attempt >= 8) throw error;
        account = await customerAccounts.get(step.tenantId, account.id);
        continue;
      }
      return check.needsRelease
        ? {
            release: {
              reason: step.release!.trim(),
              by: step.who.email ?? 'staff',
              at: step.now.toISOString(),
              held: check.needsRelease,
            },
          }
        : {};
    }
  }
  return {};
}
