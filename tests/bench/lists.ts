/**
 * Lists that read the store, not memory (`npm run bench`; figures, not assertions), same run, on
 * the SQLite store (the embedded default): a tenant with 200,000 quote requests over three years
 * and 100,000 visitors. Each figure is p50/p95 of what the route asks the store for, against
 * reading one request by id (the baseline):
 * - the console's quote list: the first page newest first, a page filtered by state, a page
 *   filtered by dates (one month), each with its exact total; and, for comparison, what each page
 *   of it read before (the newest 10,000 requests, filtered in memory);
 * - one visitor's quotes;
 * - a month's accounts export (every order confirmed that month, paged 1,000 at a time);
 * - the Users screen: a page of visitors awaiting a decision, with the total.
 * BENCH_REQUESTS and BENCH_VISITORS change the sizes.
 */
import { fmt, percentile, seededRandom } from './figures';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from '../../schema/rental/quote-rules';
import type { QuoteRequest, UserProfile } from '../../schema/types.generated';
import { confirmedBetween } from '../../server/rental/order-export';
import { SqliteProfileStore } from '../../server/stores/sqlite-profile-store';
import { SqliteQuoteRequestStore } from '../../server/stores/sqlite-quote-request-store';
import { sampleQuoteRequest } from '../contract/quote-request-store.contract';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200_000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 100_000);
const ROUNDS = 200;
const TENANT = 'aviation';
const START = '2024-01-01';
const DAYS = 3 * 365;
const random = seededRandom(7);
const pick = (n: number) => Math.floor(random() * n);
const STATES: Array<[NonNullable<QuoteRequest['state']>, number]> = [
  ['requested', 0.08],
  ['quoted', 0.1],
  ['accepted', 0.04],
  ['confirmed', 0.42],
  ['cancelled', 0.14],
  ['expired', 0.12],
  ['declined', 0.1],
];
const stateAt = (x: number) => {
  let sum = 0;
  for (const [state, share] of STATES) if (x < (sum += share)) return state;
  return 'confirmed';
};

function request(index: number): QuoteRequest {
  const createdDay = addDays(START, Math.floor((index / REQUESTS) * DAYS));
  const createdAt = `${createdDay}T${String(8 + (index % 10)).padStart(2, '0')}:00:00.000Z`;
  const startDate = addDays(createdDay, 3 + pick(60));
  const state = stateAt(random());
  const history: NonNullable<QuoteRequest['history']> = [
    { at: createdAt, action: 'request', from: 'requested', to: 'requested', by: 'visitor' },
  ];
  if (state === 'confirmed')
    history.push({
      at: `${addDays(createdDay, 1 + pick(2))}T15:00:00.000Z`,
      action: 'confirm',
      from: 'accepted',
      to: 'confirmed',
      by: 'vendor',
    });
  return sampleQuoteRequest(`q-${index}`, {
    tenantId: TENANT,
    uid: `visitor-${pick(VISITORS)}`,
    createdAt,
    startDate,
    endDate: addDays(startDate, 1 + pick(14)),
    state,
    history,
  });
}

async function time(
  label: string,
  baseline: number | undefined,
  run: (round: number) => Promise<unknown>,
): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await run(round);
    times.push(performance.now() - started);
  }
  const p50 = percentile(times, 50);
  console.log(
    `  ${label}: p50 ${fmt(p50)} ms, p95 ${fmt(percentile(times, 95))} ms${baseline ? ` (${fmt(p50 / baseline)}× reading one by id)` : ''}`,
  );
  return p50;
}

const root = await mkdtemp(path.join(tmpdir(), 'backlot-bench-lists-'));
const quotes = new SqliteQuoteRequestStore(path.join(root, 'quotes.sqlite'));
const profiles = new SqliteProfileStore(path.join(root, 'profiles.sqlite'));
try {
  console.log(
    `Lists in the store (SQLite): ${REQUESTS.toLocaleString('en-US')} requests and ${VISITORS.toLocaleString('en-US')} visitors in one tenant`,
  );
  let started = performance.now();
  for (let index = 0; index < REQUESTS; index++) await quotes.add(request(index));
  for (let index = 0; index < VISITORS; index++) {
    const createdAt = new Date(Date.parse(`${START}T00:00:00Z`) + index * 600_000).toISOString();
    const profile: UserProfile = {
      email: `visitor-${index}@bench.example`,
      createdAt,
      updatedAt: createdAt,
      ...(index % 3 === 0 ? {} : { isAuthorized: index % 3 === 1 }),
    } as UserProfile;
    await profiles.create(TENANT, `visitor-${index}`, profile);
  }
  console.log(`  (written in ${fmt((performance.now() - started) / 1000)} s)`);

  const byId = await time('one request by id (baseline)', undefined, () => quotes.get(TENANT, `q-${pick(REQUESTS)}`));
  await time('console list, first page (25, newest first, with total)', byId, () => quotes.list(TENANT, { limit: 25 }));
  // What the console's list did before it asked the store: read the newest 10,000, then filter and page them in memory.
  await time('(before: the newest 10,000 read for every page)', byId, () => quotes.list(TENANT, { limit: 10_000 }));
  await time('console list by state (a page of quoted)', byId, (round) =>
    quotes.list(TENANT, { state: 'quoted', offset: 25 * (round % 20), limit: 25 }),
  );
  await time('console list by dates (hires in one month)', byId, () => {
    const from = addDays(START, pick(DAYS - 31));
    return quotes.list(TENANT, { from, to: addDays(from, 30), limit: 25 });
  });
  await time("one visitor's quotes", byId, () => quotes.list(TENANT, { uid: `visitor-${pick(VISITORS)}`, limit: 50 }));
  started = performance.now();
  const month = (round: number) => addDays(START, 30 * (round % 34)).slice(0, 7);
  let rows = 0;
  await time(
    "a month's accounts export (every order confirmed that month)",
    byId,
    async (round) => (rows += (await confirmedBetween(quotes, TENANT, month(round), month(round))).length),
  );
  console.log(`    (${Math.round(rows / ROUNDS).toLocaleString('en-US')} orders a month on average)`);
  await time('Users screen: a page awaiting a decision, with total', byId, (round) =>
    profiles.list(TENANT, { isAuthorized: null, offset: 25 * (round % 40), limit: 25 }),
  );
} finally {
  await quotes.close();
  await profiles.close();
  await rm(root, { recursive: true, force: true });
}
