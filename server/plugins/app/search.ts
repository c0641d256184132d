/**
 * The catalogue's search index (server/search), decorated as `app.catalogueSearch`: the embedded
 * one, or Algolia with BACKLOT_SEARCH=algolia (config.search). It is kept in step
 * with the item store: a tenant's items are loaded whole the first time it is searched (every
 * tenant at start, after the first-start import; a tenant created later on first use), and every
 * change the store announces after that is applied at once. `app.catalogueVersion(tenantId)`
 * changes with every applied change, so rendered catalogue pages can be cached by it.
 *
 * The platform's tenant searches the marketplace instead of items of its own: every listed house's
 * items as listings (server/marketplace/platform-catalogue.ts), decorated as `app.marketplace`,
 * told of houses listed, unlisted or changed by the tenant store as they happen.
 */
import fp from 'fastify-plugin';
import type { Item } from '../../../schema/types.generated';
import { PLATFORM_TENANT_ID } from '../../../schema/routes';
import { synonymGroups } from '../../../schema/catalogue-search';
import type { ServerConfig } from '../../config';
import { runEvery } from '../../lib/periodic-pass';
import { PlatformCatalogue } from '../../marketplace';
import { InProcessSearchIndex } from '../../search/engine/in-process-search';
import type { SearchIndex, SearchQuery, SearchResult } from '../../search/search-port';

declare module 'fastify' {
  interface FastifyInstance {
    catalogueSearch: SearchIndex;
    catalogueVersion(tenantId: string): number;
    marketplace: PlatformCatalogue;
  }
}

/** How often every tenant is listed again for houses no store announced (files edited by hand). */
const FULL_CHECK_SECONDS = 30;

/** Without a config (or with the default), the embedded index. */
export default fp<{ config?: ServerConfig; fullCheckSeconds?: number }>(
  async (app, { config, fullCheckSeconds = FULL_CHECK_SECONDS }) => {
    const settings = config?.search;
    // Algolia's client is loaded only when it is the one configured.
    const index: SearchIndex =
      settings?.provider === 'algolia'
        ? new (await import('../../search/algolia-search')).AlgoliaSearchIndex(settings)
        : new InProcessSearchIndex();
    const versions = new Map<string, number>();
    const bump = (tenantId: string) => versions.set(tenantId, (versions.get(tenantId) ?? 0) + 1);
    const following = new Map<string, { loaded: Promise<void>; stop: () => void }>();

    /** Listens first, then loads: a change made while loading is applied after it, never lost. */
    const follow = (tenantId: string): Promise<void> => {
      let entry = following.get(tenantId);
      if (!entry) {
        const stop = app.itemStore.subscribe(tenantId, (change) => {
          (change.kind === 'put' ? index.upsert(tenantId, change.item) : index.remove(tenantId, change.objectID)).then(
            () => bump(tenantId),
            // A hosted index can fail a write (network, quota): logged, not an unhandled rejection.
            (error: unknown) => app.log.error({ err: error, tenantId }, 'the search index missed a catalogue change'),
          );
        });
        const loaded = (async () => {
          const items: Item[] = [];
          for (
            let page = await app.itemStore.list(tenantId);
            page.length;
            page = await app.itemStore.list(tenantId, { after: page.at(-1)!.objectID })
          )
            items.push(...page);
          await index.replaceAll(tenantId, items);
          bump(tenantId);
        })();
        following.set(tenantId, (entry = { loaded, stop }));
        // A hosted index can fail the load (network, quota): forgotten, so the next search tries again.
        const failed = entry;
        loaded.catch(() => {
          if (following.get(tenantId) !== failed) return;
          following.delete(tenantId);
          failed.stop();
        });
      }
      return entry.loaded;
    };

    const marketplace = new PlatformCatalogue({
      platformId: PLATFORM_TENANT_ID,
      index,
      itemStore: app.itemStore,
      tenantStore: app.tenantStore,
      changed: () => bump(PLATFORM_TENANT_ID),
      // The embedded index keeps listings over their houses' items: one house at a time, as start-up
      // loads them (a house's items are in memory while it loads); one whose load failed is listed
      // all the same (its listings then kept whole). A hosted index keeps its own copies: no wait.
      ...(index instanceof InProcessSearchIndex && {
        housesIndexed: async (houseIds: readonly string[]) => {
          for (const houseId of houseIds) await follow(houseId).catch(() => undefined);
        },
      }),
      failed: (error, houseId) =>
        app.log.error(
          { err: error, tenantId: houseId },
          "the platform's catalogue missed a house's change; it is listed again at the next check",
        ),
    });
    app.decorate('marketplace', marketplace);
    // Houses listed, unlisted or changed: at once when the tenant store says so (this server's
    // writes; on Firestore, every server's through its listener), one pass at a time; and a whole
    // check every FULL_CHECK_SECONDS for what no store announces (files edited by hand). Listing
    // every tenant each second cost 12% of a core idle with 10,000 tenants.
    let passes: Promise<void> = Promise.resolve();
    const serially = (work: () => Promise<void>) =>
      (passes = passes
        .then(work)
        .catch((error: unknown) =>
          app.log.error({ err: error }, "the platform catalogue's check of listed houses failed"),
        ));
    const announced = new Set<string>();
    let gathering: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = app.tenantStore.subscribe((tenantId) => {
      announced.add(tenantId);
      gathering ??= setTimeout(() => {
        gathering = undefined;
        const ids = [...announced];
        announced.clear();
        void serially(async () => {
          await marketplace.loaded();
          await marketplace.refresh(false, ids);
        });
      }, 20);
    });
    runEvery(app, fullCheckSeconds, "the platform catalogue's check of listed houses", () =>
      serially(async () => {
        await marketplace.loaded();
        await marketplace.refresh();
      }),
    );

    const catalogueSearch: SearchIndex = {
      replaceAll: (tenantId, items) => index.replaceAll(tenantId, items),
      upsert: (tenantId, item) => index.upsert(tenantId, item),
      remove: (tenantId, objectID) => index.remove(tenantId, objectID),
      removeVendor: (tenantId, vendorId) => index.removeVendor(tenantId, vendorId),
      search: async (tenantId: string, query: SearchQuery): Promise<SearchResult> => {
        await (tenantId === PLATFORM_TENANT_ID ? marketplace.loaded() : follow(tenantId));
        // The tenant's own synonyms ("telephone" finds "phone"), from its site settings as stored now.
        const synonyms = synonymGroups(
          (await app.tenantStore.get(tenantId).catch(() => undefined))?.tenant.site.searchSynonyms,
        );
        return index.search(tenantId, synonyms.length ? { ...query, synonyms } : query);
      },
    };
    app.decorate('catalogueSearch', catalogueSearch);
    app.decorate('catalogueVersion', (tenantId: string) => versions.get(tenantId) ?? 0);

    app.startup.add('the search index', async () => {
      for (const { tenantId } of await app.tenantStore.list())
        if (tenantId !== PLATFORM_TENANT_ID) await follow(tenantId);
      await marketplace.loaded();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      clearTimeout(gathering);
      for (const { stop } of following.values()) stop();
      marketplace.close();
    });
  },
  { name: 'search', dependencies: ['startup', 'item-store', 'tenant-store'] },
);
