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

/** The quote request store (with the units) the configuration names (the CLI's item import adds units to the same one). */
export async function openQuoteRequestStore(config: ServerConfig): Promise<QuoteRequestStore> {
  if (config.store === 'firestore') return (await import('../../stores/firestore-connection')).openFirestoreQuoteRequestStore();
  mkdirSync(config.dataDir, { recursive: true });
  return new SqliteQuoteRequestStore(path.join(config.dataDir, 'quotes.sqlite'));
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openQuoteRequestStore(config);
    app.decorate('quoteRequests', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'quote-requests' },
);
