/**
 * Sub-hire benchmark (figures, not assertions): a house short of a line finds the same or similar
 * items free on its dates at the other houses that take its sub-hires, nearest first
 * (server/marketplace/sub-hire-offers.ts), over the platform's one index of 50 houses × 5,000
 * items (250,000 listings, tests/bench/catalogue-generator.ts, seeded) and 100,000 bookings in the
 * SQLite store (written straight into its table, as tests/bench/rental.ts does), 2,000 a house over
 * the next year. Two houses in three lend to the asking one. Baseline in the same run: one
 * nearest-first search of the platform for the line's name, what a production's search costs.
 *
 *   npx tsx tests/bench/sub-hires.ts
 * BENCH_HOUSES, BENCH_ITEMS_PER_HOUSE and BENCH_LINES change the sizes (50, 5,000 and 300).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listingOf } from '../../schema/marketplace/listings';
import type { SubHireRule } from '../../schema/marketplace/sub-hires';
import { addDays, todayIn } from '../../schema/rental/quote-rules';
import type { Item } from '../../schema/types.generated';
import { subHireOffers, type SubHireOfferStores } from '../../server/marketplace/sub-hire-offers';
import { InProcessSearchIndex } from '../../server/search/engine/in-process-search';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { SqliteItemStore } from '../../server/stores/sqlite-item-store';
import { benchHouses, generateItem, random } from './catalogue-generator';
import { fmt, percentile } from './figures';

const HOUSES = Number(process.env.BENCH_HOUSES ?? 50);
const PER_HOUSE = Number(process.env.BENCH_ITEMS_PER_HOUSE ?? 5_000);
const LINES = Number(process.env.BENCH_LINES ?? 300);
const BOOKINGS_PER_HOUSE = 2_000;
const TODAY = todayIn('America/New_York', new Date());
const pick = (n: number) => Math.floor(random() * n);

const houses = benchHouses(HOUSES);
const ASKING = houses[0]!;
/** Two houses in three take the asking house's sub-hires. */
const ruleOf = (index: number): SubHireRule => ({
  takes: index % 3 === 2 ? 'no' : 'everyListedHouse',
  houses: [],
  tradeDiscountPercent: 20,
  netDays: 30,
});
const objectIDOf = (house: number, item: number) => `item-${house * PER_HOUSE + item}`;

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-sub-hires-'));
try {
  const index = new InProcessSearchIndex();
  const tree = { groups: [] };
  const own: Item[] = [];
  const listings: Item[] = [];
  houses.forEach((house, h) => {
    for (let i = 0; i < PER_HOUSE; i++) {
      const item = generateItem(h * PER_HOUSE + i);
      if (h === 0) own.push(item);
      listings.push(listingOf(item, house, tree, undefined));
    }
  });
  await index.replaceAll('platform', listings);
  listings.length = 0;

  const quoteRequests = new SqliteQuoteRequestStore(path.join(scratch, 'quotes.sqlite'));
  const database = (quoteRequests as unknown as { database: import('better-sqlite3').Database }).database;
  const insert = database.prepare(
    'INSERT INTO bookings (tenant_id, quote_id, object_id, quantity, first_day, last_day, kind, expires_on) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)',
  );
  database.transaction(() => {
    houses.forEach((house, h) => {
      for (let b = 0; b < BOOKINGS_PER_HOUSE; b++) {
        const first = addDays(TODAY, pick(365));
        insert.run(
          house.id,
          `quote-${h}-${b}`,
          objectIDOf(h, pick(PER_HOUSE)),
          1 + pick(3),
          first,
          addDays(first, 1 + pick(20)),
          b % 4 === 0 ? 'pencil' : 'order',
        );
      }
    });
  })();

  const byId = new Map(houses.map((house, h) => [house.id, { house, rule: ruleOf(h) }]));
  // The platform's catalogue as the finder reads it: its houses, their stock rules and the asking house's listing.
  const marketplace: SubHireOfferStores['marketplace'] = {
    listedHouses: () => houses,
    stockOf: (houseId) => {
      const found = byId.get(houseId);
      return found && { turnaroundDays: 1, timezone: found.house.timezone, subHires: found.rule };
    },
    listing: (houseId, item) => (houseId === ASKING.id ? listingOf(item, ASKING, tree, undefined) : undefined),
  };
  // Read only for kits' components: these houses have none.
  const itemStore = new SqliteItemStore(path.join(scratch, 'items.sqlite'));
  const stores: SubHireOfferStores = { catalogueSearch: index, marketplace, quoteRequests, itemStore };
  const lines = Array.from({ length: LINES }, () => {
    const from = addDays(TODAY, 7 + pick(300));
    return { item: own[pick(own.length)]!, wanted: 1 + pick(4), from, to: addDays(from, pick(10)) };
  });

  // Warm both, then time each in turn.
  for (const line of lines.slice(0, 20)) {
    await subHireOffers(stores, { houseId: ASKING.id, location: ASKING.location! }, line, new Date());
    await index.search('platform', {
      text: line.item.name,
      filters: {},
      sort: 'nearest',
      near: ASKING.location!,
      page: 0,
      perPage: 24,
    });
  }
  const finding: number[] = [];
  const searching: number[] = [];
  let offered = 0;
  let enough = 0;
  for (const line of lines) {
    let started = performance.now();
    await index.search('platform', {
      text: line.item.name,
      filters: {},
      sort: 'nearest',
      near: ASKING.location!,
      page: 0,
      perPage: 24,
    });
    searching.push(performance.now() - started);
    started = performance.now();
    const { offers } = await subHireOffers(
      stores,
      { houseId: ASKING.id, location: ASKING.location! },
      line,
      new Date(),
    );
    finding.push(performance.now() - started);
    offered += offers.length;
    if (offers.some((offer) => offer.enough)) enough += 1;
  }
  await quoteRequests.close();

  const ms = (values: number[], p: number) => `${fmt(percentile(values, p))} ms`;
  console.log(
    `Sub-hire offers: ${HOUSES} houses × ${PER_HOUSE.toLocaleString('en')} items, ${(HOUSES * BOOKINGS_PER_HOUSE).toLocaleString('en')} bookings; ${LINES} short lines of one house, ${houses.filter((_, h) => ruleOf(h).takes !== 'no').length - 1} houses lending to it`,
  );
  console.table({
    'one platform search, nearest first (baseline)': { p50: ms(searching, 50), p95: ms(searching, 95) },
    'nearest free alternatives for a short line': { p50: ms(finding, 50), p95: ms(finding, 95) },
  });
  console.log(
    `alternatives p95 as a ratio of the baseline: ${fmt(percentile(finding, 95) / percentile(searching, 95))}×`,
  );
  console.log(`offers per line ${fmt(offered / LINES)}; lines with a house that has enough ${enough} of ${LINES}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
