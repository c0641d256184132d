/**
 * A house's stores (issue 53, part 3): which stores it has, how much of an item each keeps, which
 * store a request is fulfilled from, and transfers of stock between them.
 *
 * The first of the vendor's stores is the main one: it keeps every piece not placed at another
 * (`item.storeStock`), units that name no store, and bookings that name none (everything booked
 * before the house had stores). A house with no stores is one store at its own address.
 *
 * A transfer is two rows in the item's bookings: `transferOut` takes its quantity at the store it
 * leaves from its day out on, and `transferIn` gives it at the store it reaches from its day in on.
 * Between the two it is in transit and counts at neither; the house-wide total is whole again once
 * it has arrived. Pure: the stores check a transfer inside their transactions with these rules.
 */
import type { Item, Store, VendorConfig } from '../types.generated';
import { haversineKm, type GeoPoint } from '../marketplace/distance';
import { OPEN_END, atStore, freeOver, isTransfer, takenSteps, type Booking } from './availability';

/** The id the one store of a house with no stores set has. */
export const ONLY_STORE = 'main';

/** The house's stores, main first: its own, or one at its address. */
export function storesOf(vendor: Pick<VendorConfig, 'stores' | 'address' | '_geoloc' | 'timezone' | 'name'>): Store[] {
  if (vendor.stores?.length) return vendor.stores;
  return [
    {
      id: ONLY_STORE,
      name: vendor.address?.city ?? vendor.name ?? 'Main store',
      ...(vendor.address && { address: vendor.address }),
      ...(vendor.timezone && { timezone: vendor.timezone }),
      ...(vendor._geoloc && { _geoloc: vendor._geoloc }),
    },
  ];
}

export const mainStoreOf = (stores: readonly Store[]): string => stores[0]?.id ?? ONLY_STORE;

/**
 * The time zone a store's days are counted in (its own, else the house's `timezone`): the floor's
 * "today" there, an order's late and early days. `store` undefined is the main store.
 */
export function timezoneAt(vendor: Pick<VendorConfig, 'stores'>, timezone: string, store: string | undefined): string {
  const stores = vendor.stores ?? [];
  const at = stores.find((each) => each.id === (store ?? mainStoreOf(stores)));
  return at?.timezone ?? timezone;
}

/** The store a row, a unit or a request is at: its own, or the main store when it names none. */
export const storeOf = (row: { store?: string }, main: string): string => row.store ?? main;

export { atStore };

/** How many of an item a store keeps, before transfers: its share, or at the main store the rest. */
export function stockAtStore(item: Pick<Item, 'quantity' | 'storeStock'>, store: string, main: string): number {
  const elsewhere = item.storeStock ?? [];
  if (store !== main) return elsewhere.find((each) => each.store === store)?.quantity ?? 0;
  return Math.max(0, item.quantity - elsewhere.reduce((sum, each) => sum + each.quantity, 0));
}

/** What is wrong with an item's stock at other stores: a store the house does not have, one listed twice, more than it has. */
export function storeStockProblems(
  item: Pick<Item, 'quantity' | 'storeStock'>,
  stores: readonly Store[],
): Array<{ pointer: string; message: string }> {
  const known = new Set(stores.slice(1).map((store) => store.id));
  const seen = new Set<string>();
  const problems: Array<{ pointer: string; message: string }> = [];
  (item.storeStock ?? []).forEach((each, index) => {
    const pointer = `/storeStock/${index}/store`;
    if (each.store === mainStoreOf(stores))
      problems.push({ pointer, message: `${JSON.stringify(each.store)} is the main store: it keeps the rest` });
    else if (!known.has(each.store))
      problems.push({ pointer, message: `the house has no store ${JSON.stringify(each.store)}` });
    else if (seen.has(each.store)) problems.push({ pointer, message: `${JSON.stringify(each.store)} is listed twice` });
    seen.add(each.store);
  });
  const placed = (item.storeStock ?? []).reduce((sum, each) => sum + each.quantity, 0);
  if (placed > item.quantity)
    problems.push({
      pointer: '/storeStock',
      message: `${placed} are placed at other stores, more than the ${item.quantity} in stock`,
    });
  return problems;
}

/** The store nearest a point, or the main store when there is no point or no store has a location. */
export function nearestStore(stores: readonly Store[], point: GeoPoint | undefined): Store | undefined {
  if (!point) return stores[0];
  let best = stores[0];
  let bestKm = Infinity;
  for (const store of stores) {
    const km = store._geoloc ? haversineKm(point, store._geoloc) : Infinity;
    if (km < bestKm) [best, bestKm] = [store, km];
  }
  return best;
}

/** A move of stock between two stores: out of one on a day, into the other on the same day or later. */
export interface Transfer {
  id: string;
  objectID: string;
  quantity: number;
  from: string;
  to: string;
  outOn: string;
  inOn: string;
  /** Who made it, for the rows' `who`. */
  by: string;
}

