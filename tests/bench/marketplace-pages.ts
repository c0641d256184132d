/**
 * Marketplace page benchmark (figures, not assertions), on loopback, same run, against the shipped
 * tenants (aviation 383, london 36 and atlanta 66 items; the platform lists all 485):
 * - a filtered listing asked again and again (served from the page cache): the baseline;
 * - distinct filtered listings of one house (aviation) and of the platform (nearest first, from a
 *   place that changes with each request, every facet): each a search and a render, the platform's
 *   as a ratio of the house's (goal ≥ 0.5×);
 * - distinct dated listings (shoot dates that differ each time, "only what is free"): the house's as
 *   a ratio of the cached page (goal ≥ 0.1×) and the platform's (each house's stock on the dates)
 *   as a ratio of the house's (goal: within 2×, ≥ 0.5×).
 */
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';
import { distinctPages } from './distinct-pages';
import { fmt } from './figures';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const COLOURS = ['Blue', 'Red', 'Grey', 'Black', 'White', 'Beige', 'Silver', 'Gold'];
const SORTS = ['relevance', 'newest', 'price-asc', 'name'];
const PLACES = [
  '34.09,-118.33',
  '33.75,-84.39',
  '51.51,-0.13',
  '40.71,-74.01',
  '41.88,-87.63',
  '47.61,-122.33',
  '29.76,-95.37',
  '53.48,-2.24',
];
const today = todayIn('UTC', new Date());

const WORDS = ['', 'seat', 'cart', 'sign', 'light', 'stand', 'vintage', 'leather', 'chair', 'table'];
/** Addresses no cache has seen in a run (more than a run asks for), in an order that spreads them. */
const listingsOf = (groups: readonly string[]) =>
  WORDS.flatMap((word) =>
    groups.flatMap((group) =>
      COLOURS.flatMap((colour) =>
        SORTS.flatMap((sort) =>
          [1, 2, 3].map(
            (page) => `/rentals/${group}?${word ? `q=${word}&` : ''}color=${colour}&sort=${sort}&page=${page}`,
          ),
        ),
      ),
    ),
  );
const houseListings = listingsOf(['seats', 'set-dressing', 'studio-gear', 'aviation-sets']);
const platformListings = listingsOf(['furniture', 'props', 'studio-gear', 'sets']);
/** Shoot dates no cache has seen: a different start and length each time. */
const dated = (paths: readonly string[]) =>
  paths.flatMap((pathname, n) =>
    [3, 5, 8].map(
      (days) =>
        `${pathname.replace(/&page=\d+/, '')}&from=${addDays(today, 10 + (n % 200))}&to=${addDays(today, 10 + (n % 200) + days)}&available=1`,
    ),
  );

const distinct = (
  server: ServerProcess,
  host: string,
  addresses: readonly string[],
  cookieFor?: (n: number) => string,
) => distinctPages(server.url, host, addresses, { connections: 50, duration: DURATION, cookieFor });

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-marketplace-pages-'));
try {
  const server = await startServer({
    BACKLOT_TENANTS_DIR: tenantsDir,
    BACKLOT_DATA_DIR: path.join(scratch, '.data'),
    LOG_LEVEL: 'warn',
  });
  const cachedPath = '/rentals/seats?color=Blue&sort=price-asc';
  for (const [host, pathname] of [
    ['aviation.localhost', cachedPath],
    ['platform.localhost', '/rentals'],
  ] as const) {
    const answer = await http(`${server.url}${pathname}`, { headers: { host } });
    if (answer.status !== 200) throw new Error(`${host}${pathname} answered ${answer.status}`);
  }
  const place = (n: number) => `backlot_location=${encodeURIComponent(PLACES[n % PLACES.length]!)}`;
  const cached = await autocannon({
    url: `${server.url}${cachedPath}`,
    connections: 50,
    duration: DURATION,
    headers: { host: 'aviation.localhost' },
  });
  const house = await distinct(server, 'aviation.localhost', houseListings);
  const platform = await distinct(server, 'platform.localhost', platformListings, place);
  const houseDated = await distinct(server, 'aviation.localhost', dated(houseListings));
  const platformDated = await distinct(server, 'platform.localhost', dated(platformListings), place);
  await server.stop();
  for (const run of [cached, house, platform, houseDated, platformDated])
    if (run.non2xx) throw new Error(`${run.non2xx} non-2xx answers`);

  const line = (label: string, run: autocannon.Result, ratio?: { to: autocannon.Result; goal: string }) =>
    console.log(
      `  ${label.padEnd(58)} ${fmt(run.requests.average, 0).padStart(6)} req/s  p99 ${String(run.latency.p99).padStart(4)} ms${ratio ? `  → ${fmt(run.requests.average / ratio.to.requests.average)}× ${ratio.goal}` : ''}`,
    );
  console.log(`\nMarketplace pages (${DURATION} s per load, 50 connections, loopback, 2 cores shared with autocannon)`);
  line(`aviation ${cachedPath} (cached: the baseline)`, cached);
  line('aviation, distinct filtered listings', house, { to: cached, goal: '' });
  line('platform, distinct filtered listings, nearest first', platform, {
    to: house,
    goal: 'of the house’s (goal ≥ 0.5×)',
  });
  line('aviation, distinct dated listings (only what is free)', houseDated, {
    to: cached,
    goal: 'of the cached page (goal ≥ 0.1×)',
  });
  line('platform, distinct dated listings (each house’s stock)', platformDated, {
    to: houseDated,
    goal: 'of the house’s (goal ≥ 0.5×)',
  });
} finally {
  await rm(scratch, { recursive: true, force: true });
}
