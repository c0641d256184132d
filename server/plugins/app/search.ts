/**
 * The catalogue's search index (server/search), decorated as `app.catalogueSearch`, kept in step with the
 * item store: every change the store announces is applied at once, and at start each tenant's
 * items are loaded whole (after the first-start import). `app.catalogueVersion(tenantId)` changes
 * with every applied change, so rendered catalogue pages can be cached by it.
 */
import fp from 'fastify-plugin';
import type { Item } from '../../../schema/types.generated';
import { InProcessSearchIndex } from '../../search/in-process-search';
import type { SearchIndex } from '../../search/search-port';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueSearch: SearchIndex;
    catalogueVersion(tenantId: string): number;
  }
}

export default fp(
  async (app) => {
    const index = new InProcessSearchIndex();
    const versions = new Map<string, number>();
    const bump = (tenantId: string) => versions.set(tenantId, (versions.get(tenantId) ?? 0) + 1);
    app.decorate('catalogueSearch', index);
    app.decorate('catalogueVersion', (tenantId: string) => versions.get(tenantId) ?? 0);

    const listening = new Map<string, () => void>();
    const follow = (tenantId: string) => {
      if (listening.has(tenantId)) return;
      listening.set(
        tenantId,
        app.itemStore.subscribe(tenantId, (change) => {
          void (change.kind === 'put' ? index.upsert(tenantId, change.item) : index.remove(tenantId, change.objectID)).then(() => bump(tenantId));
        }),
      );
    };
    app.addHook('onReady', async () => {
      for (const { tenantId } of await app.tenantStore.list()) {
        follow(tenantId);
        const items: Item[] = [];
        for (let page = await app.itemStore.list(tenantId); page.length; page = await app.itemStore.list(tenantId, { after: page.at(-1)!.objectID })) items.push(...page);
        await index.replaceAll(tenantId, items);
        bump(tenantId);
      }
    });
    app.addHook('onClose', async () => {
      for (const stop of listening.values()) stop();
    });
  },
  { name: 'search', dependencies: ['item-store', 'tenant-store'] },
);
