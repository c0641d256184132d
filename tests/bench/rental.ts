/**
 * Rental workflow benchmark (run by `npm run bench`; figures, not assertions), same run:
 * - Availability for a listing page: 24 items over a 10-day range, in-process, out of 50,000 items
 *   and 100,000 bookings spread over a year, on the SQLite store (the embedded default) and on the
 *   official Firestore emulator (per-item ledgers, answered from the listener-fed copy; a read of
 *   the same 24 ledgers by id is printed beside it; BENCH_FIRESTORE=0 skips it). Baseline: reading
 *   the same 24 items' stock from the SQLite item store, what the listing already does.
 *   Goal: p95 ≤ 5 ms in-process, on both stores.
 * - Pricing: 1,000 quotes of 20 lines each through schema/rental/quote-pricing.ts; p95 per quote, with
 *   JSON.stringify of the same breakdown as the baseline.
 * - A listing with shoot dates set (kept by the page cache while the tenant's bookings version
 *   holds: any hold, order, scan or unit move makes a new one) against the same listing without
 *   them (kept), and 300 ranges in turn, SSR over HTTP with autocannon. Goal: ≥ 0.3× of the kept
 *   page. (A like-for-like uncached listing without dates cannot be asked for: the cache keeps it
 *   from its second ask; the availability's own share is the first figure above.)
 */
import { askInTurn, fmt, percentile, seededRandom, spreadBookings } from './figures';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookingWindow, freeOver, type Booking } from '../../schema/rental/availability';
import { priceQuote, pricingRuleOf } from '../../schema/rental/quote-pricing';
import { addDays } from '../../schema/rental/quote-rules';
import type { Item } from '../../schema/types.generated';
import { SqliteItemStore } from '../../server/stores/sqlite-item-store';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import type { QuoteRequestStore } from '../../server/stores/quote-request-store';
import { sampleItem } from '../contract/item-store.contract';
import { tenantsDir } from '../helpers/paths';
import { startServer } from '../helpers/server-process';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 50_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const ROUNDS = 400;
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const TODAY = '2027-01-01';
const random = seededRandom(42);
const pick = (n: number) => Math.floor(random() * n);

const objectID = (index: number) => `item-${index}`;
const stockOf = (index: number) => 1 + (index % 7);

const bookingsFor = (count: number) => spreadBookings(count, ITEMS, random, TODAY);

