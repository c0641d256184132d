/**
 * A house's stores as its vendor settings change: the main store stays first (every row, unit and
 * item that names no store is its), and a store is removed only once nothing is kept or booked
 * there: no item's stock, no unit, no hire or transfer still to come. Otherwise the change is
 * refused at `/vendor/stores`, saying what is still there, and nothing is saved. A store removed
 * keeps its id: it goes to `vendor.formerStores`, and no store is given it again (past hires,
 * units and transfers name it).
 */
import { OPEN_END } from '../../schema/rental/availability';
import { mainStoreOf, storesOf } from '../../schema/rental/stores';
import type { Item, Tenant } from '../../schema/types.generated';
import { FieldProblemsError } from '../stores/field-problems';
import type { QuoteStores } from './quote-conversation';

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The tenant as it is written: checked, with the ids of the stores it removes kept (whatever the client sent of them). */
export async function storesKept<T extends Pick<Tenant, 'vendor'>>(
  stores: Pick<QuoteStores, 'quoteRequests'>,
  tenantId: string,
  before: Pick<Tenant, 'vendor'>,
  after: T,
  today: string,
  /** The house's items (read only when a store goes). */
  itemsOf: () => Promise<Item[]>,
): Promise<T> {
  const former = before.vendor.formerStores ?? [];
  const had = before.vendor.stores ?? [];
  const problems: Array<{ pointer: string; message: string }> = [];
  (after.vendor.stores ?? []).forEach((store, index) => {
    if (former.includes(store.id))
      problems.push({
        pointer: `/vendor/stores/${index}/id`,
        message: `"${store.id}" was a store the house removed, and its past hires still name it: give this store an id of its own`,
      });
  });
  const now = storesOf(after.vendor);
  const kept = new Set(now.map((store) => store.id));
  const removed = had.slice(1).filter((store) => !kept.has(store.id));
  if (had.length && mainStoreOf(now) !== mainStoreOf(had))
    problems.push({
      pointer: '/vendor/stores/0/id',
      message: `${had[0]!.name} is the main store: it stays first, since everything that names no store is kept there`,
    });
  if (removed.length) {
    const [items, booked, units] = await Promise.all([
      itemsOf(),
      stores.quoteRequests.bookingsBetween(tenantId, today, OPEN_END),
      stores.quoteRequests.listUnits(tenantId, { limit: 100_000 }),
    ]);
    for (const store of removed) {
      const stock = items.filter((item) => item.storeStock?.some((each) => each.store === store.id && each.quantity));
      const unitsThere = units.units.filter((unit) => unit.store === store.id);
      const rows = new Set(booked.filter((row) => row.store === store.id).map((row) => row.quoteId));
      const still = [
        ...(stock.length
          ? [`stock of ${counted(stock.length, 'item')} (${stock[0]!.name}${stock.length > 1 ? ' …' : ''})`]
          : []),
        ...(unitsThere.length ? [counted(unitsThere.length, 'unit')] : []),
        ...(rows.size ? [counted(rows.size, 'hire or transfer', 'hires or transfers')] : []),
      ];
      if (still.length)
        problems.push({
          pointer: '/vendor/stores',
          message: `${store.name} still has ${still.join(', ')}: move them to another store before removing it`,
        });
    }
  }
  if (problems.length) throw new FieldProblemsError(problems, `Not saved: ${problems[0]!.message}`, 409);
  const formerStores = [...new Set([...former, ...removed.map((store) => store.id)])];
  const { formerStores: _sent, ...vendor } = after.vendor;
  return { ...after, vendor: { ...vendor, ...(formerStores.length && { formerStores }) } };
}
