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
import type { Item } from '../types.generated';

export interface PlannerRow {
  objectID: string;
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

/** The planner's answer for `items` (in the order to show) over [from, to], from every booking that reaches into it. */
export function plannerOf(
  items: ReadonlyArray<Pick<Item, 'objectID' | 'name' | 'category' | 'quantity'>>,
  booked: readonly Booking[],
  range: { from: string; to: string; turnaroundDays: number; today: string },
): Planner {
  const { from, to, turnaroundDays, today } = range;
  const byItem = new Map<string, Booking[]>();
  for (const booking of booked) {
    const list = byItem.get(booking.objectID);
    if (list) list.push(booking);
    else byItem.set(booking.objectID, [booking]);
  }
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
