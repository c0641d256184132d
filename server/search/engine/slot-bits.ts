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
 * The bitsets, lists and counts one search works in, reused by the next. A typed array of more than
 * 64 bytes is a buffer outside the heap, and on the platform's heap of half a gigabyte each one a
 * search made cost 15–30 µs (allocating it, then the GC work it brings): a dozen of them were half a
 * search never asked before. Searches are synchronous, so one pool serves every catalogue of an engine.
 */
export class ScratchBits {
  private readonly bits = new Pool<Uint32Array>((words) => new Uint32Array(words));
  private readonly lists = new Pool<Int32Array>((words) => new Int32Array(words));
  private readonly slotLists = new Pool<Int32Array>((slots) => new Int32Array(slots));
  private readonly tallies = new Pool<Int32Array>((values) => new Int32Array(values));
  private readonly flags = new Pool<Uint8Array>((values) => new Uint8Array(values));

  /**
   * Takes back everything lent (the last search is over) and sizes it for `words`, the words of the
   * catalogue's slots in use (its bitsets have room for more: a search reads only these), and
   * `values`, its facet values.
   */
  reset(words: number, values = 0): void {
    this.bits.reset(words);
    this.lists.reset(words);
    this.slotLists.reset(words * 32);
    this.tallies.reset(values);
    this.flags.reset(values);
  }

  /** An empty bitset, until the next reset. */
  zeroed(): Uint32Array {
    const bits = this.bits.take();
    bits.fill(0);
    return bits;
  }

  /** A bitset whose every word the caller writes (contents undefined), until the next reset. */
  wordBits(): Uint32Array {
    return this.bits.take();
  }

  /** A copy of `source`'s words in use (a catalogue's bitsets have room to grow), until the next reset. */
  copyOf(source: Uint32Array): Uint32Array {
    const bits = this.bits.take();
    bits.set(source.length === bits.length ? source : source.subarray(0, bits.length));
    return bits;
  }

  /** A list as long as a bitset has words (contents undefined), until the next reset. */
  wordList(): Int32Array {
    return this.lists.take();
  }

  /** A list of `length` slots at most as many as a bitset holds (contents undefined), until the next reset. */
  slotList(length: number): Int32Array {
    return this.slotLists.take().subarray(0, length);
  }

  /** A count per facet value, all 0, until the next reset. */
  zeroedCounts(): Int32Array {
    const counts = this.tallies.take();
    counts.fill(0);
    return counts;
  }

  /** A flag per facet value, all 0, until the next reset. */
  zeroedFlags(): Uint8Array {
    const flags = this.flags.take();
    flags.fill(0);
    return flags;
  }
}

type Numbers = Uint32Array | Int32Array | Uint8Array;

/**
 * Arrays of one length lent for a search. Their buffers are a little longer than asked, so the
 * catalogue can grow by a few slots between searches without new ones: each is lent as a view of
 * the length asked.
 */
class Pool<T extends Numbers> {
  private readonly free: T[] = [];
  private readonly lent: T[] = [];
  private length = 0;
  private bufferLength = 0;

  constructor(private readonly make: (length: number) => T) {}

  reset(length: number): void {
    this.free.push(...this.lent);
    this.lent.length = 0;
    if (length > this.bufferLength) {
      this.free.length = 0;
      this.bufferLength = length + (length >>> 3);
    }
    this.length = length;
  }

  take(): T {
    const buffer = this.free.pop() ?? this.make(this.bufferLength);
    this.lent.push(buffer);
    return buffer.subarray(0, this.length) as T;
  }
}

/**
 * A set of slots as a search carries it: its bitset (zero outside `words`), the words it can have
 * slots in, ascending (every word with a slot, and perhaps a few emptied since), and how many slots.
 * Every later step reads `words` only, so a search narrowed to a few thousand of the platform's
 * 250,000 listings stops paying for 7,800 words a step.
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
export const mostWords = (words: Int32Array, bits: Uint32Array) => words.length * 4 >= bits.length * 3;

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
 * The slots of `base` in any of `sets` (a facet's selected values), as a SlotSet: straight through
 * when `base` is most of the catalogue, else over `base`'s words only; either way in one pass that
 * reads up to four of the sets at once (more are ORed together first). Over the platform's 7,800
 * words, a pass per set and one more to count took three times as long for two values.
 */
