/**
 * Warehouse floor benchmark (run by `npm run bench`; figures, not assertions), same run, SQLite
 * store (the embedded default):
 * - A scan stored end to end in the store (read the order and unit, judge, write the order, unit,
 *   bookings and the scan's record in one transaction): p95 over a 200-line order checked out and
 *   back in one session, unit by unit, on SQLite and on the official Firestore emulator. Baseline: a plain change of the same order (one conversation
 *   step with its bookings), what confirming it costs.
 * - Availability for a listing page (24 items, 10 days) out of 50,000 items and 100,000 bookings,
 *   with 2,000 units in repair, 1,000 lost and 2,000 orders overdue (units still out past their last
 *   day) in play: p95 against the same read with none of them. Goal: within 1.5×.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bookingWindow, freeOver, OPEN_END, type Booking } from '../../schema/rental/availability';
import { judgeScan } from '../../schema/rental/hire';
import { addDays } from '../../schema/rental/quote-rules';
import type { QuoteRequest, Unit } from '../../schema/types.generated';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import type { QuoteRequestStore } from '../../server/stores/quote-request-store';
import { onFirestoreEmulator } from '../helpers/firestore-emulator';
import { fmt, percentile, seededRandom, spreadBookings } from './figures';
import { DEFAULT_CHARGE_RULE } from '../fixtures/charge-rule';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 50_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const TODAY = '2027-01-01';
const random = seededRandom(7);
const pick = (n: number) => Math.floor(random() * n);
const objectID = (index: number) => `item-${index}`;

async function scans(store: QuoteRequestStore, label: string) {
  const lines = Array.from({ length: 200 }, (_, index) => ({
    objectID: objectID(index),
    name: `Item ${index}`,
    quantity: 1,
    dayRate: 10,
  }));
  const order: QuoteRequest = {
    id: 'order-200',
    tenantId: 'bench',
    uid: 'u',
    email: 'crew@bench.example',
    lines: lines as QuoteRequest['lines'],
    startDate: TODAY,
    endDate: addDays(TODAY, 4),
    createdAt: '2026-12-01T00:00:00.000Z',
    state: 'accepted',
    hold: 'none',
  };
  await store.add(order);
  const stock = new Map(lines.map((line) => [line.objectID, 5]));
  const baseline: number[] = [];
  // The baseline: the same order changed (pencil, release) with its 200 bookings, 50 times.
  for (let round = 0; round < 50; round++) {
    const started = performance.now();
    const current = (await store.get('bench', 'order-200'))!;
    await store.change('bench', 'order-200', {
      revision: current.revision ?? 0,
      apply: (stored) => ({ ...stored, hold: round % 2 ? 'none' : 'pencil' }),
      bookings: round % 2 ? 'release' : { place: 'pencil', placement: { stock, turnaroundDays: 1, today: TODAY } },
    });
    baseline.push(performance.now() - started);
  }
  const confirmed = (await store.get('bench', 'order-200'))!;
  await store.change('bench', 'order-200', {
    revision: confirmed.revision ?? 0,
    apply: (stored) => ({ ...stored, state: 'confirmed', hold: 'order' }),
    bookings: { place: 'order', placement: { stock, turnaroundDays: 1, today: TODAY } },
  });
  const at = '2026-12-01T00:00:00.000Z';
  const units: Unit[] = lines.map((line, index) => ({
    tenantId: 'bench',
    tag: `UNIT-${String(index).padStart(4, '0')}`,
    objectID: line.objectID,
    status: 'inService',
    createdAt: at,
    updatedAt: at,
    history: [],
  }));
  await store.addUnits('bench', units);
  const items = new Map(
    lines.map((line) => [line.objectID, { objectID: line.objectID, name: line.name, tracking: 'units' as const }]),
  );
  const times: number[] = [];
  let scanNumber = 0;
  const session = performance.now();
  for (const direction of ['out', 'in'] as const)
    for (const unit of units) {
      const id = `bench-scan-${String((scanNumber += 1)).padStart(5, '0')}`;
      const started = performance.now();
      const done = await store.hireStep('bench', {
        id,
        orderId: 'order-200',
        tag: unit.tag,
        apply: ({ order: stored, unit: current }) =>
          judgeScan({
            tenantId: 'bench',
            order: stored!,
            unit: current,
            items,
            input: { id, direction, code: unit.tag },
            who: 'crew@bench.example',
            now: new Date(),
            today: TODAY,
            turnaroundDays: 1,
            timezone: 'UTC',
            charges: DEFAULT_CHARGE_RULE,
          }),
      });
      times.push(performance.now() - started);
      if (done.record.outcome !== 'ok') throw new Error(`bench scan refused: ${done.record.message}`);
    }
  const sessionMs = performance.now() - session;
  const state = (await store.get('bench', 'order-200'))!.state;
  console.log(
    `Scan stored (${label}), 200-line order, 400 scans: p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms; baseline (a conversation step placing 200 bookings) p95 ${fmt(percentile(baseline, 95))} ms`,
  );
  console.log(`  200 lines out and back in one session: ${fmt(sessionMs / 1000)} s in all (${state})`);
}

const bookingsFor = (count: number) => spreadBookings(count, ITEMS, random, TODAY);

/** Rows of stock off the shelf and overdue orders, written the way hire steps write them. */
function offShelf(): Booking[] {
  const rows: Booking[] = [];
  for (let index = 0; index < 2000; index++)
    rows.push({
      quoteId: `repair:R-${index}`,
      objectID: objectID(pick(ITEMS)),
      quantity: 1,
      firstDay: addDays(TODAY, -pick(30)),
      lastDay: OPEN_END,
      kind: 'repair',
    });
  for (let index = 0; index < 1000; index++)
    rows.push({
      quoteId: `lost:L-${index}`,
      objectID: objectID(pick(ITEMS)),
      quantity: 1,
      firstDay: addDays(TODAY, -pick(60)),
      lastDay: OPEN_END,
      kind: 'lost',
    });
  for (let index = 0; index < 2000; index++) {
    const first = addDays(TODAY, -20 - pick(30));
    rows.push({
      quoteId: `late-${index}`,
      objectID: objectID(pick(ITEMS)),
      quantity: 2,
      firstDay: first,
      lastDay: addDays(first, 5),
      kind: 'order',
      out: 1,
    });
  }
  return rows;
}

