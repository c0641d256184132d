/**
 * Telling the other side about a step in a quote's conversation: a mail in the tenant's branding,
 * and, when the vendor (or an expiry) moved, a count on the visitor's profile
 * (stats.unreadNotificationCount) that the storefront's live profile stream pushes to their open
 * pages, on whichever server they are connected to. The step stands whatever the mail does: a
 * failure is logged for staff to follow up.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Actor, QuoteAction } from '../../schema/rental/quote-states';
import type { Invoice, QuoteRequest } from '../../schema/types.generated';
import { agreementPdf, invoicePdf } from './lazy-pdfs';
import { withDefaults } from '../../schema/defaults';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import { agreementCopyMessage, creditNoteMessage, pdf, quoteUpdateMessage } from '../mail/messages';
import { sendAs, TO_HOUSE } from '../mail/tenant-mail';
import { dueOfQuote } from './quote-due';
import { itemsOfQuotes } from './quote-conversation';

/** The signed agreement of an order, as a mail's PDF. */
async function agreementAttachment(app: NoticeStores, quote: QuoteRequest) {
  const stored = (await app.tenantStore.get(quote.tenantId))!;
  const items = await itemsOfQuotes(app.itemStore, quote.tenantId, [quote]);
  const bytes = await agreementPdf(
    quote,
    items,
    withDefaults('site', stored.tenant.site),
    withDefaults('vendor', stored.tenant.vendor),
  );
  return pdf(`agreement-${quote.id.slice(0, 8)}.pdf`, bytes);
}

/** What telling of a step reads and writes: a Fastify app has them all. */
export type NoticeStores = Pick<FastifyInstance, 'tenantStore' | 'itemStore' | 'invoices' | 'mailer' | 'profileStore'>;

export async function notifyQuoteStep(
  app: NoticeStores,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  quote: QuoteRequest,
  action: QuoteAction,
  actor: Actor,
): Promise<void> {
  const stored = await app.tenantStore.get(quote.tenantId);
  if (!stored) return;
  const configuration = storefrontConfiguration(quote.tenantId, stored.version, stored.tenant);
  const to = actor === 'visitor' ? 'vendor' : 'visitor';
  // The total with tax (what the visitor pays), and a close's invoice: what the mail says moved.
  const due = await dueOfQuote(app.itemStore, quote, configuration.site);
  const documents = action === 'close' ? await app.invoices.forQuote(quote.tenantId, quote.id).catch(() => []) : [];
  const content = quoteUpdateMessage(configuration, quote, action, to, { documents, ...(due && { due }) });
  // Another house's sub-hire closed: its invoice goes as a PDF (the house cannot sign in on this storefront to download it).
  const invoice =
    quote.subHire && to === 'visitor' ? documents.find((document) => document.kind === 'invoice') : undefined;
  // An acceptance that signed the house's terms: the signed agreement goes to the house with the news, and to the production as its copy.
  // (Signed by this step: an acceptance of a change to the order signs nothing new.)
  const signed =
    action === 'accept' && actor === 'visitor' && quote.agreement && quote.agreement.at === quote.history?.at(-1)?.at
      ? await agreementAttachment(app, quote)
      : undefined;
  const attachments = invoice
    ? [pdf(`${invoice.number}.pdf`, await invoicePdf(invoice, configuration.site, configuration.vendor))]
    : signed
      ? [signed]
      : [];
  await sendAs(app.mailer, configuration, to === 'vendor' ? TO_HOUSE : quote.email, {
    ...content,
    ...(attachments.length && { attachments }),
  }).catch((error: unknown) => log.error({ err: error, quoteRequest: quote.id, action }, 'quote step mail not sent'));
  if (signed)
    await sendAs(app.mailer, configuration, quote.email, {
      ...agreementCopyMessage(configuration, quote),
      attachments: [signed],
    }).catch((error: unknown) => log.error({ err: error, quoteRequest: quote.id }, 'signed agreement not mailed'));
  if (to === 'visitor')
    await app.profileStore
      .update(quote.tenantId, quote.uid, (profile) => ({
        ...profile,
        stats: { ...profile.stats, unreadNotificationCount: (profile.stats?.unreadNotificationCount ?? 0) + 1 },
      }))
      .catch((error: unknown) =>
        log.warn({ err: error, quoteRequest: quote.id }, 'quote step not counted on the profile'),
      );
}

/** To the visitor: a credit note issued against their invoice (from the console, or a lost unit found). The note stands whatever the mail does. */
export async function notifyCreditNote(app: FastifyInstance, log: FastifyBaseLogger, note: Invoice): Promise<void> {
  const stored = await app.tenantStore.get(note.tenantId);
  if (!stored) return;
  const configuration = storefrontConfiguration(note.tenantId, stored.version, stored.tenant);
  await sendAs(app.mailer, configuration, note.billTo.email, creditNoteMessage(configuration, note)).catch(
    (error: unknown) => log.error({ err: error, creditNote: note.number }, 'credit note mail not sent'),
  );
}
