/**
 * Telling the other side about a step in a quote's conversation: a mail in the tenant's branding,
 * and, when the vendor (or an expiry) moved, a count on the visitor's profile
 * (stats.unreadNotificationCount) that the storefront's live profile stream pushes to their open
 * pages, on whichever server they are connected to. The step stands whatever the mail does: a
 * failure is logged for staff to follow up.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Actor, QuoteAction } from '../../schema/rental/quote-states';
import type { QuoteRequest } from '../../schema/types.generated';
import { storefrontConfiguration } from '../../storefront/config/build-configuration';
import { quoteUpdateMessage, senderOf } from '../mail/messages';

export async function notifyQuoteStep(app: FastifyInstance, log: FastifyBaseLogger, quote: QuoteRequest, action: QuoteAction, actor: Actor): Promise<void> {
  const stored = await app.tenantStore.get(quote.tenantId);
  if (!stored) return;
  const configuration = storefrontConfiguration(quote.tenantId, stored.version, stored.tenant);
  const to = actor === 'visitor' ? 'vendor' : 'visitor';
  const content = quoteUpdateMessage(configuration, quote, action, to);
  await app.mailer
    .send({ ...content, to: to === 'vendor' ? configuration.vendor.email : quote.email, from: senderOf(configuration), tenantId: quote.tenantId })
    .catch((error: unknown) => log.error({ err: error, quoteRequest: quote.id, action }, 'quote step mail not sent'));
  if (to === 'visitor')
    await app.profileStore
      .update(quote.tenantId, quote.uid, (profile) => ({ ...profile, stats: { ...profile.stats, unreadNotificationCount: (profile.stats?.unreadNotificationCount ?? 0) + 1 } }))
      .catch((error: unknown) => log.warn({ err: error, quoteRequest: quote.id }, 'quote step not counted on the profile'));
}
