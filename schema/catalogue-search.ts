/**
 * What a catalogue search asks and answers (spec §3 "Search state"), shared by the server's search
 * port (server/search/search-port.ts) and the storefront, which reads queries from its URLs and
 * draws results. Browser-safe; nothing here restates the item schema.
 */
import { isListing } from './marketplace/listings';
import type { House } from './marketplace/houses';
import type { GeoPoint } from './marketplace/distance';
import type { CategoryPath, Item } from './types.generated';

/**
 * Day-rate bins, one definition for the filter, the facet and the storefront's labels. A bin
 * holds `min <= rates.day < max`; fixed rather than computed from the data, so a bin's slug in a
 * shared URL keeps its meaning as the catalogue changes.
 */
export const PRICE_BINS = [
  { slug: 'under-50', label: 'Under $50', min: 0, max: 50 },
  { slug: '50-100', label: '$50 to $100', min: 50, max: 100 },
  { slug: '100-250', label: '$100 to $250', min: 100, max: 250 },
  { slug: '250-500', label: '$250 to $500', min: 250, max: 500 },
  { slug: '500-1000', label: '$500 to $1,000', min: 500, max: 1000 },
  { slug: '1000-plus', label: '$1,000 and up', min: 1000, max: Infinity },
] as const;

export type PriceBinSlug = (typeof PRICE_BINS)[number]['slug'];

/** The bin a day rate falls in (rates are never negative; a negative one counts as the lowest). */
export function priceBinOf(dayRate: number): PriceBinSlug {
  for (const bin of PRICE_BINS) if (dayRate < bin.max) return bin.slug;
  return '1000-plus'; // NaN only: the schema requires a number, and the last bin has no upper bound.
}

/**
 * A price bin as a facet value. One house's catalogue has one currency: the bin's slug. The
 * platform's holds several, and $100 is not £100: there a value names its currency
 * ("GBP:100-250"), so a filter never mixes them and nothing is converted.
 */
export const priceBinValue = (dayRate: number, currency?: string) =>
  currency ? `${currency}:${priceBinOf(dayRate)}` : priceBinOf(dayRate);

/** A price bin facet value's currency (when it names one) and bin. */
export function readPriceBin(value: string): { currency?: string; bin?: (typeof PRICE_BINS)[number] } {
  const at = value.indexOf(':');
  const currency = at > 0 ? value.slice(0, at) : undefined;
  const slug = at > 0 ? value.slice(at + 1) : value;
  const bin = PRICE_BINS.find((candidate) => candidate.slug === slug);
  return { ...(currency && { currency }), ...(bin && { bin }) };
}

/** A category filter: a group, narrowed to one of its categories, then to one subcategory. */
export type CategoryFilter = Pick<CategoryPath, 'group'> & Partial<Omit<CategoryPath, 'group'>>;

export interface SearchFilters {
  category?: CategoryFilter;
  /** Slugs of PRICE_BINS. */
  priceBin?: string[];
  /** vendorId values. */
  vendors?: string[];
  tags?: string[];
  /** Colour names as items carry them (site.colorMap). */
  colors?: string[];
  /** Per custom field slug (site.customFields), option slugs. */
  custom?: Record<string, string[]>;
}

/** 'nearest': the nearest house first (needs `near`; the platform's default), then relevance or newest within a house. */
export const SEARCH_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name', 'nearest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchQuery {
  /** Words typed by a visitor: prefix and typo tolerant. Empty or absent: browse. */
  text?: string;
  /** Within a facet any selected value matches (OR); across facets and the category, all apply (AND). */
  filters: SearchFilters;
  /** Default 'relevance' (with no text: newest first, there being nothing to rank by). */
  sort?: SearchSort;
  /** 0-based, as Algolia's (whose record shape, objectID and _geoloc, the items follow). */
  page: number;
  perPage: number;
  /** Items left out whatever else matches (objectIDs): those booked out on a visitor's dates. */
  exclude?: readonly string[];
  /** The visitor's location: what 'nearest' and `withinKm` measure from (haversine, spec §9). */
  near?: GeoPoint;
  /** Only items whose `_geoloc` is within this many km of `near`; items without one are left out. */
  withinKm?: number;
  /** The tenant's synonym groups (site.searchSynonyms, as synonymGroups reads them): a word typed finds its group's words too. */
  synonyms?: ReadonlyArray<readonly string[]>;
}

/** A tenant's synonym lines ("telephone, phone") as groups of lower-case words, each group of two or more. */
export function synonymGroups(lines: readonly string[] | undefined): string[][] {
  return (lines ?? [])
    .map((line) => [
      ...new Set(
        line
          .split(',')
          .map((word) => word.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .filter((group) => group.length > 1);
}

/**
 * An item as a list shows it (a listing's cards, favourites, set lists): what a card draws and
 * nothing more (its first photo, name, rates, stock and listing date), so a page of results stays
 * small. The item's own page has the whole record.
 */
export type ItemSummary = Pick<Item, 'objectID' | 'name' | 'rates' | 'quantity' | 'createdAt'> & {
  images?: Item['images'];
  /** On the platform: the house that rents it out, whose currency its rates are in. */
  house?: House;
};

/** The summary of a stored item (or of a listing on the platform, with its house). */
export const itemSummary = (item: Item): ItemSummary => {
  const photo = item.images?.[0];
  return {
    objectID: item.objectID,
    name: item.name,
    rates: item.rates,
    quantity: item.quantity,
    createdAt: item.createdAt,
    ...(photo && { images: [photo] }),
    ...(isListing(item) && { house: item.house }),
  };
};

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
  /**
   * The count is an estimate from a sample of a large result (the platform's broadest searches;
   * Algolia's non-exhaustive facet counts): the storefront shows it as "about". Absent: exact.
   */
  estimated?: true;
}

/** The facets a result carries: the fixed ones, and one per custom field, `custom.<fieldSlug>`. */
export type FacetKey = 'priceBin' | 'vendors' | 'tags' | 'colors' | `custom.${string}`;

export interface SearchResult {
  /** Every match, across pages. */
  total: number;
  /** The requested page of matches, in sort order. Stored records: treat them as read-only. */
  hits: Item[];
  /**
   * For each facet, its values' counts among the matches as if that facet's own selection were
   * not applied (every other selection is). priceBin lists every bin in PRICE_BINS order; the
   * others list values with a count, most first, and every selected value even at 0 (so it can be
   * unselected). On the platform, priceBin lists every bin of each currency its items are priced in.
   */
  facets: Record<FacetKey, FacetValue[]>;
  tookMs?: number;
}