async function timeAvailability(store: QuoteRequestStore, label: string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ids = Array.from({ length: 24 }, () => pick(ITEMS));
    const from = addDays(TODAY, pick(340));
    const to = addDays(from, 9);
    const started = performance.now();
    const window = bookingWindow(from, to, 1);
    const booked = await store.bookings('bench', ids.map(objectID), window.from, window.to);
    const byItem = new Map<string, Booking[]>();
    for (const booking of booked) byItem.set(booking.objectID, [...(byItem.get(booking.objectID) ?? []), booking]);
    for (const id of ids) freeOver(stockOf(id), byItem.get(objectID(id)) ?? [], from, to, 1, TODAY);
    times.push(performance.now() - started);
  }
  console.log(`  ${label}: p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms`);
  return times;
}

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-rental-'));
try {
  console.log(
    `Availability: 24 items × 10 days, out of ${ITEMS.toLocaleString('en-US')} items and ${BOOKINGS.toLocaleString('en-US')} bookings`,
  );
  const bookings = bookingsFor(BOOKINGS);

  // Baseline: the same 24 items read from the SQLite item store.
  const items = new SqliteItemStore(path.join(scratch, 'items.sqlite'));
  const all: Item[] = Array.from({ length: ITEMS }, (_, index) =>
    sampleItem(objectID(index), { vendorId: 'bench', quantity: stockOf(index) }),
  );
  await items.putMany('bench', all);
  const baseline: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const ids = Array.from({ length: 24 }, () => objectID(pick(ITEMS)));
    const started = performance.now();
    await items.getMany('bench', ids);
    baseline.push(performance.now() - started);
  }
  console.log(
    `  baseline, 24 items' stock from SQLite: p50 ${fmt(percentile(baseline, 50))} ms, p95 ${fmt(percentile(baseline, 95))} ms`,
  );
  await items.close();

  const sqlite = new SqliteQuoteRequestStore(path.join(scratch, 'quotes.sqlite'));
  // Written straight into the bookings table: 100,000 placements through change() would time the writes, not the reads.
  const database = (sqlite as unknown as { database: import('better-sqlite3').Database }).database;
  const insert = database.prepare(
    'INSERT INTO bookings (tenant_id, quote_id, object_id, quantity, first_day, last_day, kind, expires_on) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
  );
  database.transaction(() =>
    bookings.forEach((booking, index) =>
      insert.run(
        'bench',
        `${booking.quoteId}-${index}`,
        booking.objectID,
        booking.quantity,
        booking.firstDay,
        booking.lastDay,
        booking.kind,
      ),
    ),
  )();
  const onSqlite = await timeAvailability(sqlite, 'SQLite');
  console.log(`  SQLite against the baseline: p95 ${fmt(percentile(onSqlite, 95) / percentile(baseline, 95))}×`);
  await sqlite.close();

  if (process.env.BENCH_FIRESTORE !== '0') {
    const { startFirestoreEmulator } = await import('../helpers/firestore-emulator');
    const emulator = await startFirestoreEmulator();
    try {
      process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
      const { initializeApp, deleteApp } = await import('firebase-admin/app');
      const { getFirestore } = await import('firebase-admin/firestore');
      const { FirestoreQuoteRequestStore } = await import('../../server/stores/firestore-quote-request-store');
      const app = initializeApp({ projectId: 'backlot-bench' }, 'bench-rental');
      const firestore = getFirestore(app);
      const ledgers = new Map<string, Booking[]>();
      for (const booking of bookings)
        ledgers.set(booking.objectID, [...(ledgers.get(booking.objectID) ?? []), booking]);
      const entries = [...ledgers];
      const started = performance.now();
      for (let at = 0; at < entries.length; at += 400) {
        const batch = firestore.batch();
        for (const [id, list] of entries.slice(at, at + 400))
          batch.set(firestore.doc(`vendors/bench/bookings/${id}`), {
            entries: list,
            until: list.reduce((last, entry) => (entry.lastDay > last ? entry.lastDay : last), ''),
          });
        await batch.commit();
      }
      console.log(
        `  (${entries.length.toLocaleString('en-US')} ledgers written to the emulator in ${fmt((performance.now() - started) / 1000, 1)} s)`,
      );
      const store = new FirestoreQuoteRequestStore(firestore, { onClose: () => deleteApp(app) });
      // The store answers from this process's copy of the ledgers, which its listener loads on the first read.
      const loading = performance.now();
      await store.bookings('bench', [objectID(0)], TODAY, TODAY);
      console.log(
        `  (this server's copy of the ledgers loaded by its listener in ${fmt((performance.now() - loading) / 1000, 1)} s)`,
      );
      const onFirestore = await timeAvailability(store, 'Firestore, from the listener-fed copy');
      console.log(
        `  Firestore against the baseline: p95 ${fmt(percentile(onFirestore, 95) / percentile(baseline, 95))}×`,
      );
      // For comparison, one round trip per page: the 24 ledgers read by id from the emulator (loopback gRPC).
      const direct: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        await firestore.getAll(
          ...Array.from({ length: 24 }, () => firestore.doc(`vendors/bench/bookings/${objectID(pick(ITEMS))}`)),
        );
        direct.push(performance.now() - started);
      }
      console.log(
        `  (24 ledgers read by id from the emulator, per page: p50 ${fmt(percentile(direct, 50))} ms, p95 ${fmt(percentile(direct, 95))} ms)`,
      );
      await store.close();
    } finally {
      emulator.stop();
    }
  }

  console.log('\nPricing: 1,000 quotes of 20 lines');
  const rule = pricingRuleOf(
    { weeklyDiscounts: [0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.75] },
    { ccAuthEnabled: true, ccAuthProcessingPercentage: 5 },
  );
  const quotes = Array.from({ length: 1000 }, () => {
    const startDate = addDays(TODAY, pick(300));
    return {
      startDate,
      endDate: addDays(startDate, pick(40)),
      lines: Array.from({ length: 20 }, (_, line) => ({
        objectID: `line-${line}`,
        name: `Line ${line}`,
        quantity: 1 + pick(6),
        dayRate: 10 + pick(500),
        ...(line % 2 ? { weekRate: 30 + pick(1200) } : {}),
        glCode: '4100',
        ...(line % 5 === 0 ? { adjustment: { amount: -5, reason: 'Regular' } } : {}),
      })),
    };
  });
  const priced: number[] = [];
  const serialised: number[] = [];
  const totalStarted = performance.now();
  for (const quote of quotes) {
    const started = performance.now();
    const breakdown = priceQuote(quote, rule);
    priced.push(performance.now() - started);
    const again = performance.now();
    JSON.stringify(breakdown);
    serialised.push(performance.now() - again);
  }
  console.log(
    `  all 1,000: ${fmt(performance.now() - totalStarted)} ms; per quote p50 ${fmt(percentile(priced, 50), 3)} ms, p95 ${fmt(percentile(priced, 95), 3)} ms`,
  );
  console.log(
    `  baseline, JSON.stringify of the breakdown: p95 ${fmt(percentile(serialised, 95), 3)} ms (pricing ${fmt(percentile(priced, 95) / percentile(serialised, 95))}×)`,
  );

  console.log(
    '\nA listing with shoot dates (kept while the bookings version holds) against the same listing without them (kept)',
  );
  const tenants = path.join(scratch, 'tenants');
  await cp(path.join(tenantsDir, 'aviation'), path.join(tenants, 'aviation'), { recursive: true });
  const server = await startServer({ BACKLOT_TENANTS_DIR: tenants, BACKLOT_DATA_DIR: path.join(scratch, '.data') });
  try {
    const run = async (paths: string[]) =>
      (
        await askInTurn(server.url, paths, {
          connections: 20,
          duration: DURATION,
          headers: { host: 'aviation.localhost' },
        })
      ).requests.average;
    const from = addDays(new Date().toISOString().slice(0, 10), 10);
    const plain = await run(['/rentals/seats']);
    const dated = await run([`/rentals/seats?from=${from}&to=${addDays(from, 9)}`]);
    const ranges = Array.from(
      { length: 300 },
      (_, index) => `/rentals/seats?from=${addDays(from, index)}&to=${addDays(from, index + 9)}`,
    );
    const datedDistinct = await run(ranges);
    console.log(
      `  /rentals/seats kept: ${fmt(plain, 0)} req/s; with dates: ${fmt(dated, 0)} req/s (${fmt(dated / plain)}×)`,
    );
    console.log(
      `  distinct date ranges: ${fmt(datedDistinct, 0)} req/s (${fmt(datedDistinct / plain)}×): each range rendered once (a search, the availability of its 24 hits), then kept`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