export function unionWithin(base: SlotSet, sets: readonly Uint32Array[], scratch: ScratchBits): SlotSet {
  const words = scratch.wordList();
  if (!sets.length) return { bits: scratch.zeroed(), words: words.subarray(0, 0), size: 0 };
  let folded = sets[3];
  if (sets.length > 4) {
    folded = scratch.copyOf(sets[3]!);
    for (let s = 4; s < sets.length; s++) orInto(folded, sets[s]!);
  }
  // A set read twice is ORed in twice, which changes nothing: fewer than four sets repeat the first.
  const s0 = sets[0]!;
  const s1 = sets[1] ?? s0;
  const s2 = sets[2] ?? s0;
  const s3 = folded ?? s0;
  const from = base.bits;
  let count = 0;
  let size = 0;
  if (mostWords(base.words, from)) {
    const bits = scratch.wordBits();
    for (let w = 0; w < from.length; w++) {
      const word = (s0[w]! | s1[w]! | s2[w]! | s3[w]!) & from[w]!;
      bits[w] = word;
      if (word) {
        words[count++] = w;
        size += popcount(word);
      }
    }
    return { bits, words: words.subarray(0, count), size };
  }
  const bits = scratch.zeroed();
  const within = base.words;
  for (let i = 0; i < within.length; i++) {
    const w = within[i]!;
    const word = (s0[w]! | s1[w]! | s2[w]! | s3[w]!) & from[w]!;
    if (word) {
      bits[w] = word;
      words[count++] = w;
      size += popcount(word);
    }
  }
  return { bits, words: words.subarray(0, count), size };
}

/** The index of the first element of an ascending list at or after `value` (a word, a posting entry, a term), searching [low, high). */
export function firstAtOrAfter<T extends number | string>(
  sorted: ArrayLike<T>,
  value: T,
  low = 0,
  high = sorted.length,
): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function grownTo(bits: Uint32Array, words: number): Uint32Array<ArrayBuffer> {
  return lengthened(bits, words) as Uint32Array<ArrayBuffer>;
}

/** A copy of a per-slot array `length` long, what it held first; the rest `fill` (0 unless given). */
export function lengthened<A extends Uint32Array | Int32Array | Float64Array>(array: A, length: number, fill = 0): A {
  const next = new (array.constructor as new (length: number) => A)(length);
  if (fill) next.fill(fill);
  next.set(array);
  return next;
}

/** The slots of a set, ascending. */
export function slotsIn(set: SlotSet, scratch: ScratchBits): Int32Array {
  const slots = scratch.slotList(set.size);
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
 * sits in that house's run of words on the platform, and is counted over that run alone. Slots come
 * in ascending order, so a set's words are its run and then, once other sets' slots came between
 * (a house's items added or changed since the platform was laid out), the words beyond it: a house
 * that edits one item stays a run and a word, not a range to the end of the catalogue.
 */
export class WordRanges {
  private low = new Int32Array(64);
  private high = new Int32Array(64);
  private readonly beyond = new Map<number, number[]>();

  /** Notes that `set` holds a slot in `word` (never before a word it was given). */
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
      return;
    }
    if (word >= this.low[set]! && word < this.high[set]!) return;
    const beyond = this.beyond.get(set);
    if (word === this.high[set] && !beyond) this.high[set] = word + 1;
    else if (!beyond) this.beyond.set(set, [word]);
    else if (beyond[beyond.length - 1] !== word) beyond.push(word);
  }

  /** The set's run: its first word, and one past the run's last (0, 0 for none). */
  of(set: number): [number, number] {
    return set < this.low.length ? [this.low[set]!, this.high[set]!] : [0, 0];
  }

  /** The set's words past its run, ascending. */
  beyondOf(set: number): readonly number[] {
    return this.beyond.get(set) ?? [];
  }

  /** How many words the set's slots are in at most. */
  width(set: number): number {
    return set < this.low.length ? this.high[set]! - this.low[set]! + (this.beyond.get(set)?.length ?? 0) : 0;
  }
}

