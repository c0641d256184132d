/** Quote requests (server/stores/quote-request-store.ts), decorated as `app.quoteRequests`: SQLite under the data folder. */
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
    mkdirSync(config.dataDir, { recursive: true });
    const store = new SqliteQuoteRequestStore(path.join(config.dataDir, 'quotes.sqlite'));
    app.decorate('quoteRequests', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'quote-requests' },
);
