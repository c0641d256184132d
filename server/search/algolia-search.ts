/**
 * The hosted SearchIndex: each tenant's catalogue in Algolia, through the official v5 client
 * (`algoliasearch`). One index per tenant, `<prefix>_<tenantId>`, and one standard replica per
 * sort order (`<prefix>_<tenantId>_price_asc` …): tenant ids are lowercase slugs without "_", so
 * no tenant's index can be taken for another's replica.
 *
 * Records are the stored items plus three computed attributes: `priceBin` (priceBinValue of the day
 * rate, with the house's currency on the platform, so the priceBin facet is an ordinary facet), `createdAtMs` and `nameKey` (what the sort
 * orders rank by); hits are handed back without them.
 *
 * Facets are counted "OR within a facet, AND across facets" the way Algolia's own InstantSearch
 * does it (disjunctive faceting): one multi-query holding the main query, with every filter, and
 * one query per facet that has a selection, with every filter but that facet's own, asking only
 * for that facet's counts (`hitsPerPage: 0`). A query that holds a filter no record can pass (a
 * value no item could carry, a custom field the index does not facet on) is answered as empty
 * without being sent.
 *
 * The embedded adapter's behaviour is matched where Algolia has a setting for it: every word a
 * prefix (`queryType: prefixAll`), English stop words dropped. Differences that remain: Algolia's
 * own ranking and typo tolerance; facet values matched case-insensitively; no hits past the
 * 1,000th match (`paginationLimitedTo`), where the embedded index pages to 100,000.
 */
import {
  algoliasearch,
  type Algoliasearch,
  type BatchRequest,
  type IndexSettings,
  type SearchForHits,
  type SearchResponse,
  type SettingsResponse,
} from 'algoliasearch';
import { isGeoPoint } from '../../schema/marketplace/distance';
import { isListing } from '../../schema/marketplace/listings';
import type { Item } from '../../schema/types.generated';
import {
  PRICE_BINS,
  priceBinValue,
  readPriceBin,
  SEARCH_SORTS,
  type FacetKey,
  type FacetValue,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
  type SearchSort,
} from './search-port';

export interface AlgoliaSearchOptions {
  appId: string;
  /** A key with search, addObject, deleteObject, deleteIndex (replaceAll clears), settings and editSettings. */
  apiKey: string;
  /** Indices are named `<indexPrefix>_<tenantId>`. */
  indexPrefix: string;
  /** An http(s) origin to use instead of Algolia's hosts (a stand-in, a proxy). */
  host?: string;
}

// ---------------------------------------------------------------------------------------------
// Records, settings and replicas.

/** Attributes added to each item for Algolia, and removed from hits. */
const COMPUTED = ['priceBin', 'createdAtMs', 'nameKey'] as const;
/* A listing's `house` and `houseObjectID` (the platform's one index with a vendor facet) are stored as they are. */
/** What Algolia adds to a hit. */
const HIT_EXTRAS = ['_highlightResult', '_snippetResult', '_rankingInfo', '_distinctSeqID'];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TENANT_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
/** A name as the name sort compares it: its words, case and accents folded (as the embedded index does). */
const nameKeyOf = (name: string) =>
  (name.normalize('NFKD').replace(MARKS, '').toLowerCase().match(WORD) ?? []).join(' ');

function recordOf(item: Item): Record<string, unknown> {
  return {
    ...item,
    priceBin: priceBinValue(item.rates.day, isListing(item) ? item.house.currency : undefined),
    createdAtMs: Date.parse(item.createdAt) || 0,
    nameKey: nameKeyOf(item.name),
  };
}

function itemOf(hit: Record<string, unknown>): Item {
  const item = { ...hit };
  for (const key of [...COMPUTED, ...HIT_EXTRAS]) delete item[key];
  return item as unknown as Item;
}

/** The facets every index has, by result key, and where each lives in a record. */
const FIXED_FACETS: Array<[FacetKey, string]> = [
  ['priceBin', 'priceBin'],
  ['vendors', 'vendorId'],
  ['tags', 'tags'],
  ['colors', 'colors'],
];
const CUSTOM_ATTRIBUTE = 'customFields.';
const customAttribute = (field: string) => `${CUSTOM_ATTRIBUTE}${field}`;

