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
import { invoicePdf } from './lazy-pdfs';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import { creditNoteMessage, pdf, quoteUpdateMessage } from '../mail/messages';
import { sendAs, TO_HOUSE } from '../mail/tenant-mail';
import { dueOfQuote } from './quote-due';

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
  const attachments = invoice
    ? [pdf(`${invoice.number}.pdf`, await invoicePdf(invoice, configuration.site, configuration.vendor))]
    : [];
  await sendAs(app.mailer, configuration, to === 'vendor' ? TO_HOUSE : quote.email, {
    ...content,
    ...(attachments.length && { attachments }),
  }).catch((error: unknown) => log.error({ err: error, quoteRequest: quote.id, action }, 'quote step mail not sent'));
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
