/** What the benchmarks share: how figures are printed, percentiles, a repeatable random sequence, a year of bookings, and a load of distinct addresses. */
import autocannon from 'autocannon';
import type { Booking } from '../../schema/rental/availability';
import { addDays } from '../../schema/rental/quote-rules';

/** A number as the notes print it, with `digits` decimals. */
export const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The p-th percentile of some timings (nearest rank). */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** mulberry32: the same sequence for the same seed, so figures do not move run to run with the data (Math.random would). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A year of bookings from `today`, two per item on average (one in four a pencil), a few days to
 * three weeks each, on items `item-0` … `item-<items - 1>`: what the availability benches read.
 */
export function spreadBookings(count: number, items: number, random: () => number, today: string): Booking[] {
  const pick = (n: number) => Math.floor(random() * n);
  return Array.from({ length: count }, (_, index) => {
    const first = addDays(today, pick(365));
    return {
      quoteId: `quote-${Math.floor(index / 3)}`,
      objectID: `item-${pick(items)}`,
      quantity: 1,
      firstDay: first,
      lastDay: addDays(first, 1 + pick(20)),
      kind: index % 4 === 0 ? 'pencil' : 'order',
    };
  });
}

/** autocannon asking `addresses` in turn (from `offset`), one per request: pages no cache has seen. */
export function askInTurn(
  url: string,
  addresses: readonly string[],
  options: { connections: number; duration: number; headers: Record<string, string>; offset?: number },
) {
  let next = options.offset ?? 0;
  return autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    headers: options.headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: addresses[next++ % addresses.length]! }) }],
  });
}

/** The heap and the typed arrays' buffers outside it (the index's bitsets and lists are those). */
export const memoryMb = () => {
  globalThis.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heap: heapUsed / 1_048_576, buffers: arrayBuffers / 1_048_576 };
};
