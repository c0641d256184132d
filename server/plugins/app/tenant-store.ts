/**
 * The tenant store, decorated as `app.tenantStore`: the one the configuration names
 * (server/stores/open-stores.ts: BACKLOT_STORE=file, the default, or firestore). Tests may inject a store.
 */
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import type { ServerConfig } from '../../config';
import type { TenantStore } from '../../stores/tenant-store';

declare module 'fastify' {
  interface FastifyInstance {
    tenantStore: TenantStore;
  }
}

export interface TenantStorePluginOptions {
  config: ServerConfig;
  store?: TenantStore;
}

export default fp<TenantStorePluginOptions>(
  async (app, options) => {
    const opened = options.store
      ? { store: options.store, close: async () => undefined }
      : await openStores.tenants(options.config);
    app.decorate('tenantStore', opened.store);
    app.addHook('onClose', opened.close);
  },
  { name: 'tenant-store' },
);
