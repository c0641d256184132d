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
 * The bitsets and word lists one search works in, reused by the next: a fresh 31 KB typed array
 * per step of a platform search is a buffer outside the heap that only a GC frees, and those GCs
 * were a share of the slowest searches. Searches are synchronous, so one pool per catalogue serves
 * them all.
 */
export class ScratchBits {
  private readonly bits = new Pool<Uint32Array>((words) => new Uint32Array(words));
  private readonly lists = new Pool<Int32Array>((words) => new Int32Array(words));

  /** Takes back everything lent (the last search is over) and sizes it for `words`. */
  reset(words: number): void {
    this.bits.reset(words);
    this.lists.reset(words);
  }

  /** An empty bitset, until the next reset. */
  zeroed(): Uint32Array {
    const bits = this.bits.take();
    bits.fill(0);
    return bits;
  }

  /** A copy of `source`, until the next reset. */
  copyOf(source: Uint32Array): Uint32Array {
    const bits = this.bits.take();
    bits.set(source);
    return bits;
  }

  /** A list as long as a bitset has words (contents undefined), until the next reset. */
  wordList(): Int32Array {
    return this.lists.take();
  }
}

class Pool<T> {
  private readonly free: T[] = [];
  private readonly lent: T[] = [];
  private words = 0;

  constructor(private readonly make: (words: number) => T) {}

  reset(words: number): void {
    if (words !== this.words) {
      this.free.length = 0;
      this.words = words;
    } else this.free.push(...this.lent);
    this.lent.length = 0;
  }

  take(): T {
    const item = this.free.pop() ?? this.make(this.words);
    this.lent.push(item);
    return item;
  }
}

/**
 * A set of slots as a search carries it: its bitset (zero outside `words`), the words with a slot in
 * them in ascending order, and how many slots. Every later step reads `words` only, so a search
 * narrowed to a few thousand of the platform's 250,000 listings stops paying for 7,800 words a step.
 */
export interface SlotSet {
  bits: Uint32Array;
  words: Int32Array;
  size: number;
}

/** `bits` as a SlotSet, reading only `candidates` (the words it can have slots in) when given. */
export function slotSetOf(bits: Uint32Array, scratch: ScratchBits, candidates?: Int32Array): SlotSet {
  const words = scratch.wordList();
  let count = 0;
  let size = 0;
  if (candidates)
    for (let i = 0; i < candidates.length; i++) {
      const word = bits[candidates[i]!]!;
      if (word) {
        words[count++] = candidates[i]!;
        size += popcount(word);
      }
    }
  else
    for (let w = 0; w < bits.length; w++) {
      const word = bits[w]!;
      if (word) {
        words[count++] = w;
        size += popcount(word);
      }
    }
  return { bits, words: words.subarray(0, count), size };
}

/** A list of most of a bitset's words is read faster as the bitset itself (the list is skipped, not the words). */
const mostWords = (words: Int32Array, bits: Uint32Array) => words.length * 4 >= bits.length * 3;

/**
 * The slots of `base` also in every one of `others`, read over `base`'s words only: one tight pass
 * per other set, each over the words the one before left, rather than a loop over the sets inside
 * the loop over words.
 */
export function intersectAll(base: SlotSet, others: readonly Uint32Array[], scratch: ScratchBits): SlotSet {
  if (!others.length) return base;
  const bits = scratch.zeroed();
  const words = scratch.wordList();
  const from = base.bits;
  const within = base.words;
  const first = others[0]!;
  let count = 0;
  if (mostWords(within, from))
    // Most words (the whole catalogue): read straight through, without the list.
    for (let w = 0; w < from.length; w++) {
      const word = from[w]! & first[w]!;
      if (word) {
        bits[w] = word;
        words[count++] = w;
      }
    }
  else
    for (let i = 0; i < within.length; i++) {
      const w = within[i]!;
      const word = from[w]! & first[w]!;
      if (word) {
        bits[w] = word;
        words[count++] = w;
      }
    }
  for (let o = 1; o < others.length; o++) {
    const other = others[o]!;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const w = words[i]!;
      const word = (bits[w] = bits[w]! & other[w]!);
      if (word) words[kept++] = w;
    }
    count = kept;
  }
  let size = 0;
  for (let i = 0; i < count; i++) size += popcount(bits[words[i]!]!);
  return { bits, words: words.subarray(0, count), size };
}

/**
 * The slots of `base` in any of `sets` (a facet's selected values), as a SlotSet: ORed straight
 * through when `base` is most of the catalogue, else over `base`'s words only.
 */
export function unionWithin(base: SlotSet, sets: readonly Uint32Array[], scratch: ScratchBits): SlotSet {
  const dense = mostWords(base.words, base.bits);
  const bits = dense && sets.length ? scratch.copyOf(sets[0]!) : scratch.zeroed();
  const within = base.words;
  if (dense) for (let s = 1; s < sets.length; s++) orInto(bits, sets[s]!);
  else
    for (const set of sets)
      for (let i = 0; i < within.length; i++) {
        const w = within[i]!;
        bits[w]! |= set[w]!;
      }
  // Two loops, not one closure over both: a closure's counters live in a heap context, and the
  // union of one value took a third longer with it (43 against 33 µs over 7,800 words).
  const words = scratch.wordList();
  const from = base.bits;
  let count = 0;
  let size = 0;
  if (dense)
    for (let w = 0; w < bits.length; w++) {
      const word = (bits[w] = bits[w]! & from[w]!);
      if (word) {
        words[count++] = w;
        size += popcount(word);
      }
    }
  else
    for (let i = 0; i < within.length; i++) {
      const w = within[i]!;
      const word = (bits[w] = bits[w]! & from[w]!);
      if (word) {
        words[count++] = w;
        size += popcount(word);
      }
    }
  return { bits, words: words.subarray(0, count), size };
}

/** The index of the first element of an ascending list at or after `value` (a word, a posting entry, a term), searching [low, high). */
export function firstAtOrAfter<T extends number | string>(sorted: ArrayLike<T>, value: T, low = 0, high = sorted.length): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function grownTo(bits: Uint32Array, words: number): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
}

/** The slots of a set, ascending. */
export function slotsIn(set: SlotSet): Int32Array {
  const slots = new Int32Array(set.size);
  let n = 0;
  for (let i = 0; i < set.words.length; i++) {
    const w = set.words[i]!;
    let word = set.bits[w]!;
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

/**
 * How many slots of `set` are in `bits`, looking only at `bits`' own run of words [low, high), and
 * within it only at the words `set` has slots in.
 */
export function countWithin(set: SlotSet, bits: Uint32Array, [low, high]: [number, number]): number {
  const { words } = set;
  let count = 0;
  for (let i = firstAtOrAfter(words, low); i < words.length; i++) {
    const w = words[i]!;
    if (w >= high) break;
    const both = set.bits[w]! & bits[w]!;
    if (both) count += popcount(both);
  }
  return count;
}
