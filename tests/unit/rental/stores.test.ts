/**
 * A house's stores (schema/rental/stores.ts): stock per store with the main store keeping the
 * rest, the store nearest a point, a transfer's two rows (in transit counting nowhere), and a
 * transfer refused when it leaves an order short and warned when it leaves a hold short.
 */
import { describe, expect, it } from 'vitest';
import { freeOver, shortLines, type Booking } from '../../../schema/rental/availability';
import {
  nearestStore,
  placementStock,
  stockAtStore,
  storeStockProblems,
  storesOf,
  timezoneAt,
  transferRows,
  transferShortage,
  transfersOf,
  type Transfer,
} from '../../../schema/rental/stores';
import type { Store } from '../../../schema/types.generated';

const sunValley: Store = { id: 'sun-valley', name: 'Sun Valley', _geoloc: { lat: 34.2189, lng: -118.3715 } };
const atlanta: Store = { id: 'atlanta', name: 'Atlanta', _geoloc: { lat: 33.749, lng: -84.388 } };
const stores = [sunValley, atlanta];
const seats = { objectID: 'seat', quantity: 10, storeStock: [{ store: 'atlanta', quantity: 4 }] };
const rules = { turnaroundDays: 1, today: '2027-01-01', main: 'sun-valley' };
const order = (quoteId: string, quantity: number, firstDay: string, lastDay: string, extra: Partial<Booking> = {}) =>
  ({ quoteId, objectID: 'seat', quantity, firstDay, lastDay, kind: 'order', ...extra }) as Booking;
const transfer = (extra: Partial<Transfer> = {}): Transfer => ({
  id: 't1',
  objectID: 'seat',
  quantity: 3,
  from: 'sun-valley',
  to: 'atlanta',
  outOn: '2027-01-10',
  inOn: '2027-01-13',
  by: 'kim@jetway.example',
  ...extra,
});

