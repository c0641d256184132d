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
import { ProductionRequests, HouseApplications, WELCOME_LINK_DAYS } from '../../marketplace';
import { houseApplicationMessage, houseApprovedMessage, houseRefusedMessage, senderOf } from '../../mail/messages';
import { storefrontConfiguration } from '../../../schema/configuration/build-configuration';

declare module 'fastify' {
  interface FastifyInstance {
    productionRequests: ProductionRequests;
    houseApplications: HouseApplications;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openStores.productionRequests(config, PLATFORM_TENANT_ID);
    const applications = await openStores.houseApplications(config, PLATFORM_TENANT_ID);
    app.decorate(
      'houseApplications',
      new HouseApplications({
        store: applications,
        tenantStore: app.tenantStore,
        accounts: app.accounts,
        mailer: app.mailer,
        platformId: PLATFORM_TENANT_ID,
        platformMail: async () => {
          const record = (await app.tenantStore.get(PLATFORM_TENANT_ID))!;
          const configuration = storefrontConfiguration(PLATFORM_TENANT_ID, record.version, record.tenant);
          return {
            from: senderOf(configuration),
            build: {
              applied: (house) => houseApplicationMessage(configuration, house),
              approved: (house, link) => houseApprovedMessage(configuration, house, link, WELCOME_LINK_DAYS),
              refused: (house, reason) => houseRefusedMessage(configuration, house, reason),
            },
          };
        },
      }),
    );
    app.addHook('onClose', () => applications.close());
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
