/**
 * Invoices, pro formas and credit notes (server/stores/invoice-store.ts), decorated as
 * `app.invoices`: SQLite under the data folder (invoices.sqlite), or Firestore
 * (`vendors/{tenantId}/invoices/{number}`) with BACKLOT_STORE=firestore, as the quote requests are.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import type { InvoiceStore } from '../../stores/invoice-store';
import { SqliteInvoiceStore } from '../../stores/sqlite-invoice-store';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoiceStore;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    let store: InvoiceStore;
    if (config.store === 'firestore') {
      store = await (await import('../../stores/firestore-connection')).openFirestoreInvoiceStore();
    } else {
      mkdirSync(config.dataDir, { recursive: true });
      store = new SqliteInvoiceStore(path.join(config.dataDir, 'invoices.sqlite'));
    }
    app.decorate('invoices', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'invoices' },
);