describe('stores', () => {
  it('is one store at the house address when none are set, and the first store is the main one', () => {
    expect(storesOf({ name: 'Jetway', address: { line1: '1 A St', city: 'Sun Valley', country: 'US' } })).toEqual([
      { id: 'main', name: 'Sun Valley', address: { line1: '1 A St', city: 'Sun Valley', country: 'US' } },
    ]);
    expect(storesOf({ name: 'Jetway', stores })[0]!.id).toBe('sun-valley');
  });

  it('keeps at the main store all stock not placed at another', () => {
    expect(stockAtStore(seats, 'atlanta', 'sun-valley')).toBe(4);
    expect(stockAtStore(seats, 'sun-valley', 'sun-valley')).toBe(6);
    expect(stockAtStore(seats, 'nowhere', 'sun-valley')).toBe(0);
    expect(placementStock(new Map([['seat', seats]]), { stores }, 'atlanta')).toEqual({
      stock: new Map([['seat', 4]]),
      store: { id: 'atlanta', main: 'sun-valley' },
    });
    // One store: the whole stock, no store filter (as before stores).
    expect(placementStock(new Map([['seat', seats]]), {}, undefined)).toEqual({ stock: new Map([['seat', 10]]) });
  });

  it('refuses stock at a store the house lacks, at the main store, twice, or beyond the quantity', () => {
    const problems = storeStockProblems(
      {
        quantity: 5,
        storeStock: [
          { store: 'atlanta', quantity: 3 },
          { store: 'atlanta', quantity: 1 },
          { store: 'sun-valley', quantity: 1 },
          { store: 'leeds', quantity: 1 },
        ],
      },
      stores,
    );
    expect(problems.map((problem) => problem.pointer)).toEqual([
      '/storeStock/1/store',
      '/storeStock/2/store',
      '/storeStock/3/store',
      '/storeStock',
    ]);
    expect(problems.at(-1)!.message).toBe('6 are placed at other stores, more than the 5 in stock');
  });

  it('picks the store nearest a point, else the main store', () => {
    expect(nearestStore(stores, { lat: 33.64, lng: -84.43 })?.id).toBe('atlanta');
    expect(nearestStore(stores, { lat: 34.05, lng: -118.24 })?.id).toBe('sun-valley');
    expect(nearestStore(stores, undefined)?.id).toBe('sun-valley');
  });

  it('counts a transfer at neither store while in transit, and at the store it reached after', () => {
    const rows = transferRows(transfer());
    expect(transfersOf(rows)).toEqual([transfer()]);
    const at = (store: string) => rows.filter((row) => (row.store ?? 'sun-valley') === store);
    const free = (store: string, day: string) =>
      freeOver(stockAtStore(seats, store, 'sun-valley'), at(store), day, day, 1, rules.today);
    expect([free('sun-valley', '2027-01-09'), free('atlanta', '2027-01-09')]).toEqual([6, 4]);
    expect([free('sun-valley', '2027-01-11'), free('atlanta', '2027-01-11')]).toEqual([3, 4]);
    expect([free('sun-valley', '2027-02-01'), free('atlanta', '2027-02-01')]).toEqual([3, 7]);
    // House-wide, the three are missing only in transit.
    expect(freeOver(10, rows, '2027-01-11', '2027-01-11', 1, rules.today)).toBe(7);
    expect(freeOver(10, rows, '2027-02-01', '2027-02-01', 1, rules.today)).toBe(10);
  });

  it('checks an order against its own store alone', () => {
    const booked = [order('atlanta-order', 4, '2027-01-05', '2027-01-08', { store: 'atlanta' })];
    const placement = {
      quoteId: 'q',
      lines: [{ objectID: 'seat', quantity: 5 }],
      firstDay: '2027-01-05',
      lastDay: '2027-01-08',
      turnaroundDays: 1,
      today: rules.today,
    };
    expect(
      shortLines(
        { ...placement, stock: new Map([['seat', 6]]), store: { id: 'sun-valley', main: 'sun-valley' } },
        booked,
      ),
    ).toEqual([]);
    expect(
      shortLines(
        { ...placement, stock: new Map([['seat', 4]]), store: { id: 'atlanta', main: 'sun-valley' } },
        booked,
      )[0]?.message,
    ).toBe('only 0 of 4 free on 2027-01-05: other holds and orders have the rest');
  });

  it('refuses a transfer that leaves an order short, and warns of a hold it leaves short', () => {
    const stock = stockAtStore(seats, 'sun-valley', 'sun-valley');
    expect(transferShortage(transfer(), stock, [order('o', 3, '2027-01-20', '2027-01-22')], rules)).toBeUndefined();
    expect(transferShortage(transfer(), stock, [order('o', 4, '2027-01-20', '2027-01-22')], rules)).toEqual({
      day: '2027-01-19',
      free: 2,
      have: 6,
      kind: 'order',
    });
    // An order at Atlanta is not Sun Valley's to keep.
    expect(
      transferShortage(transfer(), stock, [order('o', 4, '2027-01-20', '2027-01-22', { store: 'atlanta' })], rules),
    ).toBeUndefined();
    expect(
      transferShortage(transfer(), stock, [order('p', 4, '2027-01-20', '2027-01-22', { kind: 'pencil' })], rules),
    ).toMatchObject({ kind: 'pencil' });
    // More than the store has at all: nothing booked is to blame.
    expect(transferShortage(transfer({ quantity: 7 }), stock, [], rules)).toMatchObject({ free: 6, have: 6 });
    // Its own rows, stored already (checked again), are not counted twice.
    expect(transferShortage(transfer(), stock, transferRows(transfer()), rules)).toBeUndefined();
  });
});

describe("a store's time zone", () => {
  it("counts a store's days in its own zone, else the house's", () => {
    const vendor = {
      stores: [
        { id: 'sun-valley', name: 'Sun Valley' },
        { id: 'atlanta', name: 'Atlanta', timezone: 'America/New_York' },
      ],
    };
    expect(timezoneAt(vendor, 'America/Los_Angeles', 'atlanta')).toBe('America/New_York');
    expect(timezoneAt(vendor, 'America/Los_Angeles', 'sun-valley')).toBe('America/Los_Angeles');
    expect(timezoneAt(vendor, 'America/Los_Angeles', undefined)).toBe('America/Los_Angeles');
    expect(timezoneAt({}, 'Europe/London', undefined)).toBe('Europe/London');
  });
});
