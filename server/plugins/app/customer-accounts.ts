/**
 * The accounts each house keeps for the companies that order from it
 * (server/stores/customer-account-store.ts: SQLite under the data folder, customer-accounts.sqlite,
 * or Firestore, `vendors/{house}/accounts/{id}`, with BACKLOT_STORE=firestore), decorated as
 * `app.customerAccounts`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import type { CustomerAccountStore } from '../../stores/customer-account-store';
import { SqliteCustomerAccountStore } from '../../stores/sqlite-customer-account-store';

declare module 'fastify' {
  interface FastifyInstance {
    customerAccounts: CustomerAccountStore;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    let store: CustomerAccountStore;
    if (config.store === 'firestore') {
      store = await (await import('../../stores/firestore-connection')).openFirestoreCustomerAccountStore();
    } else {
      mkdirSync(config.dataDir, { recursive: true });
      store = new SqliteCustomerAccountStore(path.join(config.dataDir, 'customer-accounts.sqlite'));
    }
    app.decorate('customerAccounts', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'customer-accounts' },
);
