/**
 * Long work on the event loop every house shares, a step at a time: between steps the loop is let
 * go (setImmediate), so other requests are answered while a house's years of invoices are read or
 * aged. For work that is long because of how much it reads, not how hard each step is (that goes
 * to a worker thread: worker-pool.ts).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Runs a stepwise computation (a generator that yields at each pause) to its end, letting go at each pause. */
export async function runLettingGo<T>(steps: Generator<unknown, T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await nextTurn();
  }
}
