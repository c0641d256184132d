/**
 * Visitors' set lists (server/stores/set-list-store.ts: SQLite under the data folder,
 * set-lists.sqlite, or Firestore, `vendors/{tenantId}/setLists/{id}`, with BACKLOT_STORE=firestore,
 * as the item store does) and the favourites and set lists service over them and the profiles
 * (server/catalogue/set-lists.ts), decorated as `app.setLists`, reading items as the storefront's
 * visitors name them (`app.catalogueItems`: on the platform, houses' listings).
 */
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import type { ServerConfig } from '../../config';
import { SetLists } from '../../catalogue';
import { catalogueItems, type CatalogueItems } from '../../marketplace';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';

declare module 'fastify' {
  interface FastifyInstance {
    setLists: SetLists;
    /** Items as the storefront's visitors name them (on the platform, houses' listings): marketplace/catalogue-items.ts. */
    catalogueItems: CatalogueItems;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openStores.setLists(config);
    const items = catalogueItems(app.itemStore, app.marketplace, PLATFORM_TENANT_ID);
    app.decorate('catalogueItems', items);
    app.decorate('setLists', new SetLists({ profiles: app.profileStore, setLists: store, items }));
    app.addHook('onClose', () => store.close());
  },
  { name: 'set-lists', dependencies: ['profile-store', 'item-store', 'search'] },
);
