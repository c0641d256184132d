/**
 * The marketplace's production requests (server/marketplace/production-requests.ts), decorated as
 * `app.productionRequests`, over their store: SQLite under the data folder
 * (production-requests.sqlite), or Firestore (`vendors/platform/productionRequests/{id}`) with
 * BACKLOT_STORE=firestore. The platform's catalogue itself is the search plugin's (`app.marketplace`).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';
import type { ServerConfig } from '../../config';
import { ProductionRequests } from '../../marketplace/production-requests';
import type { ProductionRequestStore } from '../../stores/production-request-store';
import { SqliteProductionRequestStore } from '../../stores/sqlite-production-request-store';

declare module 'fastify' {
  interface FastifyInstance {
    productionRequests: ProductionRequests;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    let store: ProductionRequestStore;
    if (config.store === 'firestore') store = await (await import('../../stores/firestore-connection')).openFirestoreProductionRequestStore(PLATFORM_TENANT_ID);
    else {
      mkdirSync(config.dataDir, { recursive: true });
      store = new SqliteProductionRequestStore(path.join(config.dataDir, 'production-requests.sqlite'));
    }
    app.decorate(
      'productionRequests',
      new ProductionRequests({
        store,
        marketplace: app.marketplace,
        visitors: app.visitors,
        tenantStore: app.tenantStore,
        itemStore: app.itemStore,
        quoteRequests: app.quoteRequests,
        profileStore: app.profileStore,
        mailer: app.mailer,
        log: app.log,
      }),
    );
    app.addHook('onClose', () => store.close());
  },
  { name: 'marketplace', dependencies: ['search', 'identity', 'quote-requests', 'profile-store', 'item-store', 'mailer', 'tenant-store'] },
);
