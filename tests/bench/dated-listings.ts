/**
 * Dated listings benchmark (run by `npm run bench`; figures, not assertions): a production browsing
 * aviation's storefront with its shoot dates set, every page a new address, on a house with a
 * year of bookings (BENCH_BOOKINGS, default 20,000 over its 383 items, one in four a pencil),
 * SSR over HTTP on the embedded defaults. Baseline, same run: the undated listing served from the
 * page cache. Goal: distinct dated listings ≥ 0.1× of it, with and without "only what is free".
 */
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer } from '../helpers/server-process';
import { askInTurn, fmt, seededRandom, spreadBookings } from './figures';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 20_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const today = todayIn('UTC', new Date());
const GROUPS = ['seats', 'set-dressing', 'studio-gear', 'aviation-sets'];
const SORTS = ['relevance', 'newest', 'price-asc', 'name'];

/** Addresses no cache has seen in a run: a group, a sort and shoot dates that differ each time. */
const datedListings = (availableOnly: boolean) =>
  Array.from({ length: 20_000 }, (_, n) => {
    const from = addDays(today, 3 + (n % 300));
    const to = addDays(from, 2 + (Math.floor(n / 300) % 12));
    const group = GROUPS[n % GROUPS.length]!;
    const sort = SORTS[Math.floor(n / GROUPS.length) % SORTS.length]!;
    return `/rentals/${group}?sort=${sort}&from=${from}&to=${to}${availableOnly ? '&available=1' : ''}`;
  });

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-dated-'));
try {
  const tenants = path.join(scratch, 'tenants');
  const data = path.join(scratch, '.data');
  await cp(path.join(tenantsDir, 'aviation'), path.join(tenants, 'aviation'), { recursive: true });
  const catalogue = JSON.parse(await readFile(path.join(tenants, 'aviation', 'catalogue.json'), 'utf8')) as {
    items: Array<{ objectID: string }>;
  };
  const objectIDs = catalogue.items.map((item) => item.objectID);
  await mkdir(data, { recursive: true });
  // Written straight into the store's bookings table: 20,000 placements through change() would time the writes.
  const store = new SqliteQuoteRequestStore(path.join(data, 'quotes.sqlite'));
  const database = (store as unknown as { database: import('better-sqlite3').Database }).database;
  const insert = database.prepare(
    'INSERT INTO bookings (tenant_id, quote_id, object_id, quantity, first_day, last_day, kind, expires_on, out, reaches_to) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 0, ?)',
  );
  const bookings = spreadBookings(BOOKINGS, objectIDs.length, seededRandom(7), today);
  database.transaction(() =>
    bookings.forEach((booking, index) =>
      insert.run(
        'aviation',
        `${booking.quoteId}-${index}`,
        objectIDs[Number(booking.objectID.slice('item-'.length))],
        booking.quantity,
        booking.firstDay,
        booking.lastDay,
        booking.kind,
        booking.lastDay,
      ),
    ),
  )();
  await store.close();

  // BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_PROFILE;
  const server = await startServer({ BACKLOT_TENANTS_DIR: tenants, BACKLOT_DATA_DIR: data }, [
    process.execPath,
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    path.join(repoRoot, 'dist/server/main.js'),
  ]);
  try {
    const run = async (paths: readonly string[]) => {
      const result = await askInTurn(server.url, paths, {
        connections: 20,
        duration: DURATION,
        headers: { host: 'aviation.localhost' },
      });
      if (result.non2xx) throw new Error(`${result.non2xx} answers were not 2xx`);
      return result.requests.average;
    };
    const sample = datedListings(true)[0]!;
    const page = await http(`${server.url}${sample}`, { headers: { host: 'aviation.localhost' } });
    if (page.status !== 200) throw new Error(`${sample} answered ${page.status}`);
    const cached = await run(['/rentals/seats?sort=price-asc']);
    const dated = await run(datedListings(false));
    const free = await run(datedListings(true));
    console.log(
      `\nDated listings: aviation, ${BOOKINGS.toLocaleString('en-US')} bookings over a year (${DURATION} s per load, 20 connections)`,
    );
    console.log(`  /rentals/seats, kept (the baseline): ${fmt(cached, 0)} req/s`);
    console.log(`  distinct dated listings: ${fmt(dated, 0)} req/s → ${fmt(dated / cached)}× (goal ≥ 0.1×)`);
    console.log(
      `  distinct dated listings, only what is free: ${fmt(free, 0)} req/s → ${fmt(free / cached)}× (goal ≥ 0.1×)`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