/** Algolia's default order of textual criteria, after a replica's sort attribute. */
const TEXTUAL_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

/** Each sort order but relevance is a standard replica: sorted by its attribute first, then the text. */
const REPLICAS: Record<
  Exclude<SearchSort, 'relevance'>,
  { suffix: string; ranking: string[]; customRanking: string[] }
> = {
  newest: { suffix: 'newest', ranking: ['desc(createdAtMs)', ...TEXTUAL_RANKING], customRanking: ['asc(nameKey)'] },
  'price-asc': {
    suffix: 'price_asc',
    ranking: ['asc(rates.day)', ...TEXTUAL_RANKING],
    customRanking: ['asc(nameKey)'],
  },
  'price-desc': {
    suffix: 'price_desc',
    ranking: ['desc(rates.day)', ...TEXTUAL_RANKING],
    customRanking: ['asc(nameKey)'],
  },
  name: { suffix: 'name', ranking: ['asc(nameKey)', ...TEXTUAL_RANKING], customRanking: [] },
  // Around the visitor's point (aroundLatLng): a match without a typo first (a far house's exact
  // word before a near house's typo), then the distance, then the rest of the text, then newest.
  nearest: {
    suffix: 'nearest',
    ranking: ['typo', 'geo', ...TEXTUAL_RANKING.filter((criterion) => criterion !== 'geo' && criterion !== 'typo')],
    customRanking: ['desc(createdAtMs)', 'asc(nameKey)'],
  },
};
const REPLICA_SORTS = Object.keys(REPLICAS) as Array<keyof typeof REPLICAS>;

/** Algolia's default, set explicitly so the adapter and the index agree: no hits past the 1,000th. */
const PAGINATION_LIMIT = 1000;
const MAX_VALUES_PER_FACET = 1000;
const DEFAULT_PER_PAGE = 24;
const MAX_PER_PAGE = 1000;
/** Algolia refuses a query string over 512 bytes; the embedded index reads the first 8 words. */
const MAX_QUERY_BYTES = 512;
const MAX_QUERY_WORDS = 8;
/** Records per batch call: well under Algolia's 10 MB a request, items being at most a few kB. */
const BATCH_SIZE = 500;

/** The settings every index of a tenant shares, for its custom fields. */
function sharedSettings(fields: readonly string[]): IndexSettings {
  return {
    // Name first, so a word in the name ranks above the same word in a description.
    searchableAttributes: [
      'name',
      'tags',
      'category.group,category.category,category.subcategory',
      'colors',
      'description',
    ],
    attributesForFaceting: [
      ...FIXED_FACETS.map(([, attribute]) => attribute),
      ...[...fields].sort().map(customAttribute),
      'filterOnly(category.group)',
      'filterOnly(category.category)',
      'filterOnly(category.subcategory)',
    ],
    queryType: 'prefixAll',
    removeStopWords: ['en'],
    maxValuesPerFacet: MAX_VALUES_PER_FACET,
    paginationLimitedTo: PAGINATION_LIMIT,
    attributesToHighlight: [],
    attributesToSnippet: [],
  };
}

/**
 * Which of this adapter's settings an index has, kept in the primary's userData: an index set up
 * by an older adapter (2: the nearest replica ranks typo before geo) is set up again at its next write.
 */
const SETTINGS_VERSION = 2;
const PRIMARY_RANKING: IndexSettings = {
  customRanking: ['desc(createdAtMs)', 'asc(nameKey)'],
  userData: { backlotSettings: SETTINGS_VERSION },
};

/** The custom fields an index facets on, read from its settings. */
function fieldsOf(settings: SettingsResponse): Set<string> {
  const fields = new Set<string>();
  for (const attribute of settings.attributesForFaceting ?? [])
    if (attribute.startsWith(CUSTOM_ATTRIBUTE) && SLUG.test(attribute.slice(CUSTOM_ATTRIBUTE.length)))
      fields.add(attribute.slice(CUSTOM_ATTRIBUTE.length));
  return fields;
}

const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

// ---------------------------------------------------------------------------------------------
// Queries: what a visitor asked, made safe for Algolia.

