/**
 * Quote requests (server/stores/quote-request-store.ts), decorated as `app.quoteRequests`: SQLite
 * under the data folder (quotes.sqlite), or Firestore (`vendors/{tenantId}/quoteRequests/{id}`)
 * with BACKLOT_STORE=firestore, as the item store does.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import type { QuoteRequestStore } from '../../stores/quote-request-store';
import { SqliteQuoteRequestStore } from '../../stores/sqlite-quote-request-store';

declare module 'fastify' {
  interface FastifyInstance {
    quoteRequests: QuoteRequestStore;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    let store: QuoteRequestStore;
    if (config.store === 'firestore') {
      store = await (await import('../../stores/firestore-connection')).openFirestoreQuoteRequestStore();
    } else {
      mkdirSync(config.dataDir, { recursive: true });
      store = new SqliteQuoteRequestStore(path.join(config.dataDir, 'quotes.sqlite'));
    }
    app.decorate('quoteRequests', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'quote-requests' },
);
