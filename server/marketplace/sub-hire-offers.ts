/**
 * A house short of stock on a line: the same or similar items free on the line's dates at the
 * other listed houses that take its sub-hires, nearest first, at their trade price (issue 39).
 *
 * The platform's one index finds the candidates (the item's name, then shorter forms of it, then
 * its category, each among only the houses that take this house's sub-hires, nearest house first);
 * each candidate house then counts what it has free on the dates by its own turnaround in its own
 * time zone, as its storefront would. No Fastify.
 */
import type { SearchQuery } from '../../schema/catalogue-search';
import { haversineKm, type GeoPoint } from '../../schema/marketplace/distance';
import { isListing, parseListingId } from '../../schema/marketplace/listings';
import {
  nearestOffersFirst,
  similarNames,
  takesSubHireFrom,
  tradeRates,
  type SubHireOffer,
} from '../../schema/marketplace/sub-hires';
import { PLATFORM_TENANT_ID } from '../../schema/routes';
import type { Item } from '../../schema/types.generated';
import { freeQuantities, type QuoteStores } from '../rental';
import type { SearchIndex } from '../search/search-port';
import type { PlatformCatalogue } from './platform-catalogue';

export interface SubHireOfferStores extends Pick<QuoteStores, 'quoteRequests' | 'itemStore'> {
  catalogueSearch: SearchIndex;
  marketplace: Pick<PlatformCatalogue, 'listedHouses' | 'stockOf' | 'listing'>;
}

/** What is short: the asking house's item, how many more it needs, and the dates. */
export interface ShortLine {
  item: Item;
  wanted: number;
  from: string;
  to: string;
}

/** Candidates read from the index before counting what is free: enough for a page of offers after some are booked out. */
const CANDIDATES = 60;
/** Offers given for one line. */
export const OFFERS_PER_LINE = 12;

/** The houses that take `asking`'s sub-hires, by id. */
function lendersTo(marketplace: SubHireOfferStores['marketplace'], asking: string): string[] {
  return marketplace
    .listedHouses()
    .filter((house) => {
      const rule = marketplace.stockOf(house.id)?.subHires;
      return rule !== undefined && takesSubHireFrom(rule, house.id, asking);
    })
    .map((house) => house.id);
}

/** The offers for a short line, and how many houses take the asking house's sub-hires at all. */
export async function subHireOffers(
  stores: SubHireOfferStores,
  asking: { houseId: string; location?: GeoPoint },
  line: ShortLine,
  now: Date,
  limit = OFFERS_PER_LINE,
): Promise<{ offers: SubHireOffer[]; lenders: number }> {
  const { marketplace, catalogueSearch } = stores;
  const vendors = lendersTo(marketplace, asking.houseId);
  if (!vendors.length || line.wanted < 1) return { offers: [], lenders: vendors.length };
  const base: SearchQuery = {
    filters: { vendors },
    page: 0,
    perPage: CANDIDATES,
    ...(asking.location ? { sort: 'nearest', near: asking.location } : { sort: 'relevance' }),
  };
  // The platform's category of the item, when its house is listed: the last search, for "similar".
  const category = marketplace.listing(asking.houseId, line.item)?.category;
  const searches: SearchQuery[] = [
    ...similarNames(line.item.name).map((text) => ({ ...base, text })),
    ...(category
      ? [{ ...base, filters: { ...base.filters, category: { group: category.group, category: category.category } } }]
      : []),
  ];
  const candidates = new Map<string, Item>();
  for (const search of searches) {
    if (candidates.size >= CANDIDATES) break;
    for (const hit of (await catalogueSearch.search(PLATFORM_TENANT_ID, search)).hits)
      if (!candidates.has(hit.objectID)) candidates.set(hit.objectID, hit);
  }

  // Each house counts its own candidates on the dates.
  const byHouse = new Map<string, Array<{ listing: Item; objectID: string; rank: number }>>();
  [...candidates.values()].forEach((listing, rank) => {
    const id = parseListingId(listing.objectID);
    if (id)
      (byHouse.get(id.houseId) ?? byHouse.set(id.houseId, []).get(id.houseId)!).push({
        listing,
        objectID: id.objectID,
        rank,
      });
  });
  const offers = await Promise.all(
    [...byHouse].map(async ([houseId, found]) => {
      const stock = marketplace.stockOf(houseId);
      const first = found[0]!.listing;
      if (!stock || !isListing(first)) return [];
      const free = await freeQuantities(
        stores,
        houseId,
        found.map(({ objectID, listing }) => ({
          objectID,
          quantity: listing.quantity,
          ...(listing.kit && { kit: listing.kit }),
        })),
        { from: line.from, to: line.to },
        stock,
        now,
      );
      const km =
        asking.location && first.house.location ? haversineKm(asking.location, first.house.location) : undefined;
      return found.flatMap(({ listing, objectID, rank }) => {
        const count = free.get(objectID) ?? 0;
        if (count < 1) return [];
        const image = listing.images?.[0];
        return [
          {
            house: { ...first.house, ...(km !== undefined && { km }) },
            objectID,
            name: listing.name,
            ...(image && { image: image.url }),
            free: count,
            enough: count >= line.wanted,
            rates: listing.rates,
            tradeRates: tradeRates(listing.rates, stock.subHires.tradeDiscountPercent),
            discountPercent: stock.subHires.tradeDiscountPercent,
            rank,
          },
        ];
      });
    }),
  );
  return { offers: nearestOffersFirst(offers.flat()).slice(0, limit), lenders: vendors.length };
}
