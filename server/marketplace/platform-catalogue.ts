/**
 * The platform's catalogue: every listed house's live items in one search index under the
 * platform's tenant id, as listings (schema/marketplace/listings.ts) with a vendor facet, so one
 * query searches every house at once (the design Algolia's one index implies, and the embedded
 * index answers the same way).
 *
 * Kept in step two ways: every house's item changes, heard with one listener for all of them
 * (ItemStore.followEveryTenant: on Firestore one collection-group listener, not one a house;
 * another server's writes included), are applied to the platform at once for the houses listed;
 * and `refresh()`, run every second by every server, reads the tenants' versions and
 * re-lists a house whose listing, name, place, currency or category map changed (a house unlisted
 * leaves at once; its own storefront, requests and orders go on), or every house when the
 * platform's category tree changed. No Fastify here: the search plugin wires it.
 */
import { houseOf, sameHouse, type House } from '../../schema/marketplace/houses';
import { listingIdOf, listingOf, parseListingId, type PlatformShape } from '../../schema/marketplace/listings';
import type { SubHireRule } from '../../schema/marketplace/sub-hires';
import type { Item, VendorConfig } from '../../schema/types.generated';
import { quoteSettingsOf, type QuoteSettings } from '../rental';
import type { SearchIndex } from '../search/search-port';
import type { EveryTenantFollower, ItemChange, ItemStore } from '../stores/item-store';
import type { TenantStore } from '../stores/tenant-store';

interface ListedHouse {
  house: House;
  map: VendorConfig['marketplaceCategories'];
  /** How its stock is counted on dates (its own turnaround, in its own time zone), and whom it lends it to. */
  stock: HouseStock;
  /** While its items are being read (listed since the first load): the changes heard meanwhile. */
  heardWhileReading?: ItemChange[];
}

/** A listed house's stock on dates: its turnaround and time zone, and its rule for other houses' sub-hires. */
export type HouseStock = Pick<QuoteSettings, 'turnaroundDays' | 'timezone'> & { subHires: SubHireRule };

export interface PlatformCatalogueOptions {
  platformId: string;
  index: SearchIndex;
  itemStore: ItemStore;
  tenantStore: TenantStore;
  /** Called after every change applied to the platform's index (the page cache follows it). */
  changed: () => void;
  /** A change the index could not take (a hosted index's network, quota): logged, tried again by the next refresh. */
  failed: (error: unknown, houseId: string) => void;
  /**
   * The houses' own catalogues loaded into the index, awaited before their listings are written:
   * the embedded index keeps each listing over its house's item (one copy of each), which it can
   * only when the house's is there.
   */
  housesIndexed?: (houseIds: readonly string[]) => Promise<void>;
}

export class PlatformCatalogue {
  private readonly houses = new Map<string, ListedHouse>();
  /** Each tenant's version as last read, so an unchanged tenant is not read again. */
  private readonly versions = new Map<string, string>();
  private tree: PlatformShape = { groups: [] };
  private treeVersion: string | undefined;
  private ready: Promise<void> | undefined;
  /** Houses whose listings failed to reach the index: re-listed whole at the next refresh. */
  private readonly stale = new Set<string>();
  /** The one listener on every house's items. */
  private follower: EveryTenantFollower | undefined;
  /**
   * While the whole catalogue is loading: 'reading' collects the listings heard as they are,
   * 'writing' holds the changes heard while they are written, applied after.
   */
  private loading:
    | { phase: 'reading'; listings: Map<string, Item> }
    | { phase: 'writing'; held: Array<[string, ItemChange]> }
    | undefined;

  constructor(private readonly options: PlatformCatalogueOptions) {}

  /** The houses listed now, nearest-first ordering being the caller's (each with its location). */
  listedHouses(): House[] {
    return [...this.houses.values()].map((entry) => entry.house);
  }

  house(houseId: string): House | undefined {
    return this.houses.get(houseId)?.house;
  }

  /** A listed house's item as the platform's catalogue holds it; undefined when the house is not listed. */
  listing(houseId: string, item: Item): Item | undefined {
    const entry = this.houses.get(houseId);
    return entry && listingOf(item, entry.house, this.tree, entry.map);
  }

  /** A listed house's turnaround and time zone, for what is free on dates, and its sub-hire rule. */
  stockOf(houseId: string): HouseStock | undefined {
    return this.houses.get(houseId)?.stock;
  }

