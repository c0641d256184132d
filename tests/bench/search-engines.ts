/**
 * The embedded search engine against a library (issue 51, point 5; figures, not assertions): the
 * in-process engine (server/search) and Orama (@orama/orama), same data, same queries, same run.
 * One house of 5,000 generated items and the platform of 50 × 5,000 listings; for each engine and
 * each index: build time, memory held (heap and typed arrays after a full GC), search p95 asked
 * again and as the first search after a write (one item written before each), and throughput.
 * Goals from the issue: the platform's p95 ≤ 15 ms, a house's ≤ 5 ms, memory within 2× of the
 * engine's.
 *
 * Orama is asked what the port asks, as the Algolia adapter asks a hosted engine: text (prefix,
 * one typo), the filters (OR within a facet, AND across), each facet counted as if its own
 * selection were not made (one more search per selected facet), the platform's nearest first
 * (a custom sort on the distance), a page of 24. What it answers is not checked against the
 * port's contract here: this measures the cost of asking.
 *
 *   npx tsx --expose-gc tests/bench/search-engines.ts
 * BENCH_HOUSES, BENCH_ITEMS_PER_HOUSE and BENCH_QUERIES change the sizes (50, 5,000, 40: Orama takes
 * seconds a search on the platform, so the whole run takes about five minutes).
 */
import { create, insertMultiple, insert, remove, search, type AnyOrama } from '@orama/orama';
import { listingOf } from '../../schema/marketplace/listings';
import { priceBinValue, type SearchQuery } from '../../schema/catalogue-search';
import type { Item } from '../../schema/types.generated';
import { InProcessSearchIndex } from '../../server/search/engine/in-process-search';
import { benchHouses, generateItem, random, someFilters, typedText } from './catalogue-generator';
import { fmt, memoryMb, percentile } from './figures';

const HOUSES = Number(process.env.BENCH_HOUSES ?? 50);
const PER_HOUSE = Number(process.env.BENCH_ITEMS_PER_HOUSE ?? 5_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 40);

/** Heap and typed arrays together, MB (after a full GC with --expose-gc). */
const heldMb = () => {
  const { heap, buffers } = memoryMb();
  return heap + buffers;
};

const FACETS = ['priceBin', 'vendors', 'tags', 'colors', 'eras', 'styles', 'rooms'] as const;
type Facet = (typeof FACETS)[number];

const SCHEMA = {
  name: 'string',
  text: 'string',
  group: 'string',
  category: 'string',
  priceBin: 'string',
  vendors: 'string',
  tags: 'string[]',
  colors: 'string[]',
  eras: 'string[]',
  styles: 'string[]',
  rooms: 'string[]',
  day: 'number',
  created: 'number',
  lat: 'number',
  lng: 'number',
} as const;

/** An item as Orama keeps it: the fields the port searches, filters, counts and sorts by. */
function documentOf(item: Item) {
  const listing = item as Item & { house?: { id: string; currency?: string }; _geoloc?: { lat: number; lng: number } };
  return {
    id: item.objectID,
    name: item.name,
    text: [item.description ?? '', ...(item.tags ?? []), ...(item.colors ?? [])].join(' '),
    group: item.category.group,
    category: `${item.category.group}/${item.category.category}`,
    priceBin: priceBinValue(item.rates.day, listing.house?.currency),
    vendors: listing.house?.id ?? item.vendorId,
    tags: item.tags ?? [],
    colors: item.colors ?? [],
    eras: (item.customFields?.eras as string[] | undefined) ?? [],
    styles: (item.customFields?.styles as string[] | undefined) ?? [],
    rooms: (item.customFields?.rooms as string[] | undefined) ?? [],
    day: item.rates.day,
    created: Date.parse(item.createdAt ?? '2024-01-01'),
    lat: listing._geoloc?.lat ?? 0,
    lng: listing._geoloc?.lng ?? 0,
  };
}

/** The selections of a query as Orama's `where`, leaving out one facet's (for that facet's counts). */
function whereOf(query: SearchQuery, without?: Facet): Record<string, unknown> {
  const { filters } = query;
  const where: Record<string, unknown> = {};
  if (filters.category)
    if (filters.category.category) where.category = `${filters.category.group}/${filters.category.category}`;
    else where.group = filters.category.group;
  const selected: Record<Facet, readonly string[] | undefined> = {
    priceBin: filters.priceBin,
    vendors: filters.vendors,
    tags: filters.tags,
    colors: filters.colors,
    eras: filters.custom?.eras,
    styles: filters.custom?.styles,
    rooms: filters.custom?.rooms,
  };
  for (const facet of FACETS) if (facet !== without && selected[facet]?.length) where[facet] = [...selected[facet]];
  return where;
}

const selectedFacets = (query: SearchQuery) => FACETS.filter((facet) => whereOf(query)[facet] !== undefined);
const squared = (a: number) => a * a;

/** One tenant's Orama database, asked as the port asks. */
class OramaTenant {
  readonly db: AnyOrama = create({ schema: SCHEMA });

  async search(query: SearchQuery): Promise<{ total: number; hits: string[] }> {
    const text = query.text?.trim();
    const near = query.near;
    const base = {
      ...(text && { term: text, properties: ['name', 'text'], tolerance: 1 }),
      where: whereOf(query),
    };
    const unselected = FACETS.filter((facet) => !selectedFacets(query).includes(facet));
    const main = await search(this.db, {
      ...base,
      limit: query.perPage,
      offset: query.page * query.perPage,
      facets: Object.fromEntries(unselected.map((facet) => [facet, { limit: 1000 }])),
      ...(near
        ? {
            sortBy: (
              a: [unknown, number, { lat: number; lng: number }],
              b: [unknown, number, { lat: number; lng: number }],
            ) =>
              squared(a[2].lat - near.lat) +
              squared(a[2].lng - near.lng) -
              squared(b[2].lat - near.lat) -
              squared(b[2].lng - near.lng),
          }
        : !text && { sortBy: { property: 'created', order: 'DESC' as const } }),
    } as never);
    // OR within a facet: each selected facet counted without its own selection, one search each.
    for (const facet of selectedFacets(query))
      await search(this.db, {
        ...base,
        where: whereOf(query, facet),
        limit: 0,
        facets: { [facet]: { limit: 1000 } },
      } as never);
    return { total: main.count, hits: main.hits.map((hit) => hit.id) };
  }
}

