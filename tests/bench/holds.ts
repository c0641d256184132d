/**
 * Holds benchmark (run by `npm run bench`; figures, not assertions): a production browsing
 * aviation's storefront with its shoot dates set, every page a new address, on two servers side by
 * side: one whose house has 10,000 live holds (pencils, ranked by when they were placed) on 500 of
 * its items (BENCH_HOLDS, BENCH_HELD_ITEMS), and the same house with none. The pages are asked of
 * both in turn, one at a time, so the machine's noise falls on both alike. Goal: p95 with the holds
 * ≥ 0.7× as fast as without (the p95 without ÷ the p95 with).
 */
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';
import { fmt, percentile, seededRandom } from './figures';

const HOLDS = Number(process.env.BENCH_HOLDS ?? 10_000);
const HELD_ITEMS = Number(process.env.BENCH_HELD_ITEMS ?? 500);
const PAGES = Number(process.env.BENCH_PAGES ?? 400);
const today = todayIn('UTC', new Date());
const GROUPS = ['seats', 'set-dressing', 'studio-gear', 'aviation-sets'];

/** A house's folder, with `holds` pencils written straight into its bookings (placing them one by one would time the writes). */
async function houseWith(holds: number): Promise<{ tenants: string; data: string; items: number }> {
  const scratch = await mkdtemp(path.join(tmpdir(), `backlot-bench-holds-${holds}-`));
  const tenants = path.join(scratch, 'tenants');
  const data = path.join(scratch, '.data');
  await cp(path.join(tenantsDir, 'aviation'), path.join(tenants, 'aviation'), { recursive: true });
  const catalogue = JSON.parse(await readFile(path.join(tenants, 'aviation', 'catalogue.json'), 'utf8')) as {
    items: Array<{ objectID: string }>;
  };
  const objectIDs = catalogue.items.map((item) => item.objectID).slice(0, HELD_ITEMS);
  await mkdir(data, { recursive: true });
  const store = new SqliteQuoteRequestStore(path.join(data, 'quotes.sqlite'));
  const database = (store as unknown as { database: import('better-sqlite3').Database }).database;
  const insert = database.prepare(
    "INSERT INTO bookings (tenant_id, quote_id, object_id, quantity, first_day, last_day, kind, expires_on, out, reaches_to, held_at) VALUES ('aviation', ?, ?, 1, ?, ?, 'pencil', ?, 0, ?, ?)",
  );
  const random = seededRandom(11);
  database.transaction(() => {
    for (let n = 0; n < holds; n += 1) {
      const first = addDays(today, 3 + Math.floor(random() * 300));
      const last = addDays(first, 1 + Math.floor(random() * 10));
      const placed = new Date(Date.now() - Math.floor(random() * 14 * 86_400_000)).toISOString();
      insert.run(`hold-${n}`, objectIDs[n % objectIDs.length], first, last, addDays(today, 30), last, placed);
    }
  })();
  await store.close();
  return { tenants, data, items: objectIDs.length };
}

/** Addresses no page cache has seen: a group and shoot dates that differ each time. */
const listing = (n: number) => {
  const from = addDays(today, 3 + (n % 290));
  return `/rentals/${GROUPS[n % GROUPS.length]}?from=${from}&to=${addDays(from, 2 + (n % 9))}`;
};

async function timed(server: ServerProcess, pathname: string): Promise<number> {
  const started = process.hrtime.bigint();
  const page = await http(`${server.url}${pathname}`, { headers: { host: 'aviation.localhost' } });
  if (page.status !== 200) throw new Error(`${pathname} answered ${page.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const houses = await Promise.all([houseWith(0), houseWith(HOLDS)]);
const servers = await Promise.all(
  houses.map((house) =>
    startServer({ BACKLOT_TENANTS_DIR: house.tenants, BACKLOT_DATA_DIR: house.data }, [
      process.execPath,
      path.join(repoRoot, 'dist/server/main.js'),
    ]),
  ),
);
try {
  // Warm both (the first pages load the catalogue and the bookings).
  for (let n = 0; n < 20; n += 1) for (const server of servers) await timed(server, listing(100_000 + n));
  const times: [number[], number[]] = [[], []];
  for (let n = 0; n < PAGES; n += 1)
    for (const [index, server] of servers.entries()) times[index as 0 | 1].push(await timed(server, listing(n)));
  const [none, held] = times.map((series) => ({ p50: percentile(series, 50), p95: percentile(series, 95) }));
  console.log(
    `\nHolds: distinct dated listings on aviation, ${PAGES} pages each, one at a time, the two houses in turn`,
  );
  console.log(`  no holds (the baseline): p50 ${fmt(none!.p50, 1)} ms, p95 ${fmt(none!.p95, 1)} ms`);
  console.log(
    `  ${HOLDS.toLocaleString('en-US')} holds on ${houses[1]!.items} items: p50 ${fmt(held!.p50, 1)} ms, p95 ${fmt(held!.p95, 1)} ms → ${fmt(none!.p95 / held!.p95)}× as fast (goal ≥ 0.7×)`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(houses.map((house) => rm(path.dirname(house.tenants), { recursive: true, force: true })));
}
