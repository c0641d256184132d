/**
 * Tenant images and item photos (server/assets/), decorated as `app.storefrontAssets` (the catalog
 * pages, routes and the API read through) over the configured AssetStore: the tenants folder, or a
 * Cloud Storage bucket with BACKLOT_ASSETS=cloud-storage. A bucket out of reach at start stops the
 * server with one line. On a bucket, a tenant whose images are not there yet gets its folder's
 * (assets/ and items/) copied up on start: the same bytes under the same names, so several
 * servers starting at once copy the same thing.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import { packageRoot } from '../../../schema/node/package-root';
import { AssetCatalog } from '../../assets/asset-catalog';
import type { AssetFolder, AssetStore } from '../../assets/asset-store';
import { FileAssetStore } from '../../assets/file-asset-store';
import type { ServerConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    storefrontAssets: AssetCatalog;
  }
}

const SHARED_ASSETS = path.join(packageRoot, 'storefront', 'shared-assets');

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    let store: AssetStore;
    const files = new FileAssetStore(config.tenantsDir, config.dataDir);
    if (config.assets.provider === 'cloud-storage') {
      const { CloudStorageAssetStore } = await import('../../assets/cloud-storage-asset-store');
      const bucket = new CloudStorageAssetStore(config.assets);
      try {
        await bucket.check();
      } catch (error) {
        throw new Error(
          `BACKLOT_ASSETS=cloud-storage, but ${bucket.description} cannot be reached (${(error as Error).message}); check BACKLOT_ASSETS_BUCKET and the credentials`,
        );
      }
      store = bucket;
      app.startup.add('images copied to Cloud Storage', async () => {
        for (const { tenantId } of await app.tenantStore.list()) {
          const copied = await copyMissing(files, bucket, tenantId);
          if (copied)
            app.log.info(
              { tenantId, files: copied },
              `copied ${copied} image${copied === 1 ? '' : 's'} of ${tenantId} from the tenants folder to ${bucket.description}`,
            );
        }
      });
    } else store = files;
    let lastFailure = 0;
    const catalog = new AssetCatalog(store, SHARED_ASSETS, (tenantId, error) => {
      // Once a minute at most: the store is down for every page while it lasts.
      if (Date.now() - lastFailure < 60_000) return;
      lastFailure = Date.now();
      app.log.error(
        { err: error, tenantId },
        `images: ${store.description} could not be listed; pages keep the images they had`,
      );
    });
    app.decorate('storefrontAssets', catalog);
    app.addHook('onClose', async () => store.close?.());
  },
  { name: 'asset-store', dependencies: ['startup', 'tenant-store'] },
);

/** Copies a tenant folder's images the bucket lacks (by name); how many it copied. */
async function copyMissing(from: AssetStore, to: AssetStore, tenantId: string): Promise<number> {
  let copied = 0;
  for (const folder of ['assets', 'items'] as AssetFolder[]) {
    const there = new Set((await to.list(tenantId, folder)).map((file) => file.name));
    for (const file of await from.list(tenantId, folder)) {
      if (there.has(file.name)) continue;
      const bytes = await from.read(tenantId, folder, file.name);
      if (!bytes) continue;
      await to.write(tenantId, folder, file.name, bytes);
      copied++;
    }
  }
  return copied;
}
