/**
 * What each piece earns (issue 53), over a period: per item, its days out against the days it
 * could have been out (utilisation), its hire revenue (rental lines only, never damage or late
 * charges), what of that came from stock hired in and what the lenders charged, its service costs
 * (tests and repairs), its revenue against what it cost to buy (return on cost) and its idle days
 * (nothing of it out). Rolled up by category the same way. Texada's utilisation and ROI,
 * RentalPoint's net return, R2's split of rental, maintenance and idle days.
 *
 * Pure over what the server reads (the period's orders, the catalogue, the units' service
 * records): an order's days and revenue count only where they fall in the period, pro rata; a
 * kit's line counts on its components, its revenue shared by their day rates.
 */
import { dayCount } from './quote-rules';
import { isOrderState } from './quote-states';
import { stockOfLines } from './kits';
import type { Item, QuoteRequest, ServiceRecord, Unit } from '../types.generated';
import { spansWithin, unitSpans, type UnitSpan } from './unit-spans';
import { atStore, freeByDay, type Booking } from './availability';
import { stockAtStore, stockOnDay } from './stores';

export interface EarningsRow {
  /** The item's id, or `group/category` for a category's row. */
  key: string;
  name: string;
  group: string;
  category: string;
  stock: number;
  daysOut: number;
  daysAvailable: number;
  /** Days out ÷ days available, 0–1 (more than 1 with stock hired in). */
  utilisation: number;
  revenue: number;
  subHireRevenue: number;
  subHireCost: number;
  serviceCost: number;
  /** What its stock cost to buy, when the house keeps it. */
  purchaseCost?: number;
  /** Revenue ÷ purchase cost. */
  returnOnCost?: number;
  /** Days in the period with none of it out. */
  idleDays: number;
}

export interface EarningsInput {
  from: string;
  to: string;
  items: readonly Item[];
  orders: readonly QuoteRequest[];
  /** Each unit's service records, with its item. */
  services: ReadonlyArray<{ objectID: string; record: ServiceRecord }>;
  /** What each sub-hire cost (its lender's accepted total), by the sub-hire's request id at the lender. */
  subHireCosts: ReadonlyMap<string, number>;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Every item's row over the period, in the catalogue's order (EarningsTally over the input at once). */
export function earningsByItem(input: EarningsInput): EarningsRow[] {
  const tally = new EarningsTally(input.from, input.to, input.items);
  for (const order of input.orders) tally.order(order, input.subHireCosts);
  for (const { objectID, record } of input.services) tally.service(objectID, record);
  return tally.rows();
}

/**
 * The report counted as it is read: orders a page at a time (a year of a busy house is never held
 * in memory at once), then the units' service records; `rows()` answers it.
 */
export class EarningsTally {
  private readonly periodDays: number;
  private readonly items: Map<string, Item>;
  private readonly byItem = new Map<string, EarningsRow>();
  private readonly covered = new Map<string, Uint8Array>();
  /** Rows per unit asked for: each order's revenue on each item (`<order>\n<item>`), to share among the units that went. */
  earnedOn?: Map<string, number>;

  constructor(
    private readonly from: string,
    private readonly to: string,
    items: readonly Item[],
    /** One store's share only: its stock as transfers moved it (`moves`: each item's transfer rows), and the orders fulfilled from it (stores.ts). */
    private readonly store?: { id: string; main: string; moves?: ReadonlyMap<string, readonly Booking[]> },
  ) {
    this.periodDays = dayCount(from, to);
    this.items = new Map(items.map((item) => [item.objectID, item]));
    for (const item of items) this.rowOf(item.objectID);
  }