  /** Loads every listed house once (the first search waits for it); later calls wait for the same. */
  loaded(): Promise<void> {
    this.ready ??= this.refresh(true).catch((error: unknown) => {
      this.ready = undefined; // tried again by the next search
      throw error;
    });
    return this.ready;
  }

  /**
   * Reads the tenants' versions and applies what changed. `whole`: the first load, which writes
   * the platform's index in one go. `only`: just these tenants (the tenant store said they
   * changed), read without listing every tenant.
   */
  async refresh(whole = false, only?: readonly string[]): Promise<void> {
    const { tenantStore, platformId } = this.options;
    // Nothing followed yet: the first load is whole.
    if (!this.follower && !whole) return this.loaded();
    const summaries = only
      ? only.map((tenantId) => ({ tenantId, version: undefined as string | undefined }))
      : await tenantStore.list();
    const present = new Set(summaries.map((summary) => summary.tenantId));
    const platform = summaries.find((summary) => summary.tenantId === platformId);
    let relistAll = whole;
    if (platform && (platform.version === undefined || platform.version !== this.treeVersion)) {
      const record = await tenantStore.get(platformId).catch(() => undefined);
      if (record) {
        const before = JSON.stringify(this.tree);
        this.tree = { groups: record.tenant.categories.groups, customFields: record.tenant.site.customFields };
        this.treeVersion = record.version;
        relistAll ||= JSON.stringify(this.tree) !== before;
      }
    }
    // The platform's tree changed: every house is placed again, so every house is read again.
    if (only && relistAll && !whole) return this.refresh(true);
    const changed: Array<{
      houseId: string;
      house: House | undefined;
      map: VendorConfig['marketplaceCategories'];
      stock?: ListedHouse['stock'];
    }> = [];
    for (const summary of summaries) {
      if (summary.tenantId === platformId) continue;
      const known = this.houses.get(summary.tenantId);
      // An announced tenant (`only`) has no version here: it is always read. Compared, an unseen
      // house's undefined matched the announcement's undefined and a new house waited for the full check.
      const unchanged = summary.version !== undefined && this.versions.get(summary.tenantId) === summary.version;
      if (!relistAll && !this.stale.has(summary.tenantId) && unchanged) continue;
      // A tenant whose stored files are broken keeps what it had until it reads again.
      const record = await tenantStore.get(summary.tenantId).catch(() => null);
      // Archived (only asked about this one): it leaves.
      if (record === undefined && known) changed.push({ houseId: summary.tenantId, house: undefined, map: undefined });
      if (!record) continue;
      this.versions.set(summary.tenantId, record.version);
      const house = houseOf(summary.tenantId, record.tenant, platformId);
      const map = record.tenant.vendor.marketplaceCategories;
      const { turnaroundDays, timezone, vendor } = quoteSettingsOf(record.tenant);
      const stock = { turnaroundDays, timezone, subHires: vendor.subHires as SubHireRule };
      if (known && house && sameHouse(house, known.house)) known.stock = stock;
      if (
        relistAll ||
        this.stale.has(summary.tenantId) ||
        !sameHouse(house, known?.house) ||
        JSON.stringify(map) !== JSON.stringify(known?.map)
      )
        changed.push({ houseId: summary.tenantId, house, map, stock });
    }
    // Archived tenants leave too (a whole list says which).
    if (!only) {
      for (const houseId of this.houses.keys())
        if (!present.has(houseId)) changed.push({ houseId, house: undefined, map: undefined });
      for (const houseId of this.versions.keys()) if (!present.has(houseId)) this.versions.delete(houseId);
    }
    if (!changed.length && !whole) return;

    if (whole) await this.loadWhole(changed);
    else
      for (const { houseId, house, map, stock } of changed) {
        try {
          await this.unlist(houseId);
          if (house) await this.readHouse(houseId, house, map, stock!);
          this.stale.delete(houseId);
        } catch (error) {
          this.stale.add(houseId);
          this.options.failed(error, houseId);
        }
      }
    this.options.changed();
  }

  close(): void {
    this.follower?.stop();
    this.follower = undefined;
    this.houses.clear();
  }

