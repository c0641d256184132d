/**
 * The accounts each house keeps for the companies that order from it
 * (server/stores/customer-account-store.ts: SQLite under the data folder, customer-accounts.sqlite,
 * or Firestore, `vendors/{house}/accounts/{id}`, with BACKLOT_STORE=firestore), decorated as
 * `app.customerAccounts`.
 */
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import type { ServerConfig } from '../../config';
import type { CustomerAccountStore } from '../../stores/customer-account-store';

declare module 'fastify' {
  interface FastifyInstance {
    customerAccounts: CustomerAccountStore;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openStores.customerAccounts(config);
    app.decorate('customerAccounts', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'customer-accounts' },
);
