/**
 * The state one page is rendered from, on the server and again on the client: it travels in a
 * `<script type="application/json">` block (no inline script, so the CSP forbids them all).
 */
import type { ItemSummary, SearchResult } from '../../schema/catalogue-search';
import type { CardPicture } from '../../schema/card-pictures';
import type { House } from '../../schema/marketplace/houses';
import type { GeoPoint } from '../../schema/marketplace/distance';
import type { SharedSetList } from '../../schema/set-list-views';
import type { Item } from '../../schema/types.generated';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import type { CatalogueQuery } from '../lib/catalogue-query';

export interface PageContent {
  title: string;
  /** The page's own meta description, if it has one. */
  description?: string;
  /** Markdown rendered on the server with raw HTML off (schema/display/markdown.ts); empty when the page has no body yet. */
  html: string;
}

export type { ItemSummary } from '../../schema/catalogue-search';

/** A catalogue listing (/rentals, a category, /search): the query from the URL and its answer. */
export interface CatalogueState {
  query: CatalogueQuery;
  total: number;
  hits: ItemSummary[];
  facets: SearchResult['facets'];
  /** When the server answered (ISO): "new" badges are judged from it, the same on both renders. */
  now: string;
  /** With shoot dates: how many of each listed item are free on all of them. */
  free?: Record<string, number>;
  /** On the platform: where distances are measured from, and the houses listed. */
  marketplace?: MarketplaceState;
  /** On the platform: houses that match beyond those the vendors facet shows (the most matches first). */
  moreVendors?: number;
}

/** Where the platform measures distances from, as the page says it. */
export interface VisitorPlace extends GeoPoint {
  /** 'cookie': the visitor chose it (a house's city, "Near me", or the IP lookup); 'default': the platform's default location. */
  source: 'cookie' | 'default';
  /** The place's name as chosen, when it has one. */
  label?: string;
}

export interface MarketplaceState {
  from: VisitorPlace;
  /**
   * The nearest listed houses (at most a dozen), and any other the page names (in its vendors
   * facet), nearest first, with the distance from `from` (km; a house without a location last): a
   * page's size does not grow with the number of houses.
   */
  houses: Array<House & { km?: number }>;
  /** How many houses are listed in all. */
  houseCount: number;
}

export interface PageState {
  /** The page's path, without a trailing slash. */
  path: string;
  configuration: StorefrontConfiguration;
  content: PageContent | null;
  /** On catalogue listings: what the URL asked for and found. */
  catalogue?: CatalogueState;
  /** On an item's page: the item, or null when there is none. */
  item?: Item | null;
  /** When the server answered (ISO), for an item page's "new" badge. */
  now?: string;
  /** On a shared set list's page: the list, or null when its link no longer works. */
  sharedSetList?: SharedSetList | null;
  /** On pages with category cards: each card's picture by its address (a card without one keeps the placeholder). */
  cardPictures?: Record<string, CardPicture>;
  /** On an item's page: a few items like it, to keep browsing. */
  related?: ItemSummary[];
  /** On a kit's page: what it includes, in pull-sheet order, each with how many (components gone from the catalogue left out). */
  kitComponents?: Array<{ quantity: number; item: ItemSummary }>;
  /** On an item's page asked for with shoot dates: those dates and how many are free on them (such a page is not kept). */
  itemDates?: { from: string; to: string; free: number };
  /** On the platform's home page: the houses nearest first, and where that was measured from. */
  marketplace?: MarketplaceState;
}

export const STATE_ELEMENT_ID = 'backlot-state';

/**
 * JSON that is inert inside a script element: `<` and the line separators JavaScript once
 * treated as newlines are escaped, so `</script>` or `<!--` in any config string cannot end or
 * change the block.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The configuration's part of the block, made once per configuration (every page of a tenant version carries the same). */
const configurationJson = new WeakMap<StorefrontConfiguration, string>();

/**
 * The state block's JSON: inertJson(state), but the configuration, most of its bytes, is
 * serialised once per tenant version rather than once per page (the escapes are per character,
 * inside strings, so escaping the parts is escaping the whole).
 */
export function serializeState(state: PageState): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(state)) {
    if (value === undefined) continue;
    let json = key === 'configuration' ? configurationJson.get(value as StorefrontConfiguration) : undefined;
    if (json === undefined) {
      json = inertJson(value);
      if (key === 'configuration') configurationJson.set(value as StorefrontConfiguration, json);
    }
    parts.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}