  private rowOf(objectID: string): EarningsRow | undefined {
    let row = this.byItem.get(objectID);
    if (row) return row;
    const item = this.items.get(objectID);
    if (!item || item.kit) return undefined;
    const { stock, daysAvailable } = this.stockOf(item);
    row = {
      key: objectID,
      name: item.name,
      group: item.category.group,
      category: item.category.category,
      stock,
      daysOut: 0,
      daysAvailable,
      utilisation: 0,
      revenue: 0,
      subHireRevenue: 0,
      subHireCost: 0,
      serviceCost: 0,
      ...(item.purchaseCost !== undefined && { purchaseCost: cents(item.purchaseCost * stock) }),
      idleDays: this.periodDays,
    };
    this.byItem.set(objectID, row);
    return row;
  }

  /** An item's stock (at the period's end) and its days available: at one store, as its transfers moved it. */
  private stockOf(item: Item): { stock: number; daysAvailable: number } {
    if (!this.store) return { stock: item.quantity, daysAvailable: item.quantity * this.periodDays };
    const { id, main } = this.store;
    const moves = this.store.moves?.get(item.objectID) ?? [];
    if (!moves.length) {
      const stock = stockAtStore(item, id, main);
      return { stock, daysAvailable: stock * this.periodDays };
    }
    const daily = freeByDay(
      stockAtStore(item, id, main),
      moves.filter(atStore(id, main)),
      this.from,
      this.to,
      0,
      this.from,
    );
    return {
      stock: stockOnDay(item, moves, id, main, this.to),
      daysAvailable: daily.reduce((sum, count) => sum + count, 0),
    };
  }

  /** One order's days and revenue in the period (a request that is not an order counts nothing). */
  order(order: QuoteRequest, subHireCosts: ReadonlyMap<string, number>): void {
    const { from, to, items } = this;
    if (!isOrderState(order.state ?? 'requested')) return;
    if (this.store && (order.store ?? this.store.main) !== this.store.id) return;
    const first = order.startDate > from ? order.startDate : from;
    const last = order.endDate < to ? order.endDate : to;
    if (first > last) return;
    const inPeriod = dayCount(first, last);
    const share = inPeriod / dayCount(order.startDate, order.endDate);
    const offset = dayCount(from, first) - 1;
    for (const line of stockOfLines(order.lines)) {
      const row = this.rowOf(line.objectID);
      if (!row) continue;
      row.daysOut += line.quantity * inPeriod;
      let days = this.covered.get(line.objectID);
      if (!days) this.covered.set(line.objectID, (days = new Uint8Array(this.periodDays)));
      days.fill(1, offset, offset + inPeriod);
    }
    // Revenue: each rental line of the version accepted, pro rata to its days in the period; a kit's on its components.
    for (const priced of order.versions?.at(-1)?.breakdown.lines ?? []) {
      if (priced.kind !== 'item' || !priced.objectID) continue;
      const line = order.lines.find((entry) => entry.objectID === priced.objectID);
      const amount = priced.subtotal * share;
      const parts = line?.kit
        ? line.kit.components.map((component) => ({
            objectID: component.objectID,
            weight: (items.get(component.objectID)?.rates.day ?? 0) * component.quantity,
          }))
        : [{ objectID: priced.objectID, weight: 1 }];
      // Components without rates share it equally.
      const whole = parts.reduce((sum, part) => sum + part.weight, 0);
      for (const part of parts) {
        const row = this.rowOf(part.objectID);
        if (!row) continue;
        const earned = whole > 0 ? (amount * part.weight) / whole : amount / parts.length;
        row.revenue += earned;
        if (this.earnedOn) {
          const key = `${order.id}\n${part.objectID}`;
          this.earnedOn.set(key, (this.earnedOn.get(key) ?? 0) + earned);
        }
        // What of it stock hired in served: its share of the line, and what the lender charged.
        const hired = (order.subHires ?? []).filter(
          (subHire) => subHire.objectID === part.objectID && (subHire.hiredIn?.quantity ?? 0) > 0,
        );
        if (!hired.length || !line) continue;
        const quantity = hired.reduce((sum, subHire) => sum + subHire.hiredIn!.quantity, 0);
        row.subHireRevenue += earned * Math.min(1, quantity / line.quantity);
        for (const subHire of hired) row.subHireCost += (subHireCosts.get(subHire.quoteId) ?? 0) * share;
      }
    }
  }

