/**
 * The tenant store, decorated as `app.tenantStore`. This is where the adapters switch:
 * BACKLOT_STORE=file (default) or firestore. Tests may inject a store.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { FileTenantStore } from '../../stores/file-tenant-store';
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

async function openStore(config: ServerConfig): Promise<TenantStore> {
  if (config.store === 'file') return FileTenantStore.open({ tenantsDir: config.tenantsDir, dataDir: config.dataDir });
  // Loaded only when chosen: firebase-admin must not load (or probe the network) otherwise.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const [{ FirestoreTenantStore }, { getFirestore }, { initializeApp, getApps }] = await Promise.all([
    import('../../stores/firestore-tenant-store'),
    import('firebase-admin/firestore'),
    import('firebase-admin/app'),
  ]);
  const firebaseApp = getApps()[0] ?? initializeApp();
  return FirestoreTenantStore.open({ firestore: getFirestore(firebaseApp) });
}

export default fp<TenantStorePluginOptions>(
  async (app, options) => {
    const store = options.store ?? (await openStore(options.config));
    app.decorate('tenantStore', store);
    app.addHook('onClose', async () => {
      if (!options.store) await store.close();
    });
  },
  { name: 'tenant-store' },
);
