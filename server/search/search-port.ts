/**
 * The SearchIndex port: a tenant's catalogue as the storefront searches it (spec §3): text, the
 * category path, and facets counted "OR within a facet, AND across facets". Adapters:
 * `engine/in-process-search.ts` (the embedded default, in memory; engine/README.md) and `algolia-search.ts` (hosted, BACKLOT_SEARCH=algolia). Hits are the stored `Item` records,
 * keyed by objectID; nothing here restates the item schema.
 */
import type { Item } from '../../schema/types.generated';
import type { SearchQuery, SearchResult } from '../../schema/catalogue-search';

export * from '../../schema/catalogue-search';

/**
 * A tenant's searchable catalogue. Tenants never see each other's items. Asynchronous although
 * the embedded adapter answers at once, so that a hosted engine can sit behind the same port.
 */
export interface SearchIndex {
  /** Replaces everything the tenant had (the catalogue import, a cold start). */
  replaceAll(tenantId: string, items: readonly Item[]): Promise<void>;
  /** Adds the item, or replaces the one with its objectID. */
  upsert(tenantId: string, item: Item): Promise<void>;
  /** Forgets the item; unknown ids are ignored. */
  remove(tenantId: string, objectID: string): Promise<void>;
  /** Forgets every item of the vendor (`vendorId`): on the platform, a house's listings when it leaves. */
  removeVendor(tenantId: string, vendorId: string): Promise<void>;
  /** Never rejects over what a visitor typed or selected: unknown values simply match nothing. */
  search(tenantId: string, query: SearchQuery): Promise<SearchResult>;
}
