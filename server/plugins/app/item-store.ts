/**
 * The catalogue's items (server/stores/item-store.ts), decorated as `app.itemStore`: SQLite under
 * the data folder, or Firestore (`vendors/{tenantId}/items/{objectID}`) with BACKLOT_STORE=firestore. On a first start, a tenant whose store holds no items yet gets its sample
 * catalogue (tenants/<id>/catalogue.json) imported, checked against the tenant like `backlot
 * catalogue import`; a catalogue with problems is logged with where they are, and the server
 * starts without it.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import { openStores } from '../../stores/open-stores';
import { CATALOGUE_FILE_NAME } from '../../../schema/check-catalogue';
import { importCatalogue, readCatalogueFile } from '../../catalogue';
import type { ServerConfig } from '../../config';
import type { ItemStore } from '../../stores/item-store';

declare module 'fastify' {
  interface FastifyInstance {
    itemStore: ItemStore;
  }
}

/** The item store the configuration names (the CLI's item import writes into the same one). */
export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const store = await openStores.items(config);
    app.decorate('itemStore', store);
    app.addHook('onClose', () => store.close());

    app.startup.add('the sample catalogues', async () => {
      for (const { tenantId } of await app.tenantStore.list()) {
        if ((await store.count(tenantId)) > 0) continue;
        const file = path.join(config.tenantsDir, tenantId, CATALOGUE_FILE_NAME);
        const source = await readCatalogueFile(file);
        if (typeof source !== 'string') continue;
        const tenant = await app.tenantStore.get(tenantId).catch(() => undefined);
        if (!tenant) continue;
        const result = await importCatalogue(store, tenantId, tenant.tenant, source, file);
        if (result.ok) app.log.info({ tenantId, items: result.items }, `imported the sample catalogue of ${tenantId}`);
        else
          app.log.warn(
            { tenantId, problems: result.issues.length },
            `the sample catalogue of ${tenantId} was not imported: ${result.issues
              .slice(0, 3)
              .map(
                (issue) =>
                  `${path.relative(process.cwd(), issue.file)}:${issue.line}:${issue.column} ${issue.pointer} ${issue.message}`,
              )
              .join(
                '; ',
              )}${result.issues.length > 3 ? ` (and ${result.issues.length - 3} more: run backlot validate)` : ''}`,
          );
      }
    });
  },
  { name: 'item-store', dependencies: ['startup', 'tenant-store'] },
);