const wholeNumber = (value: unknown, fallback: number, min: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : fallback;

/**
 * The text as Algolia may take it: lone surrogates and control characters dropped, repeated words
 * once, at most MAX_QUERY_WORDS words and MAX_QUERY_BYTES bytes (a longer query is an error there).
 * Quotes, colons, "OR", parentheses and backslashes are left alone: without `advancedSyntax` Algolia
 * reads none of them as syntax.
 */
function queryTextOf(text: unknown): string {
  if (typeof text !== 'string') return '';
  const seen = new Set<string>();
  const words: string[] = [];
  let bytes = 0;
  for (const word of text.replace(/[\p{Cs}\p{Cc}]/gu, ' ').split(/\s+/)) {
    if (!word || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    const size = Buffer.byteLength(word) + (words.length ? 1 : 0);
    if (bytes + size > MAX_QUERY_BYTES) {
      // A first word too long on its own is cut (at a character); later ones are left out.
      if (!words.length) words.push(cutToBytes(word, MAX_QUERY_BYTES));
      break;
    }
    words.push(word);
    bytes += size;
    if (words.length === MAX_QUERY_WORDS) break;
  }
  return words.join(' ');
}

function cutToBytes(text: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > max) break;
    out += char;
  }
  return out;
}

/**
 * A facet value as facetFilters take it: `attribute:value`, everything after the first colon
 * being the value, read literally (quotes, colons, spaces, "OR" and parentheses included). The one
 * piece of syntax is a leading "-", which negates, so a value starting with one is escaped as "\-",
 * as Algolia's InstantSearch helper does. Quoting is the `filters` parameter's syntax, not this one:
 * in facetFilters quotes would become part of the value and nothing would match.
 */
const escapeFacetValue = (value: string) => value.replace(/^-/, '\\-');

/**
 * Whether a selected value could be an item's: a slug for tags and custom fields, a tenant id for
 * vendors, a bin for price, a label (1 to 80 characters, not blank) for colours. Anything else
 * matches nothing without asking; that includes text that is not well-formed Unicode, and a colour
 * starting with a backslash, which facetFilters would read as an escape.
 */
function couldMatch(key: FacetKey, value: string): boolean {
  switch (key) {
    case 'priceBin': {
      // A bin, or on the platform a currency's bin ("GBP:100-250").
      const { bin, currency } = readPriceBin(value);
      return Boolean(bin) && (currency === undefined || /^[A-Z]{3}$/.test(currency));
    }
    case 'vendors':
      return TENANT_ID.test(value) && value.length <= 40;
    case 'colors':
      return value.length <= 80 && /\S/.test(value) && !/\p{Cs}/u.test(value) && !value.startsWith('\\');
    default:
      return SLUG.test(value) && value.length <= 64; // tags, custom.<field>
  }
}

/** One AND term of facetFilters: any of `filters` (OR); none at all means nothing can pass. */
interface FilterGroup {
  /** The facet this selection belongs to; undefined for the category, which is not a facet. */
  key?: FacetKey;
  filters: string[];
}

interface Plan {
  text: string;
  sort: SearchSort;
  page: number;
  perPage: number;
  groups: FilterGroup[];
  /** Each facet's selected values, as given (strings only), for the result's `selected` marks. */
  selections: Map<FacetKey, string[]>;
}

