/**
 * The marketplace's production requests (server/marketplace/production-requests.ts), decorated as
 * `app.productionRequests`, over their store: SQLite under the data folder
 * (production-requests.sqlite), or Firestore (`vendors/platform/productionRequests/{id}`) with
 * BACKLOT_STORE=firestore; and houses signing up (`app.houseApplications`, house-applications.sqlite
 * or `vendors/platform/houseApplications/{id}`). The platform's catalogue itself is the search
 * plugin's (`app.marketplace`).
 */
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';
import type { ServerConfig } from '../../config';
import { marketplaceServices, type ProductionRequests, type HouseApplications } from '../../marketplace';

declare module 'fastify' {
  interface FastifyInstance {
    productionRequests: ProductionRequests;
    houseApplications: HouseApplications;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const productionRequestStore = await openStores.productionRequests(config, PLATFORM_TENANT_ID);
    app.addHook('onClose', () => productionRequestStore.close());
    const houseApplicationStore = await openStores.houseApplications(config, PLATFORM_TENANT_ID);
    app.addHook('onClose', () => houseApplicationStore.close());
    const services = marketplaceServices({
      productionRequestStore,
      houseApplicationStore,
      platformId: PLATFORM_TENANT_ID,
      marketplace: app.marketplace,
      visitors: app.visitors,
      accounts: app.accounts,
      tenantStore: app.tenantStore,
      itemStore: app.itemStore,
      quoteRequests: app.quoteRequests,
      profileStore: app.profileStore,
      mailer: app.mailer,
      log: app.log,
    });
    app.decorate('houseApplications', services.houseApplications);
    app.decorate('productionRequests', services.productionRequests);
  },
  {
    name: 'marketplace',
    dependencies: [
      'search',
      'identity',
      'quote-requests',
      'profile-store',
      'item-store',
      'mailer',
      'tenant-store',
      'accounts',
    ],
  },
);
