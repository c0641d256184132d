/**
 * What the platform's pages add to their state: where the visitor is measured from, the houses
 * nearest first, and a listing searched across every listed house with each house's own stock on
 * the visitor's dates. No Fastify: the storefront plugin calls it.
 */
import { itemSummary, type SearchQuery, type SearchResult } from '../../schema/catalogue-search';
import { readLocationCookie, readPlaceCookie, type GeoPoint } from '../../schema/marketplace/distance';
import { nearestFirst } from '../../schema/marketplace/houses';
import { listingIdOf, parseListingId } from '../../schema/marketplace/listings';
import { PLATFORM_TENANT_ID } from '../../schema/routes';
import type { Item } from '../../schema/types.generated';
import type { CatalogueState, MarketplaceState, VisitorPlace } from '../../storefront/document/state';
import type { RentalDates } from '../../schema/rental/rental-dates';
import { type KeptAvailability, type QuoteStores, type StockOnDates } from '../rental';
import type { SearchIndex } from '../search/search-port';
import type { PlatformCatalogue } from '../marketplace';

export interface PlatformPageStores extends Pick<QuoteStores, 'quoteRequests' | 'itemStore'> {
  keptAvailability: KeptAvailability;
  catalogueSearch: SearchIndex;
  marketplace: PlatformCatalogue;
}

/** The visitor's place: the location cookie's ("lat,lng", with its name if chosen by one), else the platform's default. */
export function visitorPlace(cookieHeader: string | undefined, defaultLocation: GeoPoint): VisitorPlace {
  const chosen = cookieHeader ? readLocationCookie(cookieHeader) : undefined;
  if (!chosen) return { lat: defaultLocation.lat, lng: defaultLocation.lng, source: 'default' };
  const label = readPlaceCookie(cookieHeader!);
  return { ...chosen, source: 'cookie', ...(label && { label }) };
}

/** The place as part of a page's cache key: pages differ by where they measure from. */
export const placeKey = (place: VisitorPlace) => `${place.lat.toFixed(4)},${place.lng.toFixed(4)},${place.label ?? ''}`;

/** The nearest houses a platform page carries: its home page's list and the places to measure from. */
export const NEAREST_HOUSES = 12;
/** The houses a listing's vendors facet offers: the most matches first, and any selected. */
export const VENDORS_SHOWN = 12;

/** Where the page measures from, the nearest houses and those it `names` (its vendors facet's). */
export function marketplaceState(
  marketplace: PlatformCatalogue,
  from: VisitorPlace,
  names: readonly string[] = [],
): MarketplaceState {
  const listed = marketplace.listedHouses();
  const named = new Set(names);
  return {
    from,
    houses: nearestFirst(listed, from, { first: NEAREST_HOUSES, also: (house) => named.has(house.id) }),
    houseCount: listed.length,
  };
}

/** The vendors facet cut to what a page offers (most matches first, and any selected), with how many it left out. */
function cutVendors(facets: SearchResult['facets']): { facets: SearchResult['facets']; moreVendors?: number } {
  const vendors = facets.vendors;
  if (!vendors || vendors.length <= VENDORS_SHOWN) return { facets };
  const shown = vendors.filter((value, index) => index < VENDORS_SHOWN || value.selected);
  const left = vendors.length - shown.length;
  return { facets: { ...facets, vendors: shown }, ...(left > 0 && { moreVendors: left }) };
}

/** Listing ids of `items`, which are a house's own. */
const byListing = (houseId: string, free: Map<string, number>) =>
  [...free].map(([objectID, quantity]): [string, number] => [listingIdOf(houseId, objectID), quantity]);

/**
 * A platform listing: the search across houses, nearest first by default; with dates, what each
 * house has free on them (its turnaround, its time zone), and "available only" leaving out what
 * every house has booked out.
 */
export async function platformListing(
  stores: PlatformPageStores,
  search: Omit<SearchQuery, 'near' | 'exclude'> & { dates?: RentalDates; availableOnly?: boolean },
  from: VisitorPlace,
  now: Date,
): Promise<Pick<CatalogueState, 'total' | 'hits' | 'facets' | 'free' | 'moreVendors'>> {
  const { dates, availableOnly, ...query } = search;
  const onDates = dates && availableOnly ? await stockEverywhere(stores, dates, now) : undefined;
  const exclude =
    onDates &&
    [...onDates].flatMap(([houseId, stock]) => stock.bookedOut.map((objectID) => listingIdOf(houseId, objectID)));
  const result: SearchResult = await stores.catalogueSearch.search(PLATFORM_TENANT_ID, {
    ...query,
    // The platform's default order: the nearest house first.
    sort: query.sort === 'relevance' || query.sort === undefined ? 'nearest' : query.sort,
    near: { lat: from.lat, lng: from.lng },
    ...(exclude?.length && { exclude }),
  });
  const hits = result.hits.map(itemSummary);
  const free = dates && hits.length ? await freeOnDates(stores, hits, dates, now, onDates) : undefined;
  return { total: result.total, hits, ...cutVendors(result.facets), ...(free && { free }) };
}

/** How many of each listing are free on the dates, asked of each house for its own items. */
async function freeOnDates(
  stores: PlatformPageStores,
  hits: ReadonlyArray<Pick<Item, 'objectID' | 'quantity' | 'kit'>>,
  dates: RentalDates,
  now: Date,
  onDates: Map<string, StockOnDates> | undefined,
): Promise<Record<string, number>> {
  const byHouse = new Map<string, Array<Pick<Item, 'objectID' | 'quantity' | 'kit'>>>();
  for (const hit of hits) {
    const id = parseListingId(hit.objectID);
    if (id)
      (byHouse.get(id.houseId) ?? byHouse.set(id.houseId, []).get(id.houseId)!).push({
        objectID: id.objectID,
        quantity: hit.quantity,
        ...(hit.kit && { kit: hit.kit }),
      });
  }
  const free: Record<string, number> = {};
  await Promise.all(
    [...byHouse].map(async ([houseId, items]) => {
      const stock = stores.marketplace.stockOf(houseId);
      if (!stock) return;
      const read = onDates?.get(houseId);
      for (const [id, quantity] of byListing(
        houseId,
        read ? await read.free(items) : await stores.keptAvailability.free(houseId, items, dates, stock, now),
      ))
        free[id] = quantity;
    }),
  );
  return free;
}

/** Each listed house's stock on the dates (its turnaround, its time zone), by house. */
async function stockEverywhere(
  stores: PlatformPageStores,
  dates: RentalDates,
  now: Date,
): Promise<Map<string, StockOnDates>> {
  const houses = stores.marketplace.listedHouses();
  const read = await Promise.all(
    houses.map(async (house): Promise<Array<[string, StockOnDates]>> => {
      const stock = stores.marketplace.stockOf(house.id);
      return stock ? [[house.id, await stores.keptAvailability.onDates(house.id, dates, stock, now)]] : [];
    }),
  );
  return new Map(read.flat());
}
