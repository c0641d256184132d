/**
 * What a tenant's kits take from stock, read from its catalogue: items with their components, and
 * the kits among those, level by level as deep as kits may nest (schema/rental/kits.ts has the
 * rules). A request reads them to snapshot its kit lines and to count its kits' stock; the item
 * routes to check a kit before it is saved.
 */
import { bookingWindow, freeByDay, type Booking } from '../../schema/rental/availability';
import { holdsOwnUnits, KIT_DEPTH, kitsFree, stockDemand, stockOfItem } from '../../schema/rental/kits';
import type { Item } from '../../schema/types.generated';
import type { ItemStore } from '../stores/item-store';
import type { QuoteRequestStore } from '../stores/quote-request-store';

/**
 * The items named and every component of the kits among them, nested kits opened, by objectID
 * (one read per level; none beyond the first when no kit is named). An item not in the catalogue
 * is absent.
 */
export async function withComponents(
  itemStore: Pick<ItemStore, 'getMany'>,
  tenantId: string,
  objectIDs: readonly string[],
  known = new Map<string, Item>(),
): Promise<Map<string, Item>> {
  let wanted = [...new Set(objectIDs)].filter((id) => !known.has(id));
  for (let depth = 0; wanted.length && depth <= KIT_DEPTH + 1; depth += 1) {
    const found = await itemStore.getMany(tenantId, wanted);
    for (const each of found) known.set(each.objectID, each);
    wanted = [
      ...new Set(found.flatMap((each) => each.kit?.components.map((component) => component.objectID) ?? [])),
    ].filter((id) => !known.has(id));
  }
  return known;
}

/** An item as availability counts it: its stock, and the kit it is, if any. */
export type StockItem = Pick<Item, 'objectID' | 'quantity' | 'kit'> & Partial<Pick<Item, 'storeStock'>>;

/**
 * How many of each item are free, kits counted from their components: `freeOf` is asked about the
 * items with stock of their own (those named, and every kit's components, nested kits opened), and
 * a kit is free as often as its scarcest component allows. Without a kit among them, one call.
 */
export async function freeCountingKits(
  itemStore: Pick<ItemStore, 'getMany'>,
  tenantId: string,
  items: readonly StockItem[],
  freeOf: (items: readonly StockItem[]) => Map<string, number> | Promise<Map<string, number>>,
): Promise<Map<string, number>> {
  if (!items.some((item) => item.kit)) return freeOf(items);
  const named = new Map<string, StockItem>(items.map((item) => [item.objectID, item]));
  const components = await withComponents(
    itemStore,
    tenantId,
    items.flatMap((item) => item.kit?.components.map((component) => component.objectID) ?? []),
  );
  const kitOf = (objectID: string) => (named.get(objectID) ?? components.get(objectID))?.kit;
  const stocked = [...new Map([...components, ...named]).values()].filter((item) => !item.kit);
  const free = await freeOf(stocked);
  return new Map(
    items.map((item) => [
      item.objectID,
      item.kit ? kitsFree(item.objectID, kitOf, (id) => free.get(id) ?? 0) : (free.get(item.objectID) ?? 0),
    ]),
  );
}

/**
 * One item's stock day by day (the item page's calendar, the console's timeline): its bookings
 * over the window (a kit's: its components'), and its free count on each day of [from, to] among
 * those a filter keeps, a kit's the fewest its components allow that day.
 */
export async function dailyStock(
  stores: { itemStore: Pick<ItemStore, 'getMany'>; quoteRequests: Pick<QuoteRequestStore, 'bookings'> },
  tenantId: string,
  item: Item,
  range: { from: string; to: string; turnaroundDays: number; today: string },
): Promise<{ stock: number; booked: Booking[]; freeByDay(keep?: (booking: Booking) => boolean): number[] }> {
  const catalogue = item.kit
    ? await withComponents(
        stores.itemStore,
        tenantId,
        item.kit.components.map((component) => component.objectID),
        new Map([[item.objectID, item]]),
      )
    : new Map([[item.objectID, item]]);
  const demand = stockDemand(item.objectID, 1, (id) => catalogue.get(id)?.kit);
  const { from, to, turnaroundDays, today } = range;
  const window = bookingWindow(from, to, turnaroundDays);
  const booked = await stores.quoteRequests.bookings(tenantId, [...demand.keys()], window.from, window.to);
  return {
    stock: stockOfItem(item.objectID, catalogue),
    booked,
    freeByDay: (keep = () => true) => {
      let fewest: number[] | undefined;
      for (const [objectID, needed] of demand) {
        const own = booked.filter((booking) => booking.objectID === objectID && keep(booking));
        const free = freeByDay(catalogue.get(objectID)?.quantity ?? 0, own, from, to, turnaroundDays, today);
        const whole = free.map((count) => Math.floor(count / needed));
        fewest = fewest ? fewest.map((count, day) => Math.min(count, whole[day]!)) : whole;
      }
      // A kit holding its own units is one of a kind, however many its components would make.
      const most = holdsOwnUnits(item.objectID, (id) => catalogue.get(id)?.kit) ? 1 : Infinity;
      return (fewest ?? []).map((count) => Math.min(count, most));
    },
  };
}
