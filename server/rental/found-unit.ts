/**
 * A unit written off as lost on a hire, found and put back in service: the loss charged for it is
 * taken back. While the hire is open, its loss charge is adjusted to nothing (the reason the
 * visitor reads says why); once it is closed and invoiced, a credit note is issued on the
 * invoice's loss line for that unit alone (no tax: a loss carries none), so the books and the
 * customer see exactly that charge reversed. The unit's own history says which hire lost it.
 */
import { creditedByLine, lineCreditNoteOf, invoiceRuleOf } from '../../schema/rental/invoices';
import { cents } from '../../schema/rental/quote-pricing';
import { todayIn } from '../../schema/rental/quote-rules';
import type { Invoice, Unit } from '../../schema/types.generated';
import { adjustCharge } from './hire-floor';
import type { QuoteSettings, QuoteStores } from './quote-conversation';

/** What taking the loss back did: the charge adjusted on the open hire, or the credit note issued. */
export type LossTakenBack = { adjusted: string } | { creditNote: Invoice } | undefined;

/** The hire that lost this unit, from its history: the last event that wrote it off. */
const lostOn = (unit: Unit) => unit.history?.findLast((event) => event.status === 'lost')?.orderId;

export async function takeBackLoss(
  stores: Required<Pick<QuoteStores, 'quoteRequests' | 'invoices'>> & QuoteStores,
  settings: QuoteSettings,
  request: { tenantId: string; unit: Unit; wasLost: boolean; who: string; now: Date },
): Promise<LossTakenBack> {
  const orderId = request.wasLost ? lostOn(request.unit) : undefined;
  if (!orderId) return undefined;
  const order = await stores.quoteRequests.get(request.tenantId, orderId);
  if (!order) return undefined;
  const reason = `Found after the hire: ${request.unit.tag} is back in service`;
  if (order.state !== 'closed') {
    const charge = order.hire?.charges?.find((entry) => entry.kind === 'loss' && entry.tag === request.unit.tag);
    if (!charge || charge.subtotal <= 0) return undefined;
    const base = cents(charge.subtotal - (charge.adjustment?.amount ?? 0));
    await adjustCharge(stores, settings, {
      tenantId: request.tenantId,
      orderId,
      chargeId: charge.id,
      adjustment: { amount: -base, reason },
      who: request.who,
      now: request.now,
    });
    return { adjusted: charge.id };
  }
  const documents = await stores.invoices.forQuote(request.tenantId, orderId);
  const invoice = documents.find((document) => document.kind === 'invoice');
  if (!invoice) return undefined;
  const line = invoice.lines.findIndex(
    (entry) => entry.kind === 'loss' && entry.description.endsWith(`(${request.unit.tag})`),
  );
  if (line < 0) return undefined;
  const left = cents(invoice.lines[line]!.amount - creditedByLine(invoice, documents)[line]!);
  if (left <= 0) return undefined;
  const context = {
    now: request.now,
    today: todayIn(settings.timezone, request.now),
    rule: invoiceRuleOf(settings.site),
  };
  const { invoice: creditNote } = await stores.invoices.issue(
    lineCreditNoteOf(invoice, reason, context, [{ line, amount: left }]),
  );
  return { creditNote };
}