/** The key each row of a transfer is stored under (a booking's key is its request's and item's: the halves need their own). */
const transferKey = (id: string, half: 'out' | 'in') => `transfer:${id}:${half}`;

/** The transfer a row is half of. */
const transferIdOf = (row: Pick<Booking, 'quoteId'>) => row.quoteId.split(':')[1] ?? '';

export { isTransfer };

/** A transfer's two rows: taken at the store it leaves from its day out, given at the other from its day in. */
export function transferRows(transfer: Transfer): [Booking, Booking] {
  const row = {
    objectID: transfer.objectID,
    quantity: transfer.quantity,
    lastDay: OPEN_END,
    who: transfer.by.slice(0, 120),
  };
  return [
    {
      ...row,
      quoteId: transferKey(transfer.id, 'out'),
      kind: 'transferOut',
      firstDay: transfer.outOn,
      store: transfer.from,
    },
    {
      ...row,
      quoteId: transferKey(transfer.id, 'in'),
      kind: 'transferIn',
      firstDay: transfer.inOn,
      store: transfer.to,
    },
  ];
}

/** Rows back as the transfers they are, by id (a half whose other half is missing is left out). */
export function transfersOf(rows: readonly Booking[]): Transfer[] {
  const halves = new Map<string, { out?: Booking; in?: Booking }>();
  for (const row of rows.filter(isTransfer)) {
    const pair = halves.get(transferIdOf(row)) ?? {};
    pair[row.kind === 'transferOut' ? 'out' : 'in'] = row;
    halves.set(transferIdOf(row), pair);
  }
  return [...halves.entries()].flatMap(([id, pair]) =>
    pair.out && pair.in
      ? [
          {
            id,
            objectID: pair.out.objectID,
            quantity: pair.out.quantity,
            from: pair.out.store!,
            to: pair.in.store!,
            outOn: pair.out.firstDay,
            inOn: pair.in.firstDay,
            by: pair.out.who ?? '',
          },
        ]
      : [],
  );
}

/** What a store is short of once a transfer leaves it: each day on which its bookings of that kind want more than it keeps. */
export interface TransferShortage {
  day: string;
  /** What was spare that day before the transfer. */
  free: number;
  /** What the store has that day, booked or not (its stock, and what other transfers moved). */
  have: number;
  kind: 'order' | 'pencil';
}

/**
 * Whether taking a transfer's quantity from its store on its day out leaves that store short:
 * first of its orders (a transfer that does is refused), then of its holds (warned).
 */
export function transferShortage(
  transfer: Transfer,
  stock: number,
  booked: readonly Booking[],
  rules: { turnaroundDays: number; today: string; main: string },
): TransferShortage | undefined {
  const here = booked
    .filter(atStore(transfer.from, rules.main))
    .filter((row) => !(isTransfer(row) && transferIdOf(row) === transfer.id));
  const taking = transferRows(transfer)[0];
  for (const kind of ['order', 'pencil'] as const) {
    const counted = kind === 'order' ? here.filter((row) => row.kind !== 'pencil') : here;
    const steps = takenSteps([...counted, taking], transfer.outOn, OPEN_END, rules.turnaroundDays, rules.today);
    const first = steps.find((step) => step.taken > stock);
    // What was free that day before the transfer took its share.
    if (!first) continue;
    const have = freeOver(stock, here.filter(isTransfer), first.day, first.day, 0, rules.today);
    return { day: first.day, free: Math.max(0, stock - first.taken + transfer.quantity), have, kind };
  }
  return undefined;
}

/**
 * The stock a request's placement is checked against: with one store, every piece of each item;
 * with several, what the request's store keeps (its bookings alone counted against it).
 */
export function placementStock(
  items: ReadonlyMap<string, Pick<Item, 'objectID' | 'quantity' | 'storeStock'>>,
  vendor: Pick<VendorConfig, 'stores'>,
  store: string | undefined,
): { stock: Map<string, number>; store?: { id: string; main: string } } {
  const all = [...items.values()];
  if (!vendor.stores?.length) return { stock: new Map(all.map((item) => [item.objectID, item.quantity])) };
  const main = mainStoreOf(vendor.stores);
  const id = store ?? main;
  return {
    stock: new Map(all.map((item) => [item.objectID, stockAtStore(item, id, main)])),
    store: { id, main },
  };
}

/** Why a store named for a request cannot be (none when it can): the house has no such store. */
export function unknownStore(vendor: Parameters<typeof storesOf>[0], store: string | undefined): string | undefined {
  if (store === undefined || storesOf(vendor).some((each) => each.id === store)) return undefined;
  return `${vendor.name ?? 'The house'} has no store ${JSON.stringify(store)} (its stores: ${storesOf(vendor)
    .map((each) => each.id)
    .join(', ')})`;
}

