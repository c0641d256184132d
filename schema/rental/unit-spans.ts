/**
 * Where a unit has been, day by day (issue 53's rows per unit): its history read as spans of one
 * status each (out on an order from the day it was scanned out to the day it came back, in repair,
 * lost or retired), in the house's days. The planner draws them as a unit's bars; the earnings
 * report counts a unit's days out and shares each order's revenue among the units that went on it.
 *
 * Pure, with the day passed in (`today`): a span still open runs to it, or to `openUntil` for the
 * order a unit is out on now (its booking's last day).
 */
import { addDays, todayIn } from './quote-rules';
import type { Unit } from '../types.generated';

export interface UnitSpan {
  status: 'out' | 'repair' | 'lost' | 'retired';
  /** The order it was out on (out spans). */
  orderId?: string;
  from: string;
  to: string;
}

/** Each span of a unit's history off the shelf, oldest first (time in service makes none). */
export function unitSpans(
  unit: Pick<Unit, 'history'>,
  timezone: string,
  today: string,
  openUntil: (orderId: string) => string | undefined = () => undefined,
): UnitSpan[] {
  const events = unit.history ?? [];
  const spans: UnitSpan[] = [];
  events.forEach((event, index) => {
    if (event.status === 'inService') return;
    const from = todayIn(timezone, new Date(event.at));
    // The order a unit went out on (a check-in names the order it came back from: not this span's).
    const out = event.status === 'out' ? event.orderId : undefined;
    const next = events[index + 1];
    const ended = next && todayIn(timezone, new Date(next.at));
    // Out counts the day it came back; a repair or a loss ends the day before it changed again.
    const to =
      ended !== undefined
        ? event.status === 'out'
          ? ended
          : maxDay(from, addDays(ended, -1))
        : maxDay(today, (out && openUntil(out)) || today);
    spans.push({ status: event.status, ...(out && { orderId: out }), from, to });
  });
  return spans;
}

const maxDay = (a: string, b: string) => (a > b ? a : b);

/** The spans that reach into [from, to], cut at its ends. */
export function spansWithin(spans: readonly UnitSpan[], from: string, to: string): UnitSpan[] {
  return spans.flatMap((span) =>
    span.to < from || span.from > to
      ? []
      : [{ ...span, from: maxDay(span.from, from), to: span.to < to ? span.to : to }],
  );
}
