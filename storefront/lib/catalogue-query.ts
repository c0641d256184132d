/**
 * A catalogue page's query in its URL, so filters are shareable, crawlable and kept by the back
 * button: `?q=tweed&color=Blue&eras=1970s-wide-body-era&price=100-250&sort=price-asc&page=2`.
 * Facet parameters: `price`, `vendor`, `tag`, `color`, and each custom field by its own slug;
 * a parameter repeated selects several values (OR within the facet). Pages are 1-based in the URL.
 * Shoot dates ride along as `from` and `to` (schema/rental/rental-dates.ts), with `available=1` to list only
 * what is free on them. On the platform, `within` (km) keeps houses within that distance of the visitor.
 * Whatever a URL holds is bounded here (values, lengths, page), so no address makes the search work
 * hard; unknown values simply match nothing. Used by the server (SSR) and the client alike.
 */
import { parseRadiusKm } from '../../schema/marketplace/distance';
import { SEARCH_SORTS, type FacetKey, type SearchFilters, type SearchSort } from '../../schema/catalogue-search';
import {
  ignoredDatesReason,
  parseRentalDates,
  withRentalDates,
  type RentalDates,
} from '../../schema/rental/rental-dates';

export const PER_PAGE = 24;
const LIMITS = { valuesPerFacet: 20, valueLength: 100, textLength: 200, page: 1000 } as const;

export interface CatalogueQuery {
  text: string;
  filters: Omit<SearchFilters, 'category'>;
  sort: SearchSort;
  /** 0-based. */
  page: number;
  /** The visitor's shoot dates, when set. */
  dates?: RentalDates;
  /** Only items with at least one free on the dates. */
  availableOnly?: boolean;
  /** Why the address's dates were left out, when they were. */
  ignoredDates?: string;
  /** On the platform: only houses within this many km of the visitor. */
  withinKm?: number;
  /** The address's `within` was not a whole number of km from 1 to half the earth's circumference. */
  ignoredWithin?: true;
}

const FIXED_PARAMS = { price: 'priceBin', vendor: 'vendors', tag: 'tags', color: 'colors' } as const satisfies Record<
  string,
  Exclude<FacetKey, `custom.${string}`>
>;
type FixedFacet = (typeof FIXED_PARAMS)[keyof typeof FIXED_PARAMS];
const RESERVED = new Set(['q', 'sort', 'page', 'from', 'to', 'available', 'within', ...Object.keys(FIXED_PARAMS)]);

const bounded = (values: string[]) =>
  [...new Set(values.map((value) => value.slice(0, LIMITS.valueLength)).filter(Boolean))].slice(
    0,
    LIMITS.valuesPerFacet,
  );

export function parseCatalogueQuery(search: string, customFieldSlugs: readonly string[]): CatalogueQuery {
  const params = new URLSearchParams(search);
  const filters: CatalogueQuery['filters'] = {};
  for (const [param, facet] of Object.entries(FIXED_PARAMS)) {
    const values = bounded(params.getAll(param));
    if (values.length) filters[facet] = values;
  }
  for (const slug of customFieldSlugs) {
    if (RESERVED.has(slug)) continue;
    const values = bounded(params.getAll(slug));
    if (values.length) (filters.custom ??= {})[slug] = values;
  }
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const dates = parseRentalDates(params);
  const ignoredDates = ignoredDatesReason(params);
  const within = params.get('within');
  const withinKm = parseRadiusKm(within);
  return {
    text: (params.get('q') ?? '').slice(0, LIMITS.textLength).trim(),
    filters,
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : 'relevance',
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), LIMITS.page) - 1 : 0,
    ...(dates && { dates }),
    ...(dates && params.get('available') === '1' && { availableOnly: true }),
    ...(ignoredDates !== undefined && { ignoredDates }),
    ...(withinKm !== undefined && { withinKm }),
    ...(within !== null && withinKm === undefined && { ignoredWithin: true as const }),
  };
}

/** The query's URL parameters, in a fixed order and without defaults (one address per query). */
export function catalogueParams(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.text) params.set('q', query.text);
  for (const [param, facet] of Object.entries(FIXED_PARAMS))
    for (const value of query.filters[facet] ?? []) params.append(param, value);
  for (const [slug, values] of Object.entries(query.filters.custom ?? {}).sort(([a], [b]) => a.localeCompare(b)))
    for (const value of values) params.append(slug, value);
  if (query.sort !== 'relevance') params.set('sort', query.sort);
  if (query.withinKm !== undefined) params.set('within', String(query.withinKm));
  if (query.page > 0) params.set('page', String(query.page + 1));
  const dated = withRentalDates(params, query.dates);
  if (query.dates && query.availableOnly) dated.set('available', '1');
  return dated;
}

export function catalogueHref(path: string, query: CatalogueQuery): string {
  const search = catalogueParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The values selected for a facet of the result (`custom.<slug>` for a custom field). */
export function selectedIn(query: CatalogueQuery, facet: FacetKey): string[] {
  if (facet.startsWith('custom.')) return query.filters.custom?.[facet.slice('custom.'.length)] ?? [];
  return query.filters[facet as FixedFacet] ?? [];
}

/** The URL parameter a facet's values travel in. */
export function paramOf(facet: FacetKey): string {
  if (facet.startsWith('custom.')) return facet.slice('custom.'.length);
  return Object.entries(FIXED_PARAMS).find(([, name]) => name === facet)![0];
}

/** The query with one facet value switched on or off, back on the first page. */
export function toggled(query: CatalogueQuery, facet: FacetKey, value: string): CatalogueQuery {
  const selected = selectedIn(query, facet);
  const next = selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
  const filters = structuredClone(query.filters);
  if (facet.startsWith('custom.')) {
    const slug = facet.slice('custom.'.length);
    filters.custom = { ...filters.custom, [slug]: next };
    if (!next.length) delete filters.custom[slug];
  } else {
    const key = facet as FixedFacet;
    if (next.length) filters[key] = next;
    else delete filters[key];
  }
  return { ...query, filters, page: 0 };
}

/** Whether any facet value is selected (a "clear filters" link is worth showing). */
export const hasFilters = (query: CatalogueQuery) =>
  Boolean(query.availableOnly) ||
  query.withinKm !== undefined ||
  Object.entries(query.filters).some(([key, values]) =>
    key === 'custom' ? Object.values(values ?? {}).some((v) => (v as string[]).length) : (values as string[]).length,
  );
