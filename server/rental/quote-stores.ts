/** The stores a step of a quote's conversation works on, as a Fastify app holds them. */
import type { FastifyInstance } from 'fastify';
import type { QuoteStores } from './quote-conversation';

/** With the card holds, the invoices and the customer accounts, which steps settle and check. */
export const quoteStoresOf = (app: FastifyInstance): QuoteStores => ({
  quoteRequests: app.quoteRequests,
  itemStore: app.itemStore,
  profileStore: app.profileStore,
  cardHolds: app.cardHolds,
  invoices: app.invoices,
  customerAccounts: app.customerAccounts,
});
