/**
 * Invoices issued as the hire goes (no Fastify): a pro forma when an order is confirmed, the final
 * invoice when it is closed (paid: what its card hold captured), and on a cancelled order the pro
 * formas voided and, when the tenant's fee was captured, an invoice for the fee. The numbers come
 * from the InvoiceStore, each with its document in one transaction; the same step issued again
 * (a retry, a second server) is answered with the document already issued. Documents are built
 * by schema/rental/invoices.ts from the order as stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import { chargeBasis } from '../../schema/rental/hire-charges';
import {
  cancellationInvoiceOf,
  finalInvoiceOf,
  invoiceRuleOf,
  itemGroupsOf,
  proFormaOf,
  type IssueContext,
} from '../../schema/rental/invoices';
import { todayIn } from '../../schema/rental/quote-rules';
import { changePending, isOrderState, type QuoteAction, type QuoteState } from '../../schema/rental/quote-states';
import type { CategoryTree, Invoice, Item, QuoteRequest, SiteSettings } from '../../schema/types.generated';
import { glCodeOf } from '../../schema/rental/quote-pricing';

/** What issuing reads of a tenant's settings (quote-conversation's QuoteSettings has them); its categories name ledger codes. */
type TenantClock = { site: SiteSettings; timezone: string; categories?: CategoryTree | undefined };
import { formatMoney } from '../../schema/display/format';
import { priceStepsText } from '../../schema/display/price-steps';
import type { InvoiceStore } from '../stores/invoice-store';
import { applyAccountCredit } from './account-credit';

/** What issuing needs from the tenant, the order's items and the time. */
export function invoiceContext(
  settings: TenantClock,
  items: ReadonlyMap<string, Pick<Item, 'category' | 'rates'>>,
  now: Date,
): IssueContext {
  const money = (amount: number) => formatMoney(amount, settings.site);
  return {
    rule: invoiceRuleOf(settings.site),
    currency: settings.site.currency ?? 'USD',
    groups: itemGroupsOf(items),
    now,
    today: todayIn(settings.timezone, now),
    detail: (line) => priceStepsText(line, money),
    basis: (charge) => chargeBasis(charge, money),
    // An itemised kit's components: each one's share (its day rate) and ledger code.
    part: (objectID) => {
      const item = items.get(objectID);
      return item && { dayRate: item.rates.day, glCode: glCodeOf(settings.categories, item.category) };
    },
  };
}

/** What the order's card hold has captured, or is capturing, for it. */
export const paidByCard = (order: QuoteRequest) =>
  order.cardHold?.captured ??
  (order.cardHold?.pending?.action === 'capture' ? (order.cardHold.pending.amount ?? 0) : 0);

/**
 * The documents an order is owed and lacks (a step whose issuing failed: the store was away), issued
 * now: a confirmed or hired order's pro forma, a closed one's invoice. Issuing is keyed, so a
 * document already issued is never issued twice. The console asks when it opens a request.
 */
export async function issueOwed(
  invoices: InvoiceStore,
  settings: TenantClock,
  items: ReadonlyMap<string, Pick<Item, 'category' | 'rates'>>,
  order: QuoteRequest,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<void> {
  const state = order.state ?? 'requested';
  if (!isOrderState(state)) return;
  const issued = await invoices.forQuote(order.tenantId, order.id);
  const context = invoiceContext(settings, items, now);
  try {
    if (state !== 'closed' && !changePending(order)) await supersedeProForma(invoices, order, context, issued);
    else if (!issued.some((invoice) => invoice.kind === 'proForma')) await invoices.issue(proFormaOf(order, context));
    if (state === 'closed' && !issued.some((invoice) => invoice.kind === 'invoice'))
      await finalInvoice(invoices, order, context, log);
  } catch (error) {
    log?.error({ err: error, quoteRequest: order.id }, 'owed invoice not issued');
  }
}

/** A closed order's invoice, issued (or found issued), with the credit its customer account holds applied to it. */
async function finalInvoice(
  invoices: InvoiceStore,
  order: QuoteRequest,
  context: IssueContext,
  log?: FastifyBaseLogger,
): Promise<Invoice> {
  const { invoice } = await invoices.issue(finalInvoiceOf(order, context, paidByCard(order)));
  await applyAccountCredit(invoices, invoice, context.today, context.now, log);
  return invoice;
}

/**
 * The pro forma of the version the order now stands on: issued when it has none, and the older
 * ones voided (a change the visitor accepted after confirmation). A pro forma is no tax document,
 * so it is voided and reissued, never credited; the production's accounts see one that is current.
 */
async function supersedeProForma(
  invoices: InvoiceStore,
  order: QuoteRequest,
  context: IssueContext,
  issued: readonly Invoice[],
): Promise<Invoice[]> {
  const version = order.versions?.at(-1)?.version;
  const live = standingProFormas(issued);
  if (live.some((invoice) => invoice.version === version)) return [];
  // The new one first: a failure between the two leaves two current, never none.
  const fresh = (await invoices.issue(proFormaOf(order, context))).invoice;
  return [fresh, ...(await voidProFormas(invoices, order, live, context.now))];
}

/** An order's pro formas not voided. */
const standingProFormas = (issued: readonly Invoice[]) =>
  issued.filter((invoice) => invoice.kind === 'proForma' && !invoice.voidedAt);

/** Voids these of the order's pro formas that stand (a cancelled order's, or a changed order's old one). */
async function voidProFormas(
  invoices: InvoiceStore,
  order: QuoteRequest,
  issued: readonly Invoice[],
  now: Date,
): Promise<Invoice[]> {
  const voided = await Promise.all(
    standingProFormas(issued).map((invoice) =>
      invoices.voidProForma(order.tenantId, invoice.number, now.toISOString()),
    ),
  );
  return voided.filter((invoice): invoice is Invoice => invoice !== undefined);
}

/**
 * The documents a step issues, issued (or found issued): a confirmation's pro forma, a changed
 * order's new pro forma once the visitor accepts the change (the old one voided), a close's
 * final invoice, a cancelled order's voided pro formas and fee invoice. Failures are logged and
 * left for `issueOwed` (the documents are derived from the order, so nothing is lost).
 */
export async function issueAfterStep(
  invoices: InvoiceStore,
  settings: TenantClock,
  items: ReadonlyMap<string, Pick<Item, 'category' | 'rates'>>,
  order: QuoteRequest,
  action: QuoteAction,
  before: QuoteState,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<Invoice[]> {
  const context = invoiceContext(settings, items, now);
  try {
    if (action === 'confirm' && order.state === 'confirmed')
      return [(await invoices.issue(proFormaOf(order, context))).invoice];
    if (
      action === 'accept' &&
      isOrderState(before) &&
      isOrderState(order.state ?? 'requested') &&
      !changePending(order)
    )
      return supersedeProForma(invoices, order, context, await invoices.forQuote(order.tenantId, order.id));
    if (action === 'close' && order.state === 'closed') return [await finalInvoice(invoices, order, context, log)];
    if (action === 'cancel' && isOrderState(before)) {
      const voided = await voidProFormas(invoices, order, await invoices.forQuote(order.tenantId, order.id), now);
      const fee = paidByCard(order);
      const feeInvoice = fee > 0 ? [(await invoices.issue(cancellationInvoiceOf(order, fee, context))).invoice] : [];
      return [...voided, ...feeInvoice];
    }
  } catch (error) {
    log?.error({ err: error, quoteRequest: order.id, action }, 'invoice not issued');
  }
  return [];
}
