/**
 * Credit an account holds (what earlier payments left over) used on its next invoice, as the house
 * would apply it by hand: when an invoice on the account is issued, as much of the credit as it
 * owes is recorded against it as an "Account credit" payment, once (its id is the invoice's), and in
 * the invoice store's transaction, so two invoices issued at once never spend the same credit.
 */
import type { FastifyBaseLogger } from 'fastify';
import { owedOnInvoice, paymentOf } from '../../schema/accounts/payments';
import type { Invoice, Payment } from '../../schema/types.generated';
import type { InvoiceStore } from '../stores/invoice-store';

/** Nothing to apply: the account holds no credit, or the invoice owes nothing. */
class NoCreditToApply extends Error {}

/** The payment id of the credit applied to an invoice when it was issued. */
const appliedCreditId = (invoice: Pick<Invoice, 'number'>) => `credit-${invoice.number}`;

export async function applyAccountCredit(
  invoices: InvoiceStore,
  invoice: Invoice,
  today: string,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<Payment | undefined> {
  if (invoice.kind !== 'invoice' || !invoice.billTo.account || invoice.balance <= 0) return undefined;
  const id = appliedCreditId(invoice);
  try {
    const { payment, repeat } = await invoices.recordPayment(invoice.tenantId, invoice.number, id, (state) => {
      const amount = Math.min(state.accountCredit ?? 0, owedOnInvoice(state));
      if (amount <= 0) throw new NoCreditToApply();
      const made = paymentOf(
        {
          id,
          amount,
          currency: invoice.currency,
          receivedOn: today,
          method: 'accountCredit',
          reference: 'Applied when invoiced',
        },
        state,
        {
          today,
          now,
          by: 'backlot',
          format: String,
        },
      );
      if ('problems' in made) throw new NoCreditToApply();
      return made.payment;
    });
    if (!repeat)
      log?.info(
        { tenantId: invoice.tenantId, invoice: invoice.number, amount: payment.amount },
        'account credit applied',
      );
    return payment;
  } catch (error) {
    if (error instanceof NoCreditToApply) return undefined;
    log?.error({ err: error, invoice: invoice.number }, 'account credit not applied');
    return undefined;
  }
}
