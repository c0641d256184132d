/**
 * A production's request as its owner and platform staff read it: each part sent to a house with
 * its quote as the house has it now. Read, never stored: the house's quote is the one truth.
 */
import { withDefaults } from '../../schema/defaults';
import { quoteHref } from '../../schema/routes';
import type { ProductionRequest } from '../../schema/types.generated';
import { stateOf, dueOfQuote } from '../rental';
import type { ItemStore } from '../stores/item-store';
import type { QuoteRequestStore } from '../stores/quote-request-store';
import type { TenantStore } from '../stores/tenant-store';
import type { Conversations } from '../conversation';

export interface ProductionViewStores {
  quoteRequests: Pick<QuoteRequestStore, 'get'>;
  tenantStore: Pick<TenantStore, 'get'>;
  itemStore: Pick<ItemStore, 'getMany'>;
  conversations: Pick<Conversations, 'unreadByProduction'>;
}

/** A house's storefront origin as the visitor reaches it (its domain, or its address beside the platform's). */
export type OriginOf = (house: string, domain: string | undefined) => string;

/**
 * Each sent part with its quote as the house has it now (state; total in the house's currency as
 * its own quote page says it, tax and card processing in, with the tax's name; the house's messages
 * the production has not read) and its page there: the production's inbox across its houses. A
 * house or quote that cannot be read leaves its part as it was sent.
 */
export async function productionWithQuotes(
  stores: ProductionViewStores,
  production: ProductionRequest,
  originOf: OriginOf,
) {
  const parts = await Promise.all(
    production.parts.map(async (part) => {
      if (part.state !== 'sent' || !part.quoteId) return part;
      const [quote, stored, unread] = await Promise.all([
        stores.quoteRequests.get(part.house, part.quoteId).catch(() => undefined),
        stores.tenantStore.get(part.house).catch(() => undefined),
        stores.conversations
          .unreadByProduction(part.house, [part.quoteId])
          .then((counts) => counts.get(part.quoteId!) ?? 0)
          .catch(() => 0),
      ]);
      const site = stored && withDefaults('site', stored.tenant.site);
      const href = `${originOf(part.house, site?.domain)}${quoteHref(part.quoteId)}`;
      if (!quote) return { ...part, href };
      const due = site && (await dueOfQuote(stores.itemStore, quote, site));
      return {
        ...part,
        href,
        quote: {
          state: stateOf(quote),
          // Pencilled at its house (ranked there by its own rules).
          held: quote.hold === 'pencil',
          // The house's messages on it the production has not read.
          ...(unread > 0 && { unread }),
          ...(due && { total: due.total, ...(due.tax > 0 && { taxName: due.taxName }) }),
          ...(site && { currency: site.currency, locale: site.locale }),
        },
      };
    }),
  );
  return { ...production, parts };
}

/** Each sent part with its quote's state at its house, for staff's list. */
export async function productionWithQuoteStates(
  stores: Pick<ProductionViewStores, 'quoteRequests'>,
  production: ProductionRequest,
) {
  const parts = await Promise.all(
    production.parts.map(async (part) => {
      const quote =
        part.state === 'sent' && part.quoteId
          ? await stores.quoteRequests.get(part.house, part.quoteId).catch(() => undefined)
          : undefined;
      return quote ? { ...part, quote: { state: stateOf(quote) } } : part;
    }),
  );
  return { ...production, parts };
}