/**
 * Per word, the one value (on the platform, a house's vendor value) every slot ever put in it holds,
 * or none in common. A house's listings fill whole words of their own, so the houses' counts within
 * a set are its words' popcounts, each added to the word's owner: one pass over the set's words,
 * with no house's bitset read (out of the cache, reading each house's bitset over its run cost a
 * broad platform search 130–190 µs). Only a word two houses share is read slot by slot.
 */
export class WordOwners {
  private owner = new Int32Array(0);
  private owners = new Uint8Array(0);

  /** Room for `words` words (a new word has no owner yet). */
  grow(words: number): void {
    if (words <= this.owner.length) return;
    const owner = new Int32Array(words).fill(NO_OWNER);
    owner.set(this.owner);
    this.owner = owner;
  }

  /** Notes that a slot in `word` holds `value`. */
  add(value: number, word: number): void {
    if (value >= this.owners.length) {
      const owners = new Uint8Array(Math.max(value + 1, this.owners.length * 2, 64));
      owners.set(this.owners);
      this.owners = owners;
    }
    this.owners[value] = 1;
    const now = this.owner[word]!;
    if (now === NO_OWNER) this.owner[word] = value;
    else if (now !== value) this.owner[word] = SHARED;
  }

  /** The one value every slot ever put in `word` holds; negative when none is, or none was put there. */
  of(word: number): number {
    return this.owner[word] ?? NO_OWNER;
  }

  /**
   * The slots of `word` holding `value`, as the word's bits: all of them when every slot ever put
   * in the word holds it (a house's run), none when all hold another; a word two share is read slot
   * by slot from `valueOf` (each slot's value) among the first `slots`. Slots not yet used or
   * retired are never in a set this is ANDed with.
   */
  slotsOf(value: number, word: number, valueOf: Int32Array, slots: number): number {
    const owner = this.of(word);
    if (owner === value) return ~0;
    if (owner >= 0) return 0;
    let bits = 0;
    for (let slot = word << 5, end = Math.min(slot + 32, slots); slot < end; slot++)
      if (valueOf[slot] === value) bits |= 1 << (slot & 31);
    return bits;
  }

  /** Whether `value` is one that owns words (a vendor value). */
  owns(value: number): boolean {
    return this.owners[value] === 1;
  }

  /** Adds each owner's slots in `set` to `counts`; a shared word's slots are handed to `slotOf` one by one. */
  count(set: SlotSet, counts: Int32Array, slotOf: (slot: number) => void): void {
    const { bits, words } = set;
    if (!words.length) return;
    const { owner } = this;
    // Most words: read straight through from the first to the last, without the list.
    const dense = mostWords(words, bits);
    const end = dense ? words[words.length - 1]! + 1 : words.length;
    for (let i = dense ? words[0]! : 0; i < end; i++) {
      const w = dense ? i : words[i]!;
      let word = bits[w]!;
      if (!word) continue;
      const value = owner[w]!;
      if (value >= 0) counts[value]! += popcount(word);
      else for (; word; word &= word - 1) slotOf((w << 5) + 31 - Math.clz32(word & -word));
    }
  }
}

const NO_OWNER = -2;
const SHARED = -1;

/**
 * How many slots of `set` are in `bits`, the bitset of the set `of` in `ranges`: looking only at
 * its run of words, within it only at the words `set` has slots in, and at its words beyond the run.
 */
export function countWithin(set: SlotSet, bits: Uint32Array, ranges: WordRanges, of: number): number {
  const { words } = set;
  const [low, high] = ranges.of(of);
  let count = 0;
  for (let i = firstAtOrAfter(words, low); i < words.length; i++) {
    const w = words[i]!;
    if (w >= high) break;
    const both = set.bits[w]! & bits[w]!;
    if (both) count += popcount(both);
  }
  for (const w of ranges.beyondOf(of)) {
    const both = set.bits[w]! & bits[w]!;
    if (both) count += popcount(both);
  }
  return count;
}
