/**
 * A seeded pseudo-random source for the sample catalogue: mulberry32 over a 32-bit state, so the
 * same seed gives the same catalogue on every machine. No Math.random, no clock.
 */

/** A 32-bit hash of a string (FNV-1a), to derive per-item seeds from names. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: number | string) {
    this.state = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max), rounded to `decimals`. */
  range(min: number, max: number, decimals = 0): number {
    const factor = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * factor) / factor;
  }

  /** true with the given probability. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(values: readonly T[]): T {
    if (values.length === 0) throw new Error('pick from an empty list');
    return values[Math.floor(this.next() * values.length)]!;
  }

  /** `count` distinct values (fewer if the list is shorter), in the list's order. */
  sample<T>(values: readonly T[], count: number): T[] {
    const chosen = new Set(this.shuffle(values.map((_, index) => index)).slice(0, count));
    return values.filter((_, index) => chosen.has(index));
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(values: readonly T[]): T[] {
    const copy = [...values];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  }

  /** A new source seeded from this one and a label, so adding a draw elsewhere does not shift it. */
  fork(label: string): Random {
    return new Random((hashString(label) ^ Math.floor(this.next() * 4294967296)) >>> 0);
  }
}
