/**
 * The payments domain's services, built from explicit dependencies: card holds over the
 * configured provider, with the mails a hold sends (a renewal the house must act on, a card the
 * production is asked for), and the watch pass over every tenant that the card-hold watch runs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import { withDefaults } from '../../schema/defaults';
import { todayIn } from '../../schema/rental/quote-rules';
import type { QuoteRequest } from '../../schema/types.generated';
import type { Mailer } from '../mail/mailer';
import { cardHoldRenewalMessage, cardWantedMessage, type MailContent } from '../mail/messages';
import { sendTenantMail, TO_HOUSE } from '../mail/tenant-mail';
import type { TenantStore } from '../stores/tenant-store';
import { CardHolds, type CardHoldStores } from './card-holds';
import type { PaymentProvider } from './payment-provider';

export interface PaymentDependencies extends CardHoldStores {
  provider: PaymentProvider;
  tenantStore: TenantStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export interface PaymentServices {
  cardHolds: CardHolds;
  /** One card-hold watch pass over every tenant, each in its own time zone. */
  passEveryTenant: (now: Date) => Promise<void>;
}

export function paymentServices({
  provider,
  tenantStore,
  mailer,
  log,
  ...stores
}: PaymentDependencies): PaymentServices {
  const mail = (
    to: 'house' | 'production',
    request: QuoteRequest,
    write: (c: StorefrontConfiguration) => MailContent,
  ) => sendTenantMail({ tenantStore, mailer }, request.tenantId, to === 'house' ? TO_HOUSE : request.email, write);
  const cardHolds = new CardHolds(provider, stores, log, {
    renewalFailed: (request, reason) =>
      mail('house', request, (configuration) => cardHoldRenewalMessage(configuration, request, reason)),
    cardWanted: (request, amount) =>
      mail('production', request, (configuration) => cardWantedMessage(configuration, request, amount)),
  });
  return {
    cardHolds,
    passEveryTenant: async (now) => {
      for (const { tenantId } of await tenantStore.list()) {
        const stored = await tenantStore.get(tenantId).catch(() => undefined);
        if (!stored) continue;
        const today = todayIn(stored.tenant.vendor.timezone ?? 'UTC', now);
        await cardHolds.pass(tenantId, withDefaults('site', stored.tenant.site), now, today);
      }
    },
  };
}
