/**
 * Search benchmark (figures, not assertions): the in-process SearchIndex on 50,000 generated items
 * (seeded, so every run searches the same catalogue), beside a plain linear scan over the array
 * answering the same queries in the same run (the ratio is the figure).
 *
 *   npx tsx --expose-gc tests/bench/search.ts    (heap measured after a full GC: the figure to quote)
 *   npx tsx tests/bench/search.ts                (no GC to call: the heap figure includes garbage)
 * BENCH_ITEMS and BENCH_QUERIES change the sizes (50,000 and 600).
 *
 * Prints the build time, the heap the index holds, and p50/p95/p99 latency per kind of query:
 * text only, text with 1–3 facet filters, browse (no text) with 0–3 filters, and deep pages.
 * Browse answers are checked against the scan's (totals and every facet count): they must agree.
 */
import { generateItem, pick, random, someFilters, typedText } from './catalogue-generator';
import { InProcessSearchIndex } from '../../server/search/engine/in-process-search';
import { priceBinOf, type SearchQuery, type SearchResult, type SearchSort } from '../../server/search/search-port';
import type { Item } from '../../schema/types.generated';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 50_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 600);
const TENANT = 'bench';

// ---------------------------------------------------------------------------------------------
// The query mix.

type Kind = 'text only' | 'text + filters' | 'browse + filters' | 'deep page';
const SORTS: SearchSort[] = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'];

