/**
 * Sets of the embedded index's slots as bitsets (Uint32Array, bit i of word i >>> 5 for slot i),
 * and the counting the index does over them. Pure and synchronous.
 */

export const wordsFor = (bits: number) => (bits + 31) >>> 5;

export function popcount(word: number): number {
  word -= (word >>> 1) & 0x55555555;
  word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
  return Math.imul((word + (word >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function countBits(bits: Uint32Array): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) if (bits[w]) count += popcount(bits[w]!);
  return count;
}

/** Adds `bits`' slots to `into` (of the same length). */
export function orInto(into: Uint32Array, bits: Uint32Array): void {
  for (let w = 0; w < into.length; w++) into[w]! |= bits[w]!;
}

/** Keeps in `into` only the slots also in `bits` (of the same length). */
export function andInto(into: Uint32Array, bits: Uint32Array): void {
  for (let w = 0; w < into.length; w++) into[w]! &= bits[w]!;
}

/**
 * The bitsets one search works in, reused by the next: a fresh 31 KB typed array per step of a
 * platform search is a buffer outside the heap that only a GC frees, and those GCs were a share of
 * the slowest searches. Searches are synchronous, so one pool per catalogue serves them all.
 */
export class ScratchBits {
  private readonly free: Uint32Array[] = [];
  private readonly lent: Uint32Array[] = [];
  private words = 0;

  /** Takes back every bitset lent (the last search is over) and sizes them for `words`. */
  reset(words: number): void {
    if (words !== this.words) {
      this.free.length = 0;
      this.words = words;
    } else this.free.push(...this.lent);
    this.lent.length = 0;
  }

  /** An empty bitset, until the next reset. */
  zeroed(): Uint32Array {
    const bits = this.take();
    bits.fill(0);
    return bits;
  }

  /** A copy of `source`, until the next reset. */
  copyOf(source: Uint32Array): Uint32Array {
    const bits = this.take();
    bits.set(source);
    return bits;
  }

  private take(): Uint32Array {
    const bits = this.free.pop() ?? new Uint32Array(this.words);
    this.lent.push(bits);
    return bits;
  }
}

export function grownTo(bits: Uint32Array, words: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
}

/** The slots set in `bits`, ascending. */
export function slotsIn(bits: Uint32Array, count: number): Int32Array {
  const slots = new Int32Array(count);
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word) {
      const low = word & -word;
      slots[n++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return slots;
}

/**
 * The words of a bitset a set of slots occupies: a value of one house (its vendor, its location)
 * sits in that house's run of words on the platform, and is counted over that run alone.
 */
export class WordRanges {
  private low = new Int32Array(64);
  private high = new Int32Array(64);

  /** Notes that `set` holds a slot in `word`. */
  add(set: number, word: number): void {
    if (set >= this.low.length) {
      const low = new Int32Array(Math.max(set + 1, this.low.length * 2));
      const high = new Int32Array(low.length);
      low.set(this.low);
      high.set(this.high);
      this.low = low;
      this.high = high;
    }
    if (this.high[set] === 0) {
      this.low[set] = word;
      this.high[set] = word + 1;
    } else {
      if (word < this.low[set]!) this.low[set] = word;
      if (word >= this.high[set]!) this.high[set] = word + 1;
    }
  }

  /** The first word of the set's slots, and one past the last (0, 0 for none). */
  of(set: number): [number, number] {
    return set < this.low.length ? [this.low[set]!, this.high[set]!] : [0, 0];
  }

  width(set: number): number {
    return set < this.low.length ? this.high[set]! - this.low[set]! : 0;
  }
}

/** How many slots of `slots` are in `bits`, looking only at `bits`' own run of words. */
export function countWithin(slots: Uint32Array, bits: Uint32Array, [low, high]: [number, number]): number {
  let count = 0;
  for (let w = low; w < high; w++) {
    const both = slots[w]! & bits[w]!;
    if (both) count += popcount(both);
  }
  return count;
}
