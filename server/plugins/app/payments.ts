/**
 * Card holds: the PaymentProvider (the built-in test provider under the data folder, or Stripe)
 * and the CardHolds that record its answers on quote requests, decorated as `app.cardHolds`; and
 * the card-hold watch on a timer (once ready, then every BACKLOT_PAYMENT_CHECK_SECONDS) on every
 * server: steps the provider has not answered yet retried when their time comes, holds about to
 * lapse renewed. Two servers on one hold do its step once (the provider's idempotency keys).
 */
import { mkdirSync } from 'node:fs';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { withDefaults } from '../../../schema/defaults';
import { storefrontConfiguration } from '../../../storefront/config/build-configuration';
import type { ServerConfig } from '../../config';
import { runEvery } from '../../lib/periodic-pass';
import { cardHoldRenewalMessage, cardWantedMessage, senderOf, type MailContent } from '../../mail/messages';
import { todayIn } from '../../../schema/rental/quote-rules';
import type { StorefrontConfiguration } from '../../../storefront/config/configuration';
import { CardHolds } from '../../payments/card-holds';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { QuoteStores } from '../../rental/quote-conversation';
import type { QuoteRequest } from '../../../schema/types.generated';

declare module 'fastify' {
  interface FastifyInstance {
    cardHolds: CardHolds;
  }
}

/** The stores a step of the conversation works on, with the card holds. */
export const quoteStoresOf = (app: FastifyInstance): QuoteStores => ({
  quoteRequests: app.quoteRequests,
  itemStore: app.itemStore,
  profileStore: app.profileStore,
  cardHolds: app.cardHolds,
  invoices: app.invoices,
});

async function providerOf(config: ServerConfig): Promise<PaymentProvider> {
  if (config.payments.provider === 'stripe') {
    const { StripePaymentProvider } = await import('../../payments/stripe-payment-provider');
    return new StripePaymentProvider(config.payments);
  }
  const { TestPaymentProvider } = await import('../../payments/test-payment-provider');
  mkdirSync(config.dataDir, { recursive: true });
  return new TestPaymentProvider(config.dataDir);
}

export default fp<{ config: ServerConfig; provider?: PaymentProvider }>(
  async (app, { config, provider: given }) => {
    const provider = given ?? (await providerOf(config));
    const mail = async (request: QuoteRequest, to: 'vendor' | 'visitor', content: (configuration: StorefrontConfiguration) => MailContent) => {
      const stored = await app.tenantStore.get(request.tenantId);
      if (!stored) return;
      const configuration = storefrontConfiguration(request.tenantId, stored.version, stored.tenant);
      await app.mailer.send({ ...content(configuration), to: to === 'vendor' ? configuration.vendor.email : request.email, from: senderOf(configuration), tenantId: request.tenantId });
    };
    const cardHolds = new CardHolds(provider, { quoteRequests: app.quoteRequests, itemStore: app.itemStore, profileStore: app.profileStore }, app.log, {
      renewalFailed: (request, reason) => mail(request, 'vendor', (configuration) => cardHoldRenewalMessage(configuration, request, reason)),
      cardWanted: (request, amount) => mail(request, 'visitor', (configuration) => cardWantedMessage(configuration, request, amount)),
    });
    app.decorate('cardHolds', cardHolds);

    runEvery(app, config.paymentCheckSeconds, 'card-hold watch', async () => {
      for (const { tenantId } of await app.tenantStore.list()) {
        const stored = await app.tenantStore.get(tenantId).catch(() => undefined);
        const now = new Date();
        if (stored) await cardHolds.pass(tenantId, withDefaults('site', stored.tenant.site), now, todayIn(stored.tenant.vendor.timezone ?? 'UTC', now));
      }
    });
    if (!given) app.addHook('onClose', () => provider.close());
  },
  { name: 'payments', dependencies: ['mailer', 'tenant-store', 'quote-requests', 'item-store', 'invoices', 'profile-store'] },
);