function planOf(query: SearchQuery, fields: ReadonlySet<string>): Plan {
  const filters = query?.filters && typeof query.filters === 'object' ? query.filters : {};
  const sort: SearchSort = SEARCH_SORTS.includes(query?.sort as SearchSort) ? query.sort! : 'relevance';
  const groups: FilterGroup[] = [];

  // The category: a group, then its category, then a subcategory, each narrowing (AND).
  // (As the embedded index: anything but an object is no category filter; an object without a group matches nothing.)
  const category: unknown = filters.category;
  if (category && typeof category === 'object') {
    const path = category as Record<string, unknown>;
    const levels: Array<[string, unknown]> = [['category.group', path.group]];
    // As the embedded index: a subcategory without its category narrows nothing.
    if (path.category !== undefined)
      levels.push(
        ['category.category', path.category],
        ...(path.subcategory !== undefined ? [['category.subcategory', path.subcategory] as [string, unknown]] : []),
      );
    for (const [attribute, slug] of levels)
      groups.push({ filters: typeof slug === 'string' && SLUG.test(slug) ? [`${attribute}:${slug}`] : [] });
  }

  const selections = new Map<FacetKey, string[]>();
  const select = (key: FacetKey, attribute: string | undefined, values: unknown) => {
    // The port is typed, but its input comes from visitors' URLs: anything not a list of strings is no selection.
    if (!Array.isArray(values)) return;
    const strings = [...new Set(values.filter((value): value is string => typeof value === 'string'))];
    if (!strings.length) return;
    selections.set(key, strings);
    groups.push({
      key,
      filters: attribute
        ? strings.filter((value) => couldMatch(key, value)).map((value) => `${attribute}:${escapeFacetValue(value)}`)
        : [],
    });
  };
  for (const [key, attribute] of FIXED_FACETS) select(key, attribute, filters[key as keyof typeof filters]);
  if (filters.custom && typeof filters.custom === 'object') {
    // A field the index does not facet on (not a slug, or no item has it) can match nothing.
    for (const [field, values] of Object.entries(filters.custom))
      select(`custom.${field}`, SLUG.test(field) && fields.has(field) ? customAttribute(field) : undefined, values);
  }

  return {
    text: queryTextOf(query?.text),
    sort,
    page: wholeNumber(query?.page, 0, 0, Number.MAX_SAFE_INTEGER),
    perPage: wholeNumber(query?.perPage, DEFAULT_PER_PAGE, 1, MAX_PER_PAGE),
    groups,
    selections,
  };
}

type Counts = Record<string, number>;