function visitorQueries(count: number, platform: boolean): SearchQuery[] {
  return Array.from({ length: count }, (_, index) => ({
    ...(index % 2 === 0 && { text: typedText() }),
    filters: someFilters(Math.floor(random() * 4)),
    ...(platform && {
      sort: 'nearest' as const,
      near: index % 5 === 4 ? { lat: 51.5, lng: -0.13 } : { lat: 30 + random() * 15, lng: -120 + random() * 45 },
    }),
    page: index % 7 === 6 ? 1 + Math.floor(random() * 10) : 0,
    perPage: 24,
  }));
}

interface Engine {
  name: string;
  load(tenant: string, items: Item[]): Promise<void>;
  write(tenant: string, item: Item): Promise<void>;
  ask(tenant: string, query: SearchQuery): Promise<unknown>;
}

function inProcess(): Engine {
  const index = new InProcessSearchIndex();
  return {
    name: 'in-process engine',
    load: (tenant, items) => index.replaceAll(tenant, items),
    write: (tenant, item) => index.upsert(tenant, item),
    ask: (tenant, query) => index.search(tenant, query),
  };
}

function orama(): Engine {
  const tenants = new Map<string, OramaTenant>();
  return {
    name: 'Orama 3.1.18',
    load: async (tenant, items) => {
      const made = new OramaTenant();
      await insertMultiple(made.db, items.map(documentOf), 5_000);
      tenants.set(tenant, made);
    },
    write: async (tenant, item) => {
      const { db } = tenants.get(tenant)!;
      await remove(db, item.objectID);
      await insert(db, documentOf(item));
    },
    ask: (tenant, query) => tenants.get(tenant)!.search(query),
  };
}

async function timed(engine: Engine, tenant: string, queries: readonly SearchQuery[], written?: Item[]) {
  const times: number[] = [];
  const started = performance.now();
  for (const [index, query] of queries.entries()) {
    if (written) await engine.write(tenant, written[index % written.length]!);
    const before = performance.now();
    await engine.ask(tenant, query);
    times.push(performance.now() - before);
  }
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    perSecond: (queries.length * 1000) / (performance.now() - started),
  };
}

const houseItems = Array.from({ length: PER_HOUSE }, (_, index) => generateItem(index));
const listings: Item[] = [];
let serial = PER_HOUSE;
for (const house of benchHouses(HOUSES))
  for (let i = 0; i < PER_HOUSE; i++)
    listings.push(listingOf(generateItem(serial++), house, { groups: [] }, undefined));
const houseQueries = visitorQueries(QUERIES, false);
const platformQueries = visitorQueries(QUERIES, true);

console.log(
  `Search engines: one house of ${PER_HOUSE.toLocaleString('en')} items, the platform of ${HOUSES} × ${PER_HOUSE.toLocaleString('en')} = ${listings.length.toLocaleString('en')} listings; ${QUERIES} queries each${globalThis.gc ? '' : ' (run with --expose-gc for memory)'}`,
);
const figures: Record<string, Record<string, number>> = {};
for (const make of [inProcess, orama]) {
  const engine = make();
  const before = heldMb();
  let started = performance.now();
  await engine.load('house', houseItems);
  const houseBuild = performance.now() - started;
  const houseMemory = heldMb() - before;
  started = performance.now();
  await engine.load('platform', listings);
  const platformBuild = performance.now() - started;
  const platformMemory = heldMb() - before - houseMemory;
  await timed(engine, 'house', houseQueries.slice(0, 20));
  await timed(engine, 'platform', platformQueries.slice(0, 20));
  const house = await timed(engine, 'house', houseQueries);
  const platform = await timed(engine, 'platform', platformQueries);
  const houseWritten = await timed(engine, 'house', houseQueries, houseItems.slice(0, 50));
  const platformWritten = await timed(engine, 'platform', platformQueries, listings.slice(0, 50));
  figures[engine.name] = { platformMemory, platformP95: platform.p95, houseP95: house.p95 };
  console.log(`\n${engine.name}`);
  console.log(
    `  build: house ${fmt(houseBuild / 1000)} s, platform ${fmt(platformBuild / 1000)} s; memory: house ${fmt(houseMemory, 0)} MB, platform ${fmt(platformMemory, 0)} MB`,
  );
  for (const [label, run] of [
    ['house, asked again', house],
    ['house, first after a write', houseWritten],
    ['platform, asked again', platform],
    ['platform, first after a write', platformWritten],
  ] as const)
    console.log(
      `  ${label}: p50 ${fmt(run.p50)} ms, p95 ${fmt(run.p95)} ms, ${fmt(run.perSecond, run.perSecond < 10 ? 2 : 0)} searches/s`,
    );
}
const [engine, library] = Object.values(figures) as [Record<string, number>, Record<string, number>];
console.log(
  `\nOrama against the engine: platform memory ${fmt(library.platformMemory! / engine.platformMemory!)}× (goal ≤ 2×), platform p95 ${fmt(library.platformP95!)} ms (goal ≤ 15), house p95 ${fmt(library.houseP95!)} ms (goal ≤ 5)`,
);