  /** A unit's test or repair, counted when it falls in the period (and the unit is at the store reported on). */
  service(objectID: string, record: ServiceRecord, unitStore?: string): void {
    const day = record.at.slice(0, 10);
    if (day < this.from || day > this.to) return;
    if (this.store && (unitStore ?? this.store.main) !== this.store.id) return;
    const row = this.rowOf(objectID);
    if (row) row.serviceCost += (record.parts ?? 0) + (record.labour ?? 0);
  }

  rows(): EarningsRow[] {
    for (const row of this.byItem.values()) {
      const days = this.covered.get(row.key);
      let out = 0;
      if (days) for (let day = 0; day < days.length; day++) out += days[day]!;
      row.idleDays = this.periodDays - out;
    }
    return [...this.byItem.values()].map(finished);
  }
}

/**
 * A row per unit (of the items tracked unit by unit): its days out from its history in the period,
 * its days available (less those lost or retired), the revenue of each order it went out on shared
 * equally among the item's units that went on that order (`earnedOn`, the tally's), its own tests
 * and repairs, and its item's purchase cost for one.
 */
export function earningsByUnit(
  units: ReadonlyArray<Pick<Unit, 'tag' | 'objectID' | 'history' | 'service'>>,
  items: ReadonlyMap<string, Pick<Item, 'name' | 'category' | 'purchaseCost'>>,
  earnedOn: ReadonlyMap<string, number>,
  period: { from: string; to: string; today: string; timezone: string },
): EarningsRow[] {
  const { from, to } = period;
  const periodDays = dayCount(from, to);
  const spansOf = new Map(units.map((unit) => [unit.tag, unitSpans(unit, period.timezone, period.today)]));
  // How many of an item's units went on each order: its revenue there is theirs in equal shares.
  const went = new Map<string, number>();
  for (const unit of units)
    for (const orderId of new Set(spansOf.get(unit.tag)!.flatMap((span) => span.orderId ?? [])))
      went.set(`${orderId}\n${unit.objectID}`, (went.get(`${orderId}\n${unit.objectID}`) ?? 0) + 1);
  return units.flatMap((unit) => {
    const item = items.get(unit.objectID);
    if (!item) return [];
    const spans = spansWithin(spansOf.get(unit.tag)!, from, to);
    const days = (status: UnitSpan['status'][]) =>
      spans.filter((span) => status.includes(span.status)).reduce((sum, span) => sum + dayCount(span.from, span.to), 0);
    const daysOut = days(['out']);
    const orders = new Set(spansOf.get(unit.tag)!.flatMap((span) => span.orderId ?? []));
    const revenue = [...orders].reduce((sum, orderId) => {
      const key = `${orderId}\n${unit.objectID}`;
      return sum + (earnedOn.get(key) ?? 0) / (went.get(key) ?? 1);
    }, 0);
    const serviceCost = (unit.service ?? [])
      .filter((record) => record.at.slice(0, 10) >= from && record.at.slice(0, 10) <= to)
      .reduce((sum, record) => sum + (record.parts ?? 0) + (record.labour ?? 0), 0);
    return [
      finished({
        key: unit.tag,
        name: `${item.name} ${unit.tag}`,
        group: item.category.group,
        category: item.category.category,
        stock: 1,
        daysOut,
        daysAvailable: periodDays - days(['lost', 'retired']),
        utilisation: 0,
        revenue,
        subHireRevenue: 0,
        subHireCost: 0,
        serviceCost,
        ...(item.purchaseCost !== undefined && { purchaseCost: item.purchaseCost }),
        idleDays: periodDays - daysOut,
      }),
    ];
  });
}

/** Rows summed by category: utilisation and return on cost worked out again from the sums. */
export function earningsByCategory(rows: readonly EarningsRow[], names: ReadonlyMap<string, string>): EarningsRow[] {
  return summed(
    rows,
    (row) => `${row.group}/${row.category}`,
    (key) => ({ name: names.get(key) ?? key }),
  );
}

/** A store's rows (its own tally's) as one row for the store: what everything kept there earned. */
export function earningsOfStore(rows: readonly EarningsRow[], store: { id: string; name: string }): EarningsRow {
  const [row] = summed(
    rows,
    () => store.id,
    () => ({ name: store.name, group: '', category: '' }),
  );
  return row ?? finished({ ...emptyRow, key: store.id, name: store.name });
}

const emptyRow: Omit<EarningsRow, 'key' | 'name'> = {
  group: '',
  category: '',
  stock: 0,
  daysOut: 0,
  daysAvailable: 0,
  utilisation: 0,
  revenue: 0,
  subHireRevenue: 0,
  subHireCost: 0,
  serviceCost: 0,
  idleDays: 0,
};

/** Rows summed by a key (a category, a store): utilisation and return on cost worked out again from the sums. */
function summed(
  rows: readonly EarningsRow[],
  keyOf: (row: EarningsRow) => string,
  headOf: (key: string) => Partial<EarningsRow>,
): EarningsRow[] {
  const sums = new Map<string, EarningsRow>();
  for (const row of rows) {
    const key = keyOf(row);
    const sum = sums.get(key);
    if (!sum) {
      const { returnOnCost: _ratio, ...rest } = row;
      sums.set(key, { ...rest, key, ...headOf(key) });
      continue;
    }
    sum.stock += row.stock;
    sum.daysOut += row.daysOut;
    sum.daysAvailable += row.daysAvailable;
    sum.revenue += row.revenue;
    sum.subHireRevenue += row.subHireRevenue;
    sum.subHireCost += row.subHireCost;
    sum.serviceCost += row.serviceCost;
    if (row.purchaseCost !== undefined) sum.purchaseCost = (sum.purchaseCost ?? 0) + row.purchaseCost;
    // A category (a store) is idle on a day when every item of it is: the fewest idle days of its items.
    sum.idleDays = Math.min(sum.idleDays, row.idleDays);
  }
  return [...sums.values()].map(finished);
}

/** A row's money to the cent and its ratios worked out. */
function finished(row: EarningsRow): EarningsRow {
  const revenue = cents(row.revenue);
  return {
    ...row,
    revenue,
    subHireRevenue: cents(row.subHireRevenue),
    subHireCost: cents(row.subHireCost),
    serviceCost: cents(row.serviceCost),
    utilisation: row.daysAvailable ? Math.round((row.daysOut / row.daysAvailable) * 10000) / 10000 : 0,
    ...(row.purchaseCost ? { returnOnCost: Math.round((revenue / row.purchaseCost) * 100) / 100 } : {}),
  };
}

/** The report's columns, in order, as a spreadsheet heads them. */
export const EARNINGS_COLUMNS: ReadonlyArray<{ key: keyof EarningsRow; title: string }> = [
  { key: 'name', title: 'Name' },
  { key: 'key', title: 'Id' },
  { key: 'stock', title: 'Stock' },
  { key: 'daysOut', title: 'Days out' },
  { key: 'daysAvailable', title: 'Days available' },
  { key: 'utilisation', title: 'Utilisation' },
  { key: 'revenue', title: 'Hire revenue' },
  { key: 'subHireRevenue', title: 'Of it, on stock hired in' },
  { key: 'subHireCost', title: 'Sub-hire cost' },
  { key: 'serviceCost', title: 'Service cost' },
  { key: 'purchaseCost', title: 'Purchase cost' },
  { key: 'returnOnCost', title: 'Return on cost' },
  { key: 'idleDays', title: 'Idle days' },
];
