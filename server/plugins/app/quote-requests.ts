/**
 * Quote requests (server/stores/quote-request-store.ts), decorated as `app.quoteRequests`: SQLite
 * under the data folder (quotes.sqlite), or Firestore (`vendors/{tenantId}/quoteRequests/{id}`)
 * with BACKLOT_STORE=firestore, as the item store does; and `app.keptAvailability`, each tenant's
 * booked counts per item and day that dated listings read (server/rental/kept-availability.ts).
 */
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import type { ServerConfig } from '../../config';
import type { QuoteRequestStore } from '../../stores/quote-request-store';
import { KeptAvailability } from '../../rental';

declare module 'fastify' {
  interface FastifyInstance {
    quoteRequests: QuoteRequestStore;
    keptAvailability: KeptAvailability;
  }
}

/** The quote request store (with the units) the configuration names (the CLI's item import adds units to the same one). */
export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openStores.quoteRequests(config);
    app.decorate('quoteRequests', store);
    app.decorate(
      'keptAvailability',
      new KeptAvailability({ quoteRequests: store, itemStore: app.itemStore }, (tenantId) =>
        app.catalogueVersion(tenantId),
      ),
    );
    app.addHook('onClose', () => store.close());
  },
  { name: 'quote-requests', dependencies: ['item-store', 'search'] },
);
