/**
 * Earnings benchmark (run by `npm run bench`; figures, not assertions): a house with 5,000 items
 * (BENCH_ITEMS) and 100,000 orders over a year (BENCH_ORDERS), each of one to three lines, priced
 * as the house prices them, in a SQLite store. Timed in the same run, each the median of RUNS:
 * listing the year's orders a page at a time, by keyset (the baseline), and the earnings report over the same
 * year (which lists them the same way and counts them as it reads). Goals: the report ≤ 3 s and
 * ≤ 1.5× the listing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withDefaults } from '../../schema/defaults';
import { priceRequest, pricingRuleOf } from '../../schema/rental/quote-pricing';
import { addDays } from '../../schema/rental/quote-rules';
import type { QuoteRequest, SiteSettings, VendorConfig } from '../../schema/types.generated';
import { earningsReport } from '../../server/rental/earnings';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { generateItem } from './catalogue-generator';
import { seededRandom } from './figures';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 5_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FROM = '2026-01-01';
const TO = '2026-12-31';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-earnings-'));
try {
  const items = Array.from({ length: ITEMS }, (_, n) => generateItem(n));
  const store = new SqliteQuoteRequestStore(path.join(scratch, 'quotes.sqlite'));
  const rule = pricingRuleOf(withDefaults('vendor', {} as VendorConfig), withDefaults('site', {} as SiteSettings));
  const random = seededRandom(2026);
  const seeding = Date.now();
  for (let n = 0; n < ORDERS; n++) {
    const startDate = addDays(FROM, Math.floor(random() * 360));
    const endDate = addDays(startDate, Math.floor(random() * 6));
    const picked = new Set(
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => items[Math.floor(random() * ITEMS)]!),
    );
    const lines = [...picked].map((item) => ({
      objectID: item.objectID,
      name: item.name,
      quantity: 1 + Math.floor(random() * 3),
      dayRate: item.rates.day,
      ...(item.rates.week !== undefined && { weekRate: item.rates.week }),
    })) as QuoteRequest['lines'];
    const breakdown = priceRequest(
      { startDate, endDate, lines },
      { adjustments: {}, services: [] },
      { line: () => '4000', service: () => undefined },
      rule,
    );
    await store.add({
      id: `order-${n}`,
      tenantId: 'bench',
      uid: `visitor-${n % 500}`,
      email: `props${n % 500}@studio.example`,
      lines,
      startDate,
      endDate,
      createdAt: `${addDays(startDate, -10)}T10:00:00.000Z`,
      state: 'closed',
      hold: 'none',
      versions: [
        {
          version: 1,
          sentAt: `${addDays(startDate, -9)}T10:00:00.000Z`,
          expiresOn: addDays(startDate, -1),
          pricing: { adjustments: {}, services: [] },
          breakdown,
        },
      ],
    });
  }
  console.log(
    `earnings: ${ORDERS} orders over ${ITEMS} items seeded in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
  );

  const listing: number[] = [];
  const reporting: number[] = [];
  let counted = 0;
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    let listed = 0;
    // The fastest listing there is: keyset pages without a total, as the report reads them.
    for (let after: QuoteRequest | undefined; ;) {
      const { requests } = await store.list('bench', {
        from: FROM,
        to: TO,
        sort: { field: 'startDate', order: 'asc' },
        limit: 500,
        countTotal: false,
        ...(after && { after }),
      });
      listed += requests.length;
      after = requests.at(-1);
      if (requests.length < 500) break;
    }
    listing.push(performance.now() - started);
    started = performance.now();
    const report = await earningsReport({ quoteRequests: store }, 'bench', items, { from: FROM, to: TO }, 'item');
    reporting.push(performance.now() - started);
    counted = report.orders;
    if (listed !== counted) throw new Error(`listed ${listed}, the report counted ${counted}`);
  }
  const list = median(listing);
  const made = median(reporting);
  console.log(`  listing the year's ${counted} orders: median ${(list / 1000).toFixed(2)} s`);
  console.log(`  the earnings report over them: median ${(made / 1000).toFixed(2)} s (goal ≤ 3 s)`);
  console.log(`  report ÷ listing = ${(made / list).toFixed(2)}× (goal ≤ 1.5×)`);
  await store.close();
} finally {
  await rm(scratch, { recursive: true, force: true });
}
