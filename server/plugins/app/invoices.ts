/**
 * Invoices, pro formas and credit notes (server/stores/invoice-store.ts), decorated as
 * `app.invoices`: SQLite under the data folder (invoices.sqlite), or Firestore
 * (`vendors/{tenantId}/invoices/{number}`) with BACKLOT_STORE=firestore, as the quote requests are.
 */
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import type { ServerConfig } from '../../config';
import type { InvoiceStore } from '../../stores/invoice-store';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoiceStore;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openStores.invoices(config);
    app.decorate('invoices', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'invoices' },
);