/**
 * An item's stock and rows store by store, for the checks that run per store (what a hire going
 * out is short of, what an overdue one collides with): house-wide as one when it has one store.
 */
export function perStore(
  item: Pick<Item, 'quantity' | 'storeStock'> | undefined,
  rows: readonly Booking[],
  vendor: Pick<VendorConfig, 'stores'>,
): Array<{ store?: string; stock: number; rows: Booking[] }> {
  if (!vendor.stores?.length) return [{ stock: item?.quantity ?? 0, rows: [...rows] }];
  const main = mainStoreOf(vendor.stores);
  return vendor.stores.map((store) => ({
    store: store.id,
    stock: item ? stockAtStore(item, store.id, main) : 0,
    rows: rows.filter(atStore(store.id, main)),
  }));
}

/** A house's stores as a scan reads them: the main one, and each one's name by id. */
export const storeNames = (stores: readonly Store[]) => ({
  main: mainStoreOf(stores),
  names: new Map(stores.map((store) => [store.id, store.name])),
});

/** How many of an item each store has free over a range (stock at the store, less its own bookings): "at Atlanta". */
export function freeAtStores(
  item: Pick<Item, 'objectID' | 'quantity' | 'storeStock'>,
  booked: readonly Booking[],
  stores: readonly Store[],
  range: { from: string; to: string; turnaroundDays: number; today: string },
): Array<{ id: string; name: string; free: number }> {
  const main = mainStoreOf(stores);
  const own = booked.filter((booking) => booking.objectID === item.objectID);
  return stores.map((store) => ({
    id: store.id,
    name: store.name,
    free: freeOver(
      stockAtStore(item, store.id, main),
      own.filter(atStore(store.id, main)),
      range.from,
      range.to,
      range.turnaroundDays,
      range.today,
    ),
  }));
}

/** An item's stock at other stores in one spreadsheet cell: "atlanta: 2; leeds: 1" (empty when all is at the main store). */
export const storeStockText = (storeStock: Item['storeStock']) =>
  (storeStock ?? []).map((each) => `${each.store}: ${each.quantity}`).join('; ');

/** A cell in storeStockText's form read back, or what is wrong with it (the stores themselves are checked with the item). */
export function readStoreStockText(text: string): { value: NonNullable<Item['storeStock']> } | { problem: string } {
  const value: NonNullable<Item['storeStock']> = [];
  for (const part of text.split(/[;\n]/).map((each) => each.trim())) {
    if (!part) continue;
    const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\s*[:=]\s*(\d{1,6})$/i.exec(part);
    if (!match)
      return { problem: `cannot read "${part}": write each store's id and how many are there ("atlanta: 2")` };
    value.push({ store: match[1]!.toLowerCase(), quantity: Number(match[2]) });
  }
  return { value };
}

/** How many of an item a store has on a day: its share, and what transfers of it (`rows`: the item's) brought or took by then. */
export function stockOnDay(
  item: Pick<Item, 'quantity' | 'storeStock'>,
  rows: readonly Booking[],
  store: string,
  main: string,
  day: string,
): number {
  const moves = rows.filter((row) => isTransfer(row) && atStore(store, main)(row));
  return freeOver(stockAtStore(item, store, main), moves, day, day, 0, day);
}

/**
 * The store a request is collected from when the production names none (a house with several):
 * the nearest to its address that keeps what it asks for (each line's item, or a kit's pieces, in
 * the quantities wanted), else the main store. None for a house with one store.
 */
export function storeThatKeeps(
  vendor: Pick<VendorConfig, 'stores'>,
  point: GeoPoint | undefined,
  wanted: ReadonlyArray<{ item: Pick<Item, 'objectID' | 'quantity' | 'storeStock'>; quantity: number }>,
  /** The transfers of those items, and the day the hire starts: what each store has by then. */
  moves: readonly Booking[],
  day: string,
): string | undefined {
  const stores = vendor.stores ?? [];
  if (stores.length < 2) return undefined;
  const main = mainStoreOf(stores);
  const km = (store: Store) => (point && store._geoloc ? haversineKm(point, store._geoloc) : Infinity);
  const nearestFirst = [...stores].sort((a, b) => km(a) - km(b));
  const keeps = (store: Store) =>
    wanted.every(
      ({ item, quantity }) =>
        stockOnDay(
          item,
          moves.filter((row) => row.objectID === item.objectID),
          store.id,
          main,
          day,
        ) >= quantity,
    );
  return (nearestFirst.find(keeps) ?? stores[0]!).id;
}

/** The transfer rows among `rows`, by item: what moves each item's stock between stores. */
export function transfersByItem(rows: readonly Booking[]): Map<string, Booking[]> {
  const byItem = new Map<string, Booking[]>();
  for (const row of rows.filter(isTransfer)) {
    const list = byItem.get(row.objectID);
    if (list) list.push(row);
    else byItem.set(row.objectID, [row]);
  }
  return byItem;
}
