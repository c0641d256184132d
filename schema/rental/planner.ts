/**
 * The planner (issue 53): a tenant's items over a range of days, each with its bars (orders,
 * holds, stock in repair or lost, stock hired in, units out early) and the days its bookings take
 * more than it has (overbooked). Laid out in columns for the page: a row per item, and the bars and
 * shortages naming their row by index, so 5,000 items and 20,000 bookings are one small answer.
 *
 * Pure over bookings read once (bookingsBetween): the console draws it (admin/planner).
 */
import { isLive, isTransfer, takenSteps, type Booking, type BookingKind } from './availability';
import { addDays } from './quote-rules';
import type { Item, Unit } from '../types.generated';
import { spansWithin, unitSpans, type UnitSpan } from './unit-spans';

export interface PlannerRow {
  objectID: string;
  /** A unit's row (rows per unit): its tag. */
  tag?: string;
  name: string;
  group: string;
  category: string;
  stock: number;
}

export interface PlannerBar {
  /** The row's index in `rows`. */
  row: number;
  quoteId: string;
  kind: BookingKind;
  /** Its days within the range (a bar running past either end is cut there). */
  from: string;
  to: string;
  quantity: number;
  who?: string;
  /** A hold's last day. */
  expiresOn?: string;
}

export interface PlannerShortage {
  row: number;
  from: string;
  to: string;
  /** How many more its bookings take than it has on those days. */
  over: number;
}

export interface Planner {
  from: string;
  to: string;
  rows: PlannerRow[];
  bars: PlannerBar[];
  short: PlannerShortage[];
}

/** Entries by their item, in the order given. */
function byObjectID<T extends { objectID: string }>(entries: readonly T[]): Map<string, T[]> {
  const byItem = new Map<string, T[]>();
  for (const entry of entries) {
    const list = byItem.get(entry.objectID);
    if (list) list.push(entry);
    else byItem.set(entry.objectID, [entry]);
  }
  return byItem;
}

/** The planner's answer for `items` (in the order to show) over [from, to], from every booking that reaches into it. */
export function plannerOf(
  items: ReadonlyArray<Pick<Item, 'objectID' | 'name' | 'category' | 'quantity'>>,
  booked: readonly Booking[],
  range: { from: string; to: string; turnaroundDays: number; today: string },
): Planner {
  const { from, to, turnaroundDays, today } = range;
  const byItem = byObjectID(booked);
  const rows: PlannerRow[] = [];
  const bars: PlannerBar[] = [];
  const short: PlannerShortage[] = [];
  items.forEach((item, row) => {
    rows.push({
      objectID: item.objectID,
      name: item.name,
      group: item.category.group,
      category: item.category.category,
      stock: item.quantity,
    });
    const own = byItem.get(item.objectID) ?? [];
    for (const booking of own) {
      // A transfer between stores is no hire: it shows as the stock it moves (the shortages below), not a bar.
      if (!isLive(booking, today) || booking.lastDay < from || booking.firstDay > to || isTransfer(booking)) continue;
      bars.push({
        row,
        quoteId: booking.quoteId,
        kind: booking.kind,
        from: booking.firstDay < from ? from : booking.firstDay,
        to: booking.lastDay > to ? to : booking.lastDay,
        quantity: booking.quantity,
        ...(booking.who !== undefined && { who: booking.who }),
        ...(booking.expiresOn !== undefined && { expiresOn: booking.expiresOn }),
      });
    }
    if (!own.length) return;
    // The days taken beyond the stock, each run of them one shortage (its worst count).
    const steps = takenSteps(own, from, to, turnaroundDays, today);
    steps.forEach((step, index) => {
      const over = step.taken - item.quantity;
      if (over <= 0) return;
      const until = index + 1 < steps.length ? addDays(steps[index + 1]!.day, -1) : to;
      const last = short.at(-1);
      if (last && last.row === row && addDays(last.to, 1) === step.day) {
        last.to = until;
        last.over = Math.max(last.over, over);
      } else short.push({ row, from: step.day, to: until, over });
    });
  });
  return { from, to, rows, bars, short };
}

const unitBarKind: Record<UnitSpan['status'], BookingKind> = {
  out: 'order',
  repair: 'repair',
  lost: 'lost',
  retired: 'lost',
};

/**
 * The planner with a row per unit of each item tracked unit by unit (`items` in the order to show,
 * `units` theirs): each row's bars are where the unit has been (out on an order until it came back,
 * or until that order's last day, `openUntil`, while it is out now; in repair; lost or retired).
 * Which unit goes out is known once it is scanned, so a unit row shows what happened, not what is
 * booked: the item rows show that.
 */
export function unitPlannerOf(
  items: ReadonlyArray<Pick<Item, 'objectID' | 'name' | 'category'>>,
  units: ReadonlyArray<Pick<Unit, 'tag' | 'objectID' | 'history'>>,
  range: { from: string; to: string; today: string; timezone: string },
  openUntil: (orderId: string, objectID: string) => string | undefined = () => undefined,
): Planner {
  const { from, to, today, timezone } = range;
  const byItem = byObjectID(units);
  const rows: PlannerRow[] = [];
  const bars: PlannerBar[] = [];
  for (const item of items)
    for (const unit of (byItem.get(item.objectID) ?? []).sort((a, b) => a.tag.localeCompare(b.tag))) {
      const row = rows.length;
      rows.push({
        objectID: item.objectID,
        tag: unit.tag,
        name: item.name,
        group: item.category.group,
        category: item.category.category,
        stock: 1,
      });
      const spans = unitSpans(unit, timezone, today, (orderId) => openUntil(orderId, item.objectID));
      for (const span of spansWithin(spans, from, to))
        bars.push({
          row,
          quoteId: span.orderId ?? `${span.status}:${unit.tag}`,
          kind: unitBarKind[span.status],
          from: span.from,
          to: span.to,
          quantity: 1,
        });
    }
  return { from, to, rows, bars, short: [] };
}
