/**
 * Catalogue page benchmark (run by `npm run bench`; figures, not assertions), on loopback, same
 * run, against the shipped tenants and their sample catalogues. The baseline is bare Fastify
 * sending the same bytes from memory (tests/bench/bare-fastify.mjs), what a page can cost at best:
 * - `/` of aviation, served from the page cache (goal ≥ 0.8×);
 * - a filtered listing (`/rentals/seats?color=Blue&sort=price-asc`) asked again and again: after
 *   the first render it is served from the page cache (keyed by query and catalogue version);
 * - distinct searches (`/search?q=…&color=…&sort=…&price=…&page=…`, none asked twice) and distinct
 *   filtered listings (`/rentals/<group>?color=…&sort=…&price=…&page=…`): each a search and a
 *   render (goal ≥ 0.1×);
 * - distinct searches asked as browsers ask (Accept-Encoding: br, gzip), each compressed once;
 * - one uncached page at a time (distinct searches, one after another): p50 and p95 (goal p95 ≤ 8 ms).
 */
import autocannon from 'autocannon';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';
import { askInTurn } from './figures';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const HOST = 'aviation.localhost';
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const WORDS = [
  'seat',
  'cart',
  'sign',
  'panel',
  'window',
  'galley',
  'tweed',
  'leather',
  'cockpit',
  'bin',
  'light',
  'stand',
  'vintage',
  'blue',
  'exit',
  'lav',
  'bag',
  'bunk',
  'jet',
  'cabin',
];
const COLOURS = ['Blue', 'Red', 'Grey', 'Black', 'White', 'Beige', 'Silver', 'Gold'];
const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'];
const BINS = ['', 'under-50', '50-100', '100-250', '250-500', '500-1000', '1000-plus'];
const GROUPS = ['aviation-sets', 'seats', 'set-dressing', 'studio-gear', 'locations'];
// Addresses no cache has seen (more than a run asks for), in order.
const searches = WORDS.flatMap((word) =>
  COLOURS.flatMap((colour) =>
    SORTS.flatMap((sort) =>
      BINS.flatMap((bin) =>
        [1, 2, 3].map(
          (page) => `/search?q=${word}&color=${colour}&sort=${sort}${bin ? `&price=${bin}` : ''}&page=${page}`,
        ),
      ),
    ),
  ),
);
const listings = GROUPS.flatMap((group) =>
  COLOURS.flatMap((colour) =>
    SORTS.flatMap((sort) =>
      BINS.flatMap((bin) =>
        [1, 2, 3, 4].map(
          (page) => `/rentals/${group}?color=${colour}&sort=${sort}${bin ? `&price=${bin}` : ''}&page=${page}`,
        ),
      ),
    ),
  ),
);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** Bare Fastify sending `body` from memory, as fast as a page of that size can be served here. */
async function bare(body: string): Promise<number> {
  const file = path.join(scratch, `bare-${body.length}.html`);
  await writeFile(file, body);
  const server = await startServer({ BODY_FILE: file }, [
    process.execPath,
    path.join(repoRoot, 'tests/bench/bare-fastify.mjs'),
  ]);
  try {
    return (await autocannon({ url: `${server.url}/`, connections: 50, duration: DURATION })).requests.average;
  } finally {
    await server.stop();
  }
}

const distinct = (server: ServerProcess, addresses: string[], offset = 0, headers: Record<string, string> = {}) =>
  askInTurn(server.url, addresses, {
    connections: 50,
    duration: DURATION,
    headers: { host: HOST, ...headers },
    offset,
  });

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-catalogue-'));
try {
  const backlot = await startServer({
    BACKLOT_TENANTS_DIR: tenantsDir,
    BACKLOT_DATA_DIR: path.join(scratch, '.data'),
    LOG_LEVEL: 'warn',
  });
  const filteredPath = '/rentals/seats?color=Blue&sort=price-asc';
  const [home, filtered, search] = await Promise.all(
    ['/', filteredPath, searches[0]!].map((pathname) => http(`${backlot.url}${pathname}`, { headers: { host: HOST } })),
  );
  for (const answer of [home, filtered, search])
    if (answer!.status !== 200) throw new Error(`a page answered ${answer!.status}`);

  const homeRun = await autocannon({
    url: `${backlot.url}/`,
    connections: 50,
    duration: DURATION,
    headers: { host: HOST },
  });
  const cachedRun = await autocannon({
    url: `${backlot.url}${filteredPath}`,
    connections: 50,
    duration: DURATION,
    headers: { host: HOST },
  });
  const searchRun = await distinct(backlot, searches, 1);
  const listingRun = await distinct(backlot, listings);
  // As browsers ask: compressed (each page compressed once, as it is sent).
  const brotliRun = await distinct(backlot, searches, 6_000, { 'accept-encoding': 'br, gzip' });
  // One at a time, from where the runs above stopped (so none was seen before).
  const single: number[] = [];
  for (let n = 0; n < 300; n++) {
    const started = performance.now();
    const answer = await http(`${backlot.url}${searches[searches.length - 1 - n]!}`, { headers: { host: HOST } });
    single.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`a search answered ${answer.status}`);
  }
  await backlot.stop();
  for (const run of [homeRun, cachedRun, searchRun, listingRun, brotliRun])
    if (run.non2xx) throw new Error(`${run.non2xx} non-2xx answers from the storefront`);

  const [homeBaseline, pageBaseline] = [await bare(home!.text), await bare(search!.text)];
  const line = (label: string, run: autocannon.Result, baseline: number, goal: string) =>
    console.log(
      `  ${label.padEnd(52)} ${fmt(run.requests.average).padStart(6)} req/s  p99 ${String(run.latency.p99).padStart(4)} ms  → ${fmt(run.requests.average / baseline, 2)}× ${goal}`,
    );
  console.log(`\nCatalogue pages (${DURATION} s per load, 50 connections, loopback, 2 cores shared with autocannon)`);
  console.log(
    `  bare Fastify, the home page's ${fmt(home!.text.length / 1024, 1)} KB from memory        ${fmt(homeBaseline).padStart(6)} req/s (baseline)`,
  );
  line('SSR / (cached)', homeRun, homeBaseline, '(goal ≥ 0.8×)');
  console.log(
    `  bare Fastify, a search page's ${fmt(search!.text.length / 1024, 1)} KB from memory        ${fmt(pageBaseline).padStart(6)} req/s (baseline)`,
  );
  line(`SSR ${filteredPath} (cached)`, cachedRun, pageBaseline, '');
  line('SSR distinct searches (search + render)', searchRun, pageBaseline, '(goal ≥ 0.1×)');
  line('SSR distinct filtered listings (search + render)', listingRun, pageBaseline, '(goal ≥ 0.1×)');
  line('SSR distinct searches, Brotli as browsers ask', brotliRun, pageBaseline, '');
  console.log(
    `  one uncached page at a time: p50 ${fmt(percentile(single, 50), 1)} ms, p95 ${fmt(percentile(single, 95), 1)} ms (goal p95 ≤ 8 ms)`,
  );
} finally {
  await rm(scratch, { recursive: true, force: true });
}