async function availability(label: string, store: SqliteQuoteRequestStore): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < 400; round++) {
    const from = addDays(TODAY, pick(300));
    const to = addDays(from, 9);
    const page = Array.from({ length: 24 }, () => objectID(pick(ITEMS)));
    const started = performance.now();
    const window = bookingWindow(from, to, 1);
    const booked = await store.bookings('bench', page, window.from, window.to);
    for (const id of page)
      freeOver(
        5,
        booked.filter((booking) => booking.objectID === id),
        from,
        to,
        1,
        TODAY,
      );
    times.push(performance.now() - started);
  }
  const p95 = percentile(times, 95);
  console.log(`  ${label}: p50 ${fmt(percentile(times, 50), 3)} ms, p95 ${fmt(p95, 3)} ms`);
  return p95;
}

/** Writes bookings straight into the store's table, as placements would have (the bench's set-up, not what it measures). */
function seed(store: SqliteQuoteRequestStore, rows: readonly Booking[]) {
  const database = (store as unknown as { database: import('better-sqlite3').Database }).database;
  const insert = database.prepare(
    'INSERT OR REPLACE INTO bookings (tenant_id, quote_id, object_id, quantity, first_day, last_day, kind, expires_on, out, reaches_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  database.transaction(() => {
    for (const row of rows)
      insert.run(
        'bench',
        row.quoteId,
        row.objectID,
        row.quantity,
        row.firstDay,
        row.lastDay,
        row.kind,
        null,
        row.out ?? 0,
        row.out ? OPEN_END : row.lastDay,
      );
  })();
}

const root = await mkdtemp(path.join(tmpdir(), 'backlot-bench-hire-'));
try {
  await scans(new SqliteQuoteRequestStore(path.join(root, 'scans.sqlite')), 'SQLite');
  // The same on the official Firestore emulator (one server, loopback): each scan a transaction there.
  await onFirestoreEmulator(async () => {
    const { initializeApp, deleteApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const { FirestoreQuoteRequestStore } = await import('../../server/stores/firestore-quote-request-store');
    const app = initializeApp({ projectId: 'backlot-bench-hire' }, 'bench-hire');
    const firestore = new FirestoreQuoteRequestStore(getFirestore(app), { onClose: () => deleteApp(app) });
    await scans(firestore, 'Firestore emulator');
    await firestore.close();
  });
  console.log(
    `Availability for a listing page (24 items, 10 days), ${ITEMS.toLocaleString('en-US')} items and ${BOOKINGS.toLocaleString('en-US')} bookings:`,
  );
  const plain = new SqliteQuoteRequestStore(path.join(root, 'plain.sqlite'));
  const bookings = bookingsFor(BOOKINGS);
  seed(plain, bookings);
  const withHire = new SqliteQuoteRequestStore(path.join(root, 'hire.sqlite'));
  seed(withHire, [...bookings, ...offShelf()]);
  const before = await availability('hires only (baseline)', plain);
  const after = await availability('with 2,000 in repair, 1,000 lost, 2,000 orders overdue', withHire);
  console.log(`  ratio ${fmt(after / before)}× (goal ≤ 1.5×)`);
  await Promise.all([plain.close(), withHire.close()]);
} finally {
  await rm(root, { recursive: true, force: true });
}
