/**
 * Long work on the event loop every house shares, a step at a time: between steps the loop is let
 * go (setImmediate), so other requests are answered while a house's years of invoices are read or
 * aged. For work that is long because of how much it reads, not how hard each step is (that goes
 * to a worker thread: worker-pool.ts).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify, type Options } from 'csv-stringify/sync';

/** Runs a stepwise computation (a generator that yields at each pause) to its end, letting go at each pause. */
export async function runLettingGo<T>(steps: Generator<unknown, T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await nextTurn();
  }
}

/** Rows made and written a step at a time. */
const CSV_STEP = 1_000;

/**
 * A CSV file of many rows (a year of payments): its header, then each item's row, made and written
 * CSV_STEP items at a time, letting go between.
 */
export async function csvLettingGo<T>(
  header: readonly unknown[],
  items: readonly T[],
  row: (item: T) => unknown[],
  options: Options,
): Promise<string> {
  const parts = [stringify([header], options)];
  for (let at = 0; at < items.length; at += CSV_STEP) {
    await nextTurn();
    parts.push(stringify(items.slice(at, at + CSV_STEP).map(row), options));
  }
  return parts.join('');
}
