/**
 * Catalogue page benchmark (run by `npm run bench`; figures, not assertions), on loopback, same
 * run, against the shipped tenants and their sample catalogues:
 * - a filtered listing (`/rentals/seats?color=Blue&sort=price-asc`) asked again and again: after
 *   the first render it is served from the page cache (keyed by query and catalogue version);
 * - a stream of distinct searches (`/search?q=…&color=…`, none asked twice): each one a search and a
 *   render;
 * each against @fastify/static serving the same bytes, the ratio being the figure.
 */
import autocannon from 'autocannon';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer } from '../helpers/server-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const HOST = 'aviation.localhost';
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const WORDS = ['seat', 'cart', 'sign', 'panel', 'window', 'galley', 'tweed', 'leather', 'cockpit', 'bin', 'light', 'stand', 'vintage', 'blue', 'exit', 'lav', 'bag', 'bunk', 'jet', 'cabin'];
const COLOURS = ['Blue', 'Red', 'Grey', 'Black', 'White', 'Beige', 'Silver', 'Gold'];

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-catalogue-'));
try {
  const backlot = await startServer({ BACKLOT_TENANTS_DIR: tenantsDir, BACKLOT_DATA_DIR: path.join(scratch, '.data'), LOG_LEVEL: 'warn' });
  const filteredPath = '/rentals/seats?color=Blue&sort=price-asc';
  const filtered = await http(`${backlot.url}${filteredPath}`, { headers: { host: HOST } });
  if (filtered.status !== 200) throw new Error(`GET ${filteredPath} answered ${filtered.status}`);
  const total = Number(/"total":(\d+)/.exec(filtered.text)?.[1] ?? 0);
  await writeFile(path.join(scratch, 'index.html'), filtered.text);

  const staticServer = await startServer({ STATIC_DIR: scratch }, [process.execPath, path.join(repoRoot, 'tests/bench/static-fastify.mjs')]);
  const staticRun = await autocannon({ url: `${staticServer.url}/`, connections: 50, duration: DURATION });
  await staticServer.stop();

  const cachedRun = await autocannon({ url: `${backlot.url}${filteredPath}`, connections: 50, duration: DURATION, headers: { host: HOST } });
  // Distinct searches: word × colour × sort × price bin × page (16,800 addresses, more than a run
  // asks for), in order, so none is served from the page cache.
  const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'];
  const BINS = ['', 'under-50', '50-100', '100-250', '250-500', '500-1000', '1000-plus'];
  const searches = WORDS.flatMap((word) =>
    COLOURS.flatMap((colour) => SORTS.flatMap((sort) => BINS.flatMap((bin) => [1, 2, 3].map((page) => `/search?q=${word}&color=${colour}&sort=${sort}${bin ? `&price=${bin}` : ''}&page=${page}`)))),
  );
  let next = 0;
  const searchRun = await autocannon({
    url: backlot.url,
    connections: 50,
    duration: DURATION,
    headers: { host: HOST },
    requests: [{ setupRequest: (request) => ({ ...request, path: searches[next++ % searches.length]! }) }],
  });
  await backlot.stop();
  for (const run of [cachedRun, searchRun]) if (run.non2xx) throw new Error(`${run.non2xx} non-2xx answers from the storefront`);

  const baseline = staticRun.requests.average;
  console.log(`\nCatalogue pages (${DURATION} s per load, 50 connections, loopback, 2 cores shared with autocannon; ${fmt(filtered.text.length / 1024, 1)} KB page, ${total} matches)`);
  console.log(`  @fastify/static, same bytes             ${fmt(baseline)} req/s (baseline)`);
  console.log(`  SSR ${filteredPath} (cached)   ${fmt(cachedRun.requests.average)} req/s  p99 ${cachedRun.latency.p99} ms  → ${fmt(cachedRun.requests.average / baseline, 2)}×`);
  console.log(`  SSR distinct searches (search + render)  ${fmt(searchRun.requests.average)} req/s  p99 ${searchRun.latency.p99} ms  → ${fmt(searchRun.requests.average / baseline, 2)}×`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
