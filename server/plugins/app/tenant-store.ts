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

/** The tenant store the configuration names (the CLI's item import opens the same one). */
export async function openTenantStore(config: ServerConfig): Promise<{ store: TenantStore; close: () => Promise<void> }> {
  if (config.store === 'file') {
    // In dev every read looks at the files, so the reload a tenant edit triggers shows the edit.
    const store = await FileTenantStore.open({ tenantsDir: config.tenantsDir, dataDir: config.dataDir, ...(config.dev && { revalidateMs: 0 }) });
    return { store, close: () => store.close() };
  }
  // Loaded only when chosen: firebase-admin must not load (or probe the network) otherwise.
  const { firestoreUnreachable, hasFirestoreEnvironment, MISSING_FIRESTORE_ENVIRONMENT, openFirestoreStore } = await import('../../stores/firestore-connection');
  if (!hasFirestoreEnvironment(process.env)) throw new Error(`BACKLOT_STORE=firestore, but ${MISSING_FIRESTORE_ENVIRONMENT}`);
  // firebase-admin would retry an unreachable address for minutes, silently: say it in one line and stop.
  const unreachable = await firestoreUnreachable(process.env, Number(process.env.BACKLOT_FIRESTORE_TIMEOUT_MS) || undefined);
  if (unreachable) throw new Error(`BACKLOT_STORE=firestore, but ${unreachable.replace(/; nothing was read or written$/, '')}`);
  return openFirestoreStore({ watch: true });
}

export default fp<TenantStorePluginOptions>(
  async (app, options) => {
    const opened = options.store ? { store: options.store, close: async () => undefined } : await openTenantStore(options.config);
    app.decorate('tenantStore', opened.store);
    app.addHook('onClose', opened.close);
  },
  { name: 'tenant-store' },
);