  /**
   * Lists every house from scratch: follows every house's items again with the one listener,
   * keeps the listed houses' items as it first hears them, writes them to the index in one go,
   * then applies what was heard while writing, so a change made meanwhile is applied after, never lost.
   */
  private async loadWhole(
    houses: ReadonlyArray<{
      houseId: string;
      house: House | undefined;
      map: VendorConfig['marketplaceCategories'];
      stock?: ListedHouse['stock'];
    }>,
  ): Promise<void> {
    this.follower?.stop();
    this.houses.clear();
    for (const { houseId, house, map, stock } of houses)
      if (house) this.houses.set(houseId, { house, map, stock: stock! });
    const listings = new Map<string, Item>();
    this.loading = { phase: 'reading', listings };
    try {
      this.follower = this.options.itemStore.followEveryTenant((tenantId, change) => this.heard(tenantId, change));
      await this.follower.synced;
      await this.options.housesIndexed?.([...this.houses.keys()]);
      const held: Array<[string, ItemChange]> = [];
      this.loading = { phase: 'writing', held };
      await this.options.index.replaceAll(this.options.platformId, [...listings.values()]);
      // Still holding while the held ones are applied, so a later change never overtakes them.
      for (let next = held.shift(); next; next = held.shift()) await this.apply(...next);
    } catch (error) {
      this.follower?.stop();
      this.follower = undefined;
      throw error;
    } finally {
      this.loading = undefined;
    }
  }

  /** A house's item change, as the one listener hears it. */
  private heard(houseId: string, change: ItemChange): void {
    const entry = this.houses.get(houseId);
    if (!entry) return;
    if (this.loading?.phase === 'reading') {
      const id =
        change.kind === 'put' ? listingIdOf(houseId, change.item.objectID) : listingIdOf(houseId, change.objectID);
      if (change.kind === 'put')
        this.loading.listings.set(id, listingOf(change.item, entry.house, this.tree, entry.map));
      else this.loading.listings.delete(id);
    } else if (this.loading?.phase === 'writing') this.loading.held.push([houseId, change]);
    else if (entry.heardWhileReading) entry.heardWhileReading.push(change);
    else
      this.apply(houseId, change).then(this.options.changed, (error: unknown) => {
        this.stale.add(houseId);
        this.options.failed(error, houseId);
      });
  }

  /** A listed house's item change applied to the platform's index. */
  private async apply(houseId: string, change: ItemChange): Promise<void> {
    const entry = this.houses.get(houseId);
    if (!entry) return;
    const { index, platformId } = this.options;
    if (change.kind === 'put') {
      await index.upsert(platformId, listingOf(change.item, entry.house, this.tree, entry.map));
    } else await index.remove(platformId, listingIdOf(houseId, change.objectID));
  }

  /**
   * Lists one house (listed since the first load, or changed): reads its items into the index,
   * holding the changes the listener hears meanwhile, then applies them.
   */
  private async readHouse(
    houseId: string,
    house: House,
    map: VendorConfig['marketplaceCategories'],
    stock: ListedHouse['stock'],
  ): Promise<void> {
    const { itemStore, index, platformId } = this.options;
    const entry: ListedHouse = { house, map, stock, heardWhileReading: [] };
    this.houses.set(houseId, entry);
    try {
      await this.options.housesIndexed?.([houseId]);
      for (
        let page = await itemStore.list(houseId);
        page.length;
        page = await itemStore.list(houseId, { after: page.at(-1)!.objectID })
      ) {
        for (const item of page) await index.upsert(platformId, listingOf(item, house, this.tree, map));
      }
    } finally {
      // Still holding while the held ones are applied, so a later change never overtakes them.
      const heard = entry.heardWhileReading!;
      for (let next = heard.shift(); next; next = heard.shift()) await this.apply(houseId, next);
      entry.heardWhileReading = undefined;
    }
  }

  private async unlist(houseId: string): Promise<void> {
    const entry = this.houses.get(houseId);
    if (!entry) return;
    this.houses.delete(houseId);
    // The index knows a house's listings by its vendor: ids kept here cost 130 bytes a listing.
    await this.options.index.removeVendor(this.options.platformId, houseId);
  }
}

/**
 * Where an item id asked of a storefront lives: on the platform, a listing id names a listed
 * house's item (the house's tenant and its own id); anything else is the storefront's own. A
 * listing of a house that is not listed names nothing (undefined).
 */
export function itemHome(
  marketplace: Pick<PlatformCatalogue, 'house'>,
  platformId: string,
  tenantId: string,
  objectID: string,
): { tenantId: string; objectID: string } | undefined {
  if (tenantId !== platformId) return { tenantId, objectID };
  const listed = parseListingId(objectID);
  if (!listed) return { tenantId, objectID };
  return marketplace.house(listed.houseId) ? { tenantId: listed.houseId, objectID: listed.objectID } : undefined;
}
