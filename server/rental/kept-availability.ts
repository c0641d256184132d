/**
 * Each tenant's booked count per item and day, kept in memory over a horizon (a month back, two
 * years ahead) and counted again when its bookings version moves (any hold, order, scan or unit
 * move, on any server sharing the store, as the store tells it), so a listing with shoot dates
 * reads no booking: what is free over a range is the stock less the most taken on any of its days.
 * The counts come from the one rule (takenByDay). Where the store cannot say when bookings change
 * (no version), or a range leaves the horizon, the bookings are read for the request as before.
 */
import { bookingWindow, takenByDay, type Booking } from '../../schema/rental/availability';
import { addDays, dayCount, todayIn } from '../../schema/rental/quote-rules';
import type { Item } from '../../schema/types.generated';
import {
  freeQuantities,
  stockOnDates,
  type QuoteSettings,
  type QuoteStores,
  type StockOnDates,
} from './quote-conversation';
import { freeCountingKits, type StockItem } from './kit-stock';

const DAYS_BACK = 31;
const DAYS_AHEAD = 730;
/** Tenants kept at once, the least recently asked let go first: a house's counts are a few hundred KB. */
const TENANTS_KEPT = 200;

type Stock = Pick<Item, 'objectID' | 'quantity'>;
type Range = { from: string; to: string };
type Settings = Pick<QuoteSettings, 'turnaroundDays' | 'timezone'>;

interface KeptDays {
  from: string;
  to: string;
  /** Per item with any booking on the horizon, the number taken on each of its days. */
  taken: Map<string, Int32Array>;
  /** Those items' stock, read once per catalogue version (what "only what is free" compares with). */
  stock?: { version: number; quantities: Promise<Stock[]> };
}

/** What the stock of items is kept by: the catalogue's version (any item change makes a new one). */
export type CatalogueVersion = (tenantId: string) => number;

export class KeptAvailability {
  private readonly kept = new Map<string, { key: string; days: Promise<KeptDays> }>();

  constructor(
    private readonly stores: Pick<QuoteStores, 'quoteRequests' | 'itemStore'>,
    private readonly catalogueVersion: CatalogueVersion,
  ) {}

  /** How many of each item are free over the range (freeQuantities' answer). */
  async free(
    tenantId: string,
    items: readonly StockItem[],
    range: Range,
    settings: Settings,
    now: Date,
  ): Promise<Map<string, number>> {
    const kept = await this.daysFor(tenantId, range, settings, now);
    if (!kept) return freeQuantities(this.stores, tenantId, items, range, settings, now);
    return freeCountingKits(this.stores.itemStore, tenantId, items, (stocked) => freeIn(kept, stocked, range));
  }

  /** The items booked out over the range, and the free quantities of any (stockOnDates' answer). */
  async onDates(tenantId: string, range: Range, settings: Settings, now: Date): Promise<StockOnDates> {
    const kept = await this.daysFor(tenantId, range, settings, now);
    if (!kept) return stockOnDates(this.stores, tenantId, range, settings, now);
    const free = (items: readonly StockItem[]) =>
      freeCountingKits(this.stores.itemStore, tenantId, items, (stocked) => freeIn(kept, stocked, range));
    const version = this.catalogueVersion(tenantId);
    if (kept.stock?.version !== version) {
      const quantities = this.stores.itemStore
        .getMany(tenantId, [...kept.taken.keys()])
        .then((items) => items.map(({ objectID, quantity }) => ({ objectID, quantity })));
      kept.stock = { version, quantities };
      quantities.catch(() => kept.stock?.quantities === quantities && delete kept.stock);
    }
    const bookedOut = [...freeIn(kept, await kept.stock.quantities, range)].filter(([, quantity]) => quantity < 1);
    return { bookedOut: bookedOut.map(([objectID]) => objectID), free };
  }

  /** The tenant's kept counts, counted again if its bookings moved; undefined where they cannot be kept. */
  private async daysFor(tenantId: string, range: Range, settings: Settings, now: Date): Promise<KeptDays | undefined> {
    const version = this.stores.quoteRequests.bookingsVersion(tenantId);
    if (version === undefined) return undefined;
    const today = todayIn(settings.timezone, now);
    const key = `${version}\n${today}\n${settings.turnaroundDays}`;
    let entry = this.kept.get(tenantId);
    if (entry?.key !== key) {
      entry = { key, days: this.count(tenantId, today, settings.turnaroundDays) };
      const counted = entry;
      counted.days.catch(() => this.kept.get(tenantId) === counted && this.kept.delete(tenantId));
    }
    // Asked last, let go last.
    this.kept.delete(tenantId);
    this.kept.set(tenantId, entry);
    if (this.kept.size > TENANTS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    const days = await entry.days;
    return range.from >= days.from && range.to <= days.to ? days : undefined;
  }

  private async count(tenantId: string, today: string, turnaroundDays: number): Promise<KeptDays> {
    const from = addDays(today, -DAYS_BACK);
    const to = addDays(today, DAYS_AHEAD);
    const window = bookingWindow(from, to, turnaroundDays);
    const byItem = new Map<string, Booking[]>();
    for (const booking of await this.stores.quoteRequests.bookingsBetween(tenantId, window.from, window.to))
      (byItem.get(booking.objectID) ?? byItem.set(booking.objectID, []).get(booking.objectID)!).push(booking);
    const taken = new Map<string, Int32Array>();
    for (const [objectID, bookings] of byItem)
      taken.set(objectID, takenByDay(bookings, from, to, turnaroundDays, today));
    return { from, to, taken };
  }
}

/** How many of each item are free over the range: its stock less the most taken on any of the range's days. */
function freeIn(kept: KeptDays, items: readonly Stock[], range: Range): Map<string, number> {
  const first = dayCount(kept.from, range.from) - 1;
  const last = dayCount(kept.from, range.to) - 1;
  return new Map(
    items.map((item) => {
      const days = kept.taken.get(item.objectID);
      let most = days && first <= last ? -Infinity : 0;
      for (let day = first; days && day <= last; day++) most = Math.max(most, days[day]!);
      return [item.objectID, Math.max(0, item.quantity - most)];
    }),
  );
}
