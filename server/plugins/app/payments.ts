/**
 * Card holds: the PaymentProvider (the built-in test provider under the data folder, or Stripe)
 * and the CardHolds that record its answers on quote requests, decorated as `app.cardHolds`; and
 * the card-hold watch on a timer (once ready, then every BACKLOT_PAYMENT_CHECK_SECONDS) on every
 * server: steps the provider has not answered yet retried when their time comes, holds about to
 * lapse renewed. Two servers on one hold do its step once (the provider's idempotency keys).
 * Each house's account at the provider and the platform's commission (`app.payouts`,
 * marketplace/payouts.ts) over their store: payout-accounts.sqlite under the data folder, or
 * Firestore (`vendors/{house}/payouts/account`). With the built-in test provider every house
 * without an account is given an onboarded test account at start (a start-up step).
 */
import { mkdirSync } from 'node:fs';
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import type { ServerConfig } from '../../config';
import { runEvery } from '../../lib/periodic-pass';
import { paymentServices, type CardHolds, type PaymentProvider } from '../../payments';
import { Payouts } from '../../marketplace';
import { TestPaymentProvider } from '../../payments/test-payment-provider';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';

declare module 'fastify' {
  interface FastifyInstance {
    cardHolds: CardHolds;
    payouts: Payouts;
  }
}

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
    const payoutStore = await openStores.payoutAccounts(config);
    app.addHook('onClose', () => payoutStore.close());
    const payouts = new Payouts({
      provider,
      store: payoutStore,
      tenantStore: app.tenantStore,
      platformId: PLATFORM_TENANT_ID,
      log: app.log,
    });
    app.decorate('payouts', payouts);
    if (provider instanceof TestPaymentProvider)
      app.startup.add("houses' test accounts", async () => {
        const connected = await payouts.connectEveryHouseForTesting((accountId) =>
          provider.completeOnboarding(accountId),
        );
        if (connected) app.log.info({ houses: connected }, 'houses given onboarded test accounts (test provider)');
      });
    const { cardHolds, passEveryTenant } = paymentServices({
      provider,
      quoteRequests: app.quoteRequests,
      itemStore: app.itemStore,
      profileStore: app.profileStore,
      payouts,
      tenantStore: app.tenantStore,
      mailer: app.mailer,
      log: app.log,
    });
    app.decorate('cardHolds', cardHolds);
    runEvery(app, config.paymentCheckSeconds, 'card-hold watch', () => passEveryTenant(new Date()));
    if (!given) app.addHook('onClose', () => provider.close());
  },
  {
    name: 'payments',
    dependencies: ['mailer', 'tenant-store', 'quote-requests', 'item-store', 'invoices', 'profile-store', 'startup'],
  },
);