/** A facet's values as the port lists them (see SearchResult.facets). */
function facetValues(
  key: FacetKey,
  counts: Counts,
  selection: readonly string[] | undefined,
  approximate: boolean,
): FacetValue[] {
  const selected = new Set(selection ?? []);
  const values: FacetValue[] = [];
  const estimated = (count: number) => (approximate && count > 0 ? { estimated: true as const } : {});
  if (key === 'priceBin') {
    // Every bin of each currency the counts name (the platform's: "GBP:100-250"); bare bins otherwise.
    const currencies = [...new Set(Object.keys(counts).flatMap((value) => readPriceBin(value).currency ?? []))].sort();
    for (const currency of currencies.length ? currencies : [undefined])
      for (const bin of PRICE_BINS) {
        const value = currency ? `${currency}:${bin.slug}` : bin.slug;
        values.push({
          value,
          count: counts[value] ?? 0,
          selected: selected.has(value),
          ...estimated(counts[value] ?? 0),
        });
      }
    for (const value of selected)
      if (!values.some((known) => known.value === value)) values.push({ value, count: 0, selected: true });
    return values;
  }
  for (const [value, count] of Object.entries(counts))
    if (count > 0) values.push({ value, count, selected: selected.has(value), ...estimated(count) });
  for (const value of selected)
    if (!values.some((known) => known.value === value)) values.push({ value, count: 0, selected: true });
  return values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

// ---------------------------------------------------------------------------------------------

/** What this process knows of a tenant's index. */
interface TenantIndex {
  /** Whether the index is there at all (a tenant never written has none). */
  exists: boolean;
  /** The custom fields it facets on. */
  fields: Set<string>;
  /** Whether it (and its replicas) have this adapter's settings for those fields. */
  configured: boolean;
}

export class AlgoliaSearchIndex implements SearchIndex {
  private readonly client: Algoliasearch;
  private readonly tenants = new Map<string, Promise<TenantIndex>>();
  /** Per tenant, the synonym groups its index has (as `synonymsKey` writes them), once this process saved them. */
  private readonly savedSynonyms = new Map<string, Promise<string>>();
  /** Per tenant, the writes in the order they were asked for (see `inOrder`). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly options: AlgoliaSearchOptions) {
    let hosts;
    if (options.host) {
      const url = new URL(options.host);
      hosts = [
        {
          url: url.hostname,
          port: url.port ? Number(url.port) : undefined,
          protocol: url.protocol === 'https:' ? ('https' as const) : ('http' as const),
          accept: 'readWrite' as const,
        },
      ];
    }
    this.client = algoliasearch(options.appId, options.apiKey, hosts ? { hosts } : undefined);
  }

  indexName(tenantId: string, sort: SearchSort = 'relevance'): string {
    const primary = `${this.options.indexPrefix}_${tenantId}`;
    return sort === 'relevance' ? primary : `${primary}_${REPLICAS[sort].suffix}`;
  }

  async replaceAll(tenantId: string, items: readonly Item[]): Promise<void> {
    const indexName = this.indexName(tenantId);
    const taskID = await this.inOrder(tenantId, async () => {
      await this.prepare(tenantId, items);
      // The first batch clears the index in the same task as its first records. A catalogue of
      // several batches is searchable part-filled until the last task is published.
      let taskID = 0;
      for (let start = 0; start === 0 || start < items.length; start += BATCH_SIZE) {
        const requests: BatchRequest[] = items
          .slice(start, start + BATCH_SIZE)
          .map((item) => ({ action: 'updateObject', body: recordOf(item) }));
        if (start === 0) requests.unshift({ action: 'clear', body: {} });
        ({ taskID } = await this.client.batch({ indexName, batchWriteParams: { requests } }));
      }
      return taskID;
    });
    // An index's tasks are applied in the order they were received: the last one published means all are.
    await this.published(indexName, taskID);
  }

  async upsert(tenantId: string, item: Item): Promise<void> {
    const indexName = this.indexName(tenantId);
    const taskID = await this.inOrder(tenantId, async () => {
      await this.prepare(tenantId, [item]);
      return (
        await this.client.batch({
          indexName,
          batchWriteParams: { requests: [{ action: 'updateObject', body: recordOf(item) }] },
        })
      ).taskID;
    });
    await this.published(indexName, taskID);
  }

  async remove(tenantId: string, objectID: string): Promise<void> {
    await this.forget(tenantId, (indexName) =>
      this.client.batch({
        indexName,
        batchWriteParams: { requests: [{ action: 'deleteObject', body: { objectID } }] },
      }),
    );
  }

  async removeVendor(tenantId: string, vendorId: string): Promise<void> {
    // Algolia deletes by a filter (the key already needs the deleteIndex right, as clearing does).
    await this.forget(tenantId, (indexName) =>
      this.client.deleteBy({
        indexName,
        deleteByParams: { facetFilters: [[`vendorId:${escapeFacetValue(vendorId)}`]] },
      }),
    );
  }

  /**
   * A deletion, in order with the tenant's writes, waited for until published. Deleting a record
   * that is not there is no error in Algolia; an index that is not there has nothing to forget
   * (and writing to it would create it).
   */
  private async forget(tenantId: string, send: (indexName: string) => Promise<{ taskID: number }>): Promise<void> {
    const indexName = this.indexName(tenantId);
    if (!(await this.tenant(tenantId)).exists) return;
    const taskID = await this.inOrder(tenantId, async () => (await send(indexName)).taskID);
    await this.published(indexName, taskID);
  }

  async search(tenantId: string, query: SearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const tenant = await this.tenant(tenantId);
    if (tenant.exists) await this.withSynonyms(tenantId, Array.isArray(query?.synonyms) ? query.synonyms : []);
    const plan = planOf(query, tenant.fields);
    const facetKeys: FacetKey[] = [
      ...FIXED_FACETS.map(([key]) => key),
      ...[...tenant.fields].sort().map((field): FacetKey => `custom.${field}`),
    ];
    const attributeOf = new Map<FacetKey, string>([
      ...FIXED_FACETS,
      ...[...tenant.fields].map((field): [FacetKey, string] => [`custom.${field}`, customAttribute(field)]),
    ]);

    // A query is sent only if every one of its groups can pass; otherwise its answer is empty.
    const possible = (groups: FilterGroup[]) => tenant.exists && groups.every((group) => group.filters.length > 0);
    const facetFilters = (groups: FilterGroup[]) => groups.map((group) => group.filters);
    const offset = plan.page * plan.perPage;
    // Around the visitor: what 'nearest' sorts by and `withinKm` bounds (Algolia measures in metres).
    const around = isGeoPoint(query?.near)
      ? {
          aroundLatLng: `${query.near.lat}, ${query.near.lng}`,
          aroundRadius:
            typeof query.withinKm === 'number' && query.withinKm >= 1
              ? Math.round(query.withinKm * 1000)
              : ('all' as const),
        }
      : {};
    const paged = offset < PAGINATION_LIMIT;

    const requests: SearchForHits[] = [];
    const main = possible(plan.groups)
      ? requests.push({
          indexName: this.indexName(tenantId, plan.sort),
          query: plan.text,
          ...around,
          facetFilters: facetFilters(plan.groups),
          facets: facetKeys.map((key) => attributeOf.get(key)!),
          maxValuesPerFacet: MAX_VALUES_PER_FACET,
          // Past the pagination limit Algolia has no hits to give: ask for the counts only.
          page: paged ? plan.page : 0,
          hitsPerPage: paged ? plan.perPage : 0,
        }) - 1
      : -1;
    // Disjunctive faceting: each selected facet counted with every filter but its own.
    const disjunctive = new Map<FacetKey, number>();
    for (const key of plan.selections.keys()) {
      const attribute = attributeOf.get(key);
      const others = plan.groups.filter((group) => group.key !== key);
      if (!attribute || !possible(others)) continue;
      disjunctive.set(
        key,
        requests.push({
          indexName: this.indexName(tenantId),
          query: plan.text,
          ...around,
          facetFilters: facetFilters(others),
          facets: [attribute],
          maxValuesPerFacet: MAX_VALUES_PER_FACET,
          hitsPerPage: 0,
          page: 0,
          analytics: false,
          clickAnalytics: false,
        }) - 1,
      );
    }

    let results: Array<SearchResponse<Record<string, unknown>>> = [];
    if (requests.length) {
      try {
        results = (await this.client.search<Record<string, unknown>>({ requests })).results as Array<
          SearchResponse<Record<string, unknown>>
        >;
      } catch (error) {
        // The index was deleted behind this process's back: nothing to find until it is written again.
        if (statusOf(error) !== 404) throw error;
        this.tenants.delete(tenantId);
        requests.length = 0;
        disjunctive.clear();
      }
    }
    const mainResult = main >= 0 && requests.length ? results[main] : undefined;

    const facets = {} as Record<FacetKey, FacetValue[]>;
    for (const key of [...facetKeys, ...[...plan.selections.keys()].filter((key) => !facetKeys.includes(key))]) {
      const attribute = attributeOf.get(key);
      const source = plan.selections.has(key)
        ? disjunctive.has(key)
          ? results[disjunctive.get(key)!]
          : undefined
        : mainResult;
      // Algolia counts approximately past its time budget, and says so.
      const approximate = source?.exhaustive?.facetsCount === false || source?.exhaustiveFacetsCount === false;
      facets[key] = facetValues(
        key,
        (attribute && source?.facets?.[attribute]) || {},
        plan.selections.get(key),
        approximate,
      );
    }
    return {
      total: mainResult?.nbHits ?? 0,
      hits: paged && mainResult ? mainResult.hits.map((hit) => itemOf(hit as Record<string, unknown>)) : [],
      facets,
      tookMs: performance.now() - started,
    };
  }

  // -------------------------------------------------------------------------------------------

  /**
   * Runs a tenant's writes one after another as far as sending them: the plugin applies changes
   * without awaiting each, and two requests in flight could reach Algolia in either order (an older
   * version of an item landing last). Waiting for publication happens outside, in parallel.
   */
  private inOrder<T>(tenantId: string, send: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(tenantId) ?? Promise.resolve()).catch(() => undefined).then(send);
    this.queues.set(tenantId, run);
    return run;
  }

  /**
   * Waits until Algolia has applied a write. Algolia indexes asynchronously: a write is answered
   * with a taskID once queued, and its records are searchable only once the task is published. The
   * port promises that a search after a write sees it, and the search plugin bumps the catalogue
   * version (which keys cached pages) as soon as the write resolves, so a write resolves only
   * then. Polled at 50 ms, then backing off to 2 s (Algolia's client starts at 200 ms).
   */
  private async published(indexName: string, taskID: number): Promise<void> {
    await this.client.waitForTask({
      indexName,
      taskID,
      maxRetries: 100,
      timeout: (retry) => Math.min(25 * 2 ** retry, 2000),
    });
  }

  /** What this process knows of a tenant's index, read from its settings once. */
  private tenant(tenantId: string): Promise<TenantIndex> {
    let known = this.tenants.get(tenantId);
    if (!known) {
      known = this.readTenant(tenantId);
      this.tenants.set(tenantId, known);
      known.catch(() => this.tenants.delete(tenantId)); // a failed read is retried by the next call
    }
    return known;
  }

  private async readTenant(tenantId: string): Promise<TenantIndex> {
    let settings: SettingsResponse;
    try {
      settings = await this.client.getSettings({ indexName: this.indexName(tenantId) });
    } catch (error) {
      if (statusOf(error) === 404) return { exists: false, fields: new Set(), configured: false };
      throw error;
    }
    const fields = fieldsOf(settings);
    const wanted = { ...sharedSettings([...fields]), ...PRIMARY_RANKING };
    const replicas = REPLICA_SORTS.map((sort) => this.indexName(tenantId, sort));
    const configured =
      sameList(settings.replicas, replicas) &&
      sameList(settings.attributesForFaceting, wanted.attributesForFaceting) &&
      sameList(settings.searchableAttributes, wanted.searchableAttributes) &&
      sameList(settings.customRanking, wanted.customRanking) &&
      settings.queryType === wanted.queryType &&
      settings.paginationLimitedTo === wanted.paginationLimitedTo &&
      (settings.userData as { backlotSettings?: unknown } | undefined)?.backlotSettings === SETTINGS_VERSION;
    return { exists: true, fields, configured };
  }

  /**
   * The tenant's synonym groups on its index and replicas (Algolia keeps synonyms in the index, not
   * in the query): saved, replacing any others, at the first search of this process and whenever
   * they change; a search waits until they are published. A failed save is tried again next time.
   */
  private async withSynonyms(tenantId: string, groups: ReadonlyArray<readonly string[]>): Promise<void> {
    const key = JSON.stringify(groups);
    const saved = this.savedSynonyms.get(tenantId);
    if (saved && (await saved.catch(() => undefined)) === key) return;
    const indexName = this.indexName(tenantId);
    const saving = (async () => {
      const synonymHit = groups.map((synonyms, i) => ({
        objectID: `backlot-${i}`,
        type: 'synonym' as const,
        synonyms: [...synonyms],
      }));
      await this.published(
        indexName,
        (
          await this.client.saveSynonyms({
            indexName,
            synonymHit,
            forwardToReplicas: true,
            replaceExistingSynonyms: true,
          })
        ).taskID,
      );
      return key;
    })();
    this.savedSynonyms.set(tenantId, saving);
    saving.catch(() => this.savedSynonyms.get(tenantId) === saving && this.savedSynonyms.delete(tenantId));
    await saving;
  }

  /** Before a write (in order): the index and its replicas set up, faceting on every custom field the items carry. */
  private async prepare(tenantId: string, items: readonly Item[]): Promise<void> {
    const tenant = await this.tenant(tenantId);
    const fields = new Set(tenant.fields);
    for (const item of items)
      for (const field of Object.keys(item.customFields ?? {})) if (SLUG.test(field)) fields.add(field);
    if (tenant.configured && fields.size === tenant.fields.size) return;

    const primary = this.indexName(tenantId);
    const replicas = REPLICA_SORTS.map((sort) => this.indexName(tenantId, sort));
    const shared = sharedSettings([...fields]);
    // The replicas first (naming them creates them), then their settings, then the primary's own:
    // a primary with all its settings means everything before it was done, should a process stop midway.
    await this.published(
      primary,
      (await this.client.setSettings({ indexName: primary, indexSettings: { replicas } })).taskID,
    );
    await Promise.all(
      REPLICA_SORTS.map(async (sort) => {
        const indexName = this.indexName(tenantId, sort);
        const { ranking, customRanking } = REPLICAS[sort];
        await this.published(
          indexName,
          (await this.client.setSettings({ indexName, indexSettings: { ...shared, ranking, customRanking } })).taskID,
        );
      }),
    );
    await this.published(
      primary,
      (
        await this.client.setSettings({
          indexName: primary,
          indexSettings: { ...shared, ...PRIMARY_RANKING, replicas },
        })
      ).taskID,
    );
    tenant.exists = true;
    tenant.fields = fields;
    tenant.configured = true;
  }
}
