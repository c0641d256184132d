/**
 * What each piece earns over a period (schema/rental/earnings.ts has the rules): the period's
 * requests read a page at a time and counted as they come (a year of a busy house is never held in
 * memory), the loop given back between pages so no other request waits on the report; what each
 * sub-hire on a page cost read from its lender; then every unit's tests and repairs.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  EarningsTally,
  earningsByCategory,
  earningsByUnit,
  earningsOfStore,
  type EarningsRow,
} from '../../schema/rental/earnings';
import type { Item, QuoteRequest, Unit } from '../../schema/types.generated';
import { transfersByItem } from '../../schema/rental/stores';
import type { QuoteStores } from './quote-conversation';
import { unitPages } from './unit-service';

const PAGE = 500;

/** What the sub-hires of these orders cost: each lender's request, its version accepted, by its id. */
async function subHireCostsOf(stores: Pick<QuoteStores, 'quoteRequests'>, orders: readonly QuoteRequest[]) {
  const hired = orders.flatMap((order) =>
    (order.subHires ?? []).filter((subHire) => (subHire.hiredIn?.quantity ?? 0) > 0),
  );
  const costs = new Map<string, number>();
  for (const subHire of hired) {
    const theirs = await stores.quoteRequests.get(subHire.house, subHire.quoteId);
    const total = theirs?.versions?.at(-1)?.breakdown.total;
    if (total !== undefined) costs.set(subHire.quoteId, total);
  }
  return costs;
}

export type EarningsBy = 'item' | 'category' | 'unit' | 'store';

export async function earningsReport(
  stores: Pick<QuoteStores, 'quoteRequests'>,
  tenantId: string,
  items: readonly Item[],
  period: { from: string; to: string },
  by: EarningsBy,
  options: {
    /** Each category's name by `group/category`, for its rows. */
    names?: ReadonlyMap<string, string>;
    onProgress?: (read: number) => void;
    /** One store's share only (a house with several). */
    store?: { id: string; main: string };
    /** Rows per store: the house's stores (the first its main). */
    houseStores?: ReadonlyArray<{ id: string; name: string }>;
    /** The house's days, for rows per unit (their history is in instants). */
    timezone?: string;
    today?: string;
  } = {},
): Promise<{ from: string; to: string; by: EarningsBy; orders: number; rows: EarningsRow[] }> {
  const { names = new Map<string, string>(), onProgress, store } = options;
  // Rows per store: a tally of each store's share, all counted in the one reading.
  const perStore = by === 'store' ? (options.houseStores ?? []).filter((each) => !store || each.id === store.id) : [];
  const main = store?.main ?? options.houseStores?.[0]?.id;
  // At one store: the transfers of each item there, which move its stock in the period.
  const moves =
    store || perStore.length
      ? transfersByItem(await stores.quoteRequests.bookingsBetween(tenantId, period.from, period.to))
      : new Map();
  const tallyOf = (at?: { id: string; main: string }) =>
    new EarningsTally(period.from, period.to, items, at && { ...at, moves });
  const tallies = perStore.length ? perStore.map((each) => tallyOf({ id: each.id, main: main! })) : [tallyOf(store)];
  const tally = tallies[0]!;
  if (by === 'unit') tally.earnedOn = new Map();
  let read = 0;
  // Keyset pages without a total: each page starts after the last, however far into the year.
  for (let after: QuoteRequest | undefined; ;) {
    const { requests } = await stores.quoteRequests.list(tenantId, {
      from: period.from,
      to: period.to,
      sort: { field: 'startDate', order: 'asc' },
      limit: PAGE,
      countTotal: false,
      ...(after && { after }),
    });
    after = requests.at(-1);
    const costs = await subHireCostsOf(stores, requests);
    for (const order of requests) for (const each of tallies) each.order(order, costs);
    read += requests.length;
    onProgress?.(read);
    if (requests.length < PAGE) break;
    await yieldToLoop();
  }
  const tracked = items.filter((item) => item.tracking === 'units');
  // Rows per unit keep the units read (at the store reported on); otherwise each page is let go.
  const kept: Unit[] = [];
  for (const item of tracked)
    for await (const units of unitPages(stores.quoteRequests, tenantId, item.objectID))
      for (const unit of units) {
        for (const record of unit.service ?? [])
          for (const each of tallies) each.service(unit.objectID, record, unit.store);
        if (by === 'unit' && (!store || (unit.store ?? main) === store.id)) kept.push(unit);
      }
  const answer = (shown: EarningsRow[]) => ({ ...period, by, orders: read, rows: shown });
  if (by === 'store') return answer(perStore.map((each, index) => earningsOfStore(tallies[index]!.rows(), each)));
  const rows = tally.rows();
  if (by === 'category') return answer(earningsByCategory(rows, names));
  if (by === 'item') return answer(rows);
  const clock = { timezone: options.timezone ?? 'UTC', today: options.today ?? period.to };
  const catalogue = new Map(items.map((item) => [item.objectID, item]));
  return answer(earningsByUnit(kept, catalogue, tally.earnedOn!, { ...period, ...clock }));
}
