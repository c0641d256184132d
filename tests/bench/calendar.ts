/**
 * Calendar feed benchmark (run by `npm run bench`; figures, not assertions), SQLite store: the
 * vendor's feed of 1,000 orders (pick-ups and returns, 2,000 events) served over the real app as a
 * calendar app polls it, p95 of 60; the same poll holding the current ETag (304, nothing sent); and
 * the baseline, the store's own listing of those orders (what any feed has to read).
 * Goal: the full feed within 50 ms p95.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import type { QuoteRequest } from '../../schema/types.generated';
import { buildTestApp } from '../helpers/server';
import { fmt, percentile } from './figures';

const ORDERS = 1_000;
const root = await mkdtemp(path.join(tmpdir(), 'backlot-bench-calendar-'));
const t = await buildTestApp({ logger: false });
try {
  const today = todayIn('America/Los_Angeles', new Date());
  const at = new Date().toISOString();
  for (let index = 0; index < ORDERS; index += 1) {
    const start = addDays(today, (index % 120) - 30);
    const order: QuoteRequest = {
      id: `bench-order-${index}`,
      tenantId: 'aviation',
      uid: `visitor-${index % 50}`,
      email: `production-${index % 50}@studio.example`,
      name: `Production ${index % 50}`,
      production: `Show ${index}`,
      lines: [
        { objectID: '1950s-hard-train-case-cream', name: '1950s Hard Train Case, Cream', quantity: 2, dayRate: 20 },
        {
          objectID: '1960s-hard-sided-suitcase-turquoise',
          name: '1960s Hard-Sided Suitcase, Turquoise',
          quantity: 1,
          dayRate: 20,
        },
      ],
      startDate: start,
      endDate: addDays(start, 4),
      createdAt: at,
      state: 'confirmed',
      hold: 'order',
      history: [{ at, action: 'confirm', from: 'accepted', to: 'confirmed', by: 'vendor' }],
    } as QuoteRequest;
    await t.app.quoteRequests.add(order);
  }
  const url = new URL(
    (await t.as('aviationAdmin', { method: 'POST', url: '/api/tenants/aviation/calendar-feed' })).json().url as string,
  ).pathname;
  const time = async (work: () => Promise<unknown>, runs = 60) => {
    for (let run = 0; run < 5; run += 1) await work();
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await work();
      times.push(performance.now() - started);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) };
  };
  const first = await t.app.inject({ url });
  const events = first.body.split('BEGIN:VEVENT').length - 1;
  const full = await time(() => t.app.inject({ url }));
  const unchanged = await time(() => t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } }));
  const from = addDays(today, -90);
  const listing = await time(() =>
    Promise.all(
      ['confirmed', 'partlyOut', 'out', 'partlyReturned', 'returned', 'closed'].map((state) =>
        t.app.quoteRequests.list('aviation', { state: state as never, from, limit: 1000 }),
      ),
    ),
  );
  console.log(
    `Calendar feed of ${ORDERS} orders (${events} events, ${fmt(first.body.length / 1024, 0)} KiB): p95 ${fmt(full.p95)} ms (p50 ${fmt(full.p50)}; goal ≤ 50); unchanged (304) p95 ${fmt(unchanged.p95)} ms; the store's listing alone p95 ${fmt(listing.p95)} ms (${fmt(full.p95 / listing.p95)}× it)`,
  );
} finally {
  await t.close();
  await rm(root, { recursive: true, force: true });
}