function queryMix(count: number): Array<{ kind: Kind; query: SearchQuery }> {
  return Array.from({ length: count }, (_, i) => {
    const sort = i % 3 === 0 ? pick(SORTS) : 'relevance';
    switch (i % 4) {
      case 0:
        return { kind: 'text only' as const, query: { text: typedText(), filters: {}, sort, page: 0, perPage: 24 } };
      case 1:
        return {
          kind: 'text + filters' as const,
          query: { text: typedText(), filters: someFilters(1 + Math.floor(random() * 3)), sort, page: 0, perPage: 24 },
        };
      case 2:
        return {
          kind: 'browse + filters' as const,
          query: { filters: someFilters(Math.floor(random() * 4)), sort, page: 0, perPage: 24 },
        };
      default:
        return {
          kind: 'deep page' as const,
          query: {
            ...(random() < 0.5 && { text: typedText() }),
            filters: someFilters(Math.floor(random() * 2)),
            sort: pick(SORTS),
            page: 20 + Math.floor(random() * 60),
            perPage: 24,
          },
        };
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The baseline: a linear scan over the array per query, substring text match, the same facet rule.

type Answer = Pick<SearchResult, 'total' | 'hits' | 'facets'>;

function linearScan(items: readonly Item[]): (query: SearchQuery) => Answer {
  // Lowercased text is prepared once; preparing it per query would flatter the index.
  const haystacks = items.map((item) =>
    [
      item.name,
      item.description,
      ...(item.tags ?? []),
      item.category.group,
      item.category.category,
      item.category.subcategory,
      ...(item.colors ?? []),
    ]
      .join(' ')
      .toLowerCase(),
  );
  const valuesOf = (item: Item): Record<string, readonly string[]> => ({
    priceBin: [priceBinOf(item.rates.day)],
    vendors: [item.vendorId],
    tags: item.tags ?? [],
    colors: item.colors ?? [],
    ...Object.fromEntries(
      Object.entries(item.customFields ?? {}).map(([field, options]) => [`custom.${field}`, options ?? []]),
    ),
  });
  return (query) => {
    const { filters } = query;
    const words = (query.text ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const selections = Object.entries({
      priceBin: filters.priceBin,
      vendors: filters.vendors,
      tags: filters.tags,
      colors: filters.colors,
      ...Object.fromEntries(Object.entries(filters.custom ?? {}).map(([field, values]) => [`custom.${field}`, values])),
    })
      .filter((entry): entry is [string, string[]] => !!entry[1]?.length)
      .map(([key, values]) => [key, new Set(values)] as const);
    const counts = new Map<string, Map<string, number>>();
    const matches: Item[] = [];
    items.forEach((item, i) => {
      const category = filters.category;
      if (
        category &&
        (item.category.group !== category.group ||
          (category.category && item.category.category !== category.category) ||
          (category.subcategory && item.category.subcategory !== category.subcategory))
      )
        return;
      if (!words.every((word) => haystacks[i]!.includes(word))) return;
      const values = valuesOf(item);
      const failed = selections
        .filter(([key, selected]) => !(values[key] ?? []).some((value) => selected.has(value)))
        .map(([key]) => key);
      if (failed.length > 1) return;
      if (!failed.length) matches.push(item);
      for (const [key, list] of Object.entries(values)) {
        if (failed.length && failed[0] !== key) continue;
        const facet = counts.get(key) ?? counts.set(key, new Map()).get(key)!;
        for (const value of list) facet.set(value, (facet.get(value) ?? 0) + 1);
      }
    });
    const sort = query.sort ?? 'relevance';
    // Plain comparisons, as the index's: the figure is about scanning, not about collation.
    const byName = (a: Item, b: Item) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    const newest = (a: Item, b: Item) => (a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : 0);
    matches.sort(
      sort === 'name'
        ? byName
        : sort === 'price-asc'
          ? (a, b) => a.rates.day - b.rates.day
          : sort === 'price-desc'
            ? (a, b) => b.rates.day - a.rates.day
            : newest,
    );
    const facets = Object.fromEntries(
      [...counts].map(([key, values]) => [
        key,
        [...values].map(([value, count]) => ({ value, count, selected: false })),
      ]),
    ) as Answer['facets'];
    return {
      total: matches.length,
      hits: matches.slice(query.page * query.perPage, (query.page + 1) * query.perPage),
      facets,
    };
  };
}

/** Browse answers must match the scan's: the same total and the same non-zero count for every facet value. */
function agrees(index: Answer, scan: Answer): boolean {
  if (index.total !== scan.total) return false;
  const counted = (answer: Answer) =>
    JSON.stringify(
      Object.entries(answer.facets)
        .flatMap(([key, values]) =>
          values.filter((value) => value.count > 0).map((value) => `${key}=${value.value}:${value.count}`),
        )
        .sort(),
    );
  return counted(index) === counted(scan);
}

// ---------------------------------------------------------------------------------------------

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const heapMb = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
};

async function main(): Promise<void> {
  const items = Array.from({ length: ITEMS }, (_, i) => generateItem(i));
  const mix = queryMix(QUERIES);
  console.log(
    `${ITEMS.toLocaleString('en')} items, ${mix.length} queries, ${globalThis.gc ? 'heap after a full GC (--expose-gc)' : 'no --expose-gc: heap figures include garbage'}`,
  );

  const index = new InProcessSearchIndex();
  const heapBefore = heapMb();
  let started = performance.now();
  await index.replaceAll(TENANT, items);
  const buildMs = performance.now() - started;
  const heapIndex = heapMb() - heapBefore;
  started = performance.now();
  const scan = linearScan(items);
  const scanPrepMs = performance.now() - started;
  console.log(
    `index build ${buildMs.toFixed(0)} ms, index heap ${heapIndex.toFixed(1)} MB; scan preparation ${scanPrepMs.toFixed(0)} ms`,
  );

  // One untimed pass for the JIT, then the timed one, index and scan alternating per query.
  for (const { query } of mix) await index.search(TENANT, query);
  const timings = new Map<Kind | 'all', { index: number[]; scan: number[] }>(
    (['text only', 'text + filters', 'browse + filters', 'deep page', 'all'] as const).map((kind) => [
      kind,
      { index: [], scan: [] },
    ]),
  );
  let browse = 0;
  let agreeing = 0;
  for (const { kind, query } of mix) {
    let at = performance.now();
    const fromIndex = await index.search(TENANT, query);
    const indexMs = performance.now() - at;
    at = performance.now();
    const fromScan = scan(query);
    const scanMs = performance.now() - at;
    for (const key of [kind, 'all'] as const) {
      const entry = timings.get(key)!;
      entry.index.push(indexMs);
      entry.scan.push(scanMs);
    }
    if (!query.text) {
      browse++;
      if (agrees(fromIndex, fromScan)) agreeing++;
    }
  }

  const rows = [...timings].map(([kind, { index: indexed, scan: scanned }]) => ({
    queries: kind,
    n: indexed.length,
    'index p50': ms(percentile(indexed, 50)),
    'index p95': ms(percentile(indexed, 95)),
    'index p99': ms(percentile(indexed, 99)),
    'scan p50': ms(percentile(scanned, 50)),
    'scan p95': ms(percentile(scanned, 95)),
    'scan p99': ms(percentile(scanned, 99)),
    'scan/index p50': `${(percentile(scanned, 50) / percentile(indexed, 50)).toFixed(0)}×`,
  }));
  console.table(rows);
  console.log(`browse answers agreeing with the scan (total and every facet count): ${agreeing}/${browse}`);
  if (agreeing !== browse) process.exitCode = 1;

  // Writes: an upsert of an existing item and a removal, then a search that sees them.
  const writes: number[] = [];
  for (let i = 0; i < 200; i++) {
    const at = performance.now();
    await index.upsert(TENANT, { ...items[i * 7]!, name: `Renamed ${i}` });
    writes.push(performance.now() - at);
  }
  started = performance.now();
  await index.search(TENANT, { filters: {}, page: 0, perPage: 24 });
  console.log(
    `upsert p50 ${ms(percentile(writes, 50))}, p99 ${ms(percentile(writes, 99))}; first browse after 200 upserts ${ms(performance.now() - started)}`,
  );
}

await main();
