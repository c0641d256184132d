/**
 * Counting facet values within a set of the embedded index's slots, exactly where that is cheap
 * and from a sample where it is not.
 *
 * A facet count can be made two ways: per value, the popcount of (set AND value's bitset) over the
 * set's words; or per slot of the set, one count for each of its values (SlotValues). The cheaper
 * of the two is exact. A value held by one run of words (on the platform, a house's vendor value)
 * is always counted over that run alone. When both ways would cost more than EXACT_BUDGET, the
 * rest are counted on a systematic sample of the set's words (every k-th,
 * so each house's run is sampled in proportion) and scaled up, and the result says its counts are
 * estimated: the way Typesense's facet_sample_percent and Algolia's non-exhaustive facet counts
 * keep a search over a quarter of a million listings as quick as one house's.
 */
import { countWithin, popcount, type WordRanges } from './slot-bits';

/**
 * Word or slot visits an exact count may take: a house of 5,000 items is counted exactly in about
 * 30,000 (its every facet value over its 157 words), so any house up to about 8,000 items always is.
 */
const EXACT_BUDGET = 48_000;
/** A set within this many words (a catalogue of up to 10,000 items) is always counted exactly. */
const EXACT_WITHIN_WORDS = 320;
/**
 * What visiting one slot's values costs, in word visits: a slot's values lie apart from the next
 * slot's, so each is a cache miss, where a value's bitset is read straight through. Measured on the
 * platform's benchmark, where the index is mostly out of the cache; searches of one query repeated
 * (all in cache) would put it nearer 12, and did worse on the benchmark's mixed queries with it.
 */
const SLOT_VISIT = 32;
/** Slots a sample aims at: a value on 1 in 20 of them is counted within about 7 %. */
const SAMPLE_SLOTS = 4_000;

/** Each slot's facet values (value numbers), appended slot by slot. */
export class SlotValues {
  private start = new Int32Array(1025);
  private values = new Int32Array(8192);
  private slots = 0;

  /** The values of the next slot (slots are appended in order, as the index makes them). */
  append(slot: number, numbers: readonly number[]): void {
    if (slot !== this.slots) throw new Error(`slot ${slot} appended out of order (next is ${this.slots})`);
    if (slot + 2 > this.start.length) this.start = grown(this.start, slot + 2);
    const from = this.start[slot]!;
    if (from + numbers.length > this.values.length) this.values = grown(this.values, from + numbers.length);
    this.values.set(numbers, from);
    this.start[slot + 1] = from + numbers.length;
    this.slots++;
  }

  /** Calls `each` with every value of the slot. */
  forEach(slot: number, each: (value: number) => void): void {
    for (let at = this.start[slot]!, end = this.start[slot + 1]!; at < end; at++) each(this.values[at]!);
  }

  /** Values per slot, on average. */
  get density(): number {
    return this.slots ? this.start[this.slots]! / this.slots : 0;
  }

  /** Adds each wanted value of each slot in `set` among `words` to `counts`; returns the slots seen. */
  tally(set: Uint32Array, words: ArrayLike<number>, wanted: Uint8Array, counts: Int32Array): number {
    const { start, values } = this;
    let seen = 0;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      let word = set[w]!;
      while (word) {
        const low = word & -word;
        const slot = (w << 5) + 31 - Math.clz32(low);
        word ^= low;
        seen++;
        for (let at = start[slot]!, end = start[slot + 1]!; at < end; at++) {
          const value = values[at]!;
          if (wanted[value]) counts[value]!++;
        }
      }
    }
    return seen;
  }
}

function grown(array: Int32Array, needed: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}

export interface TallySource {
  slotValues: SlotValues;
  valueBits: readonly Uint32Array[];
  valueRanges: WordRanges;
}

/**
 * Counts `values` (value numbers) within `set` (of `size` slots) into `counts`, and marks in
 * `estimated` the values whose counts are estimates from a sample.
 */
export function tallyFacets(source: TallySource, set: Uint32Array, size: number, values: readonly number[], counts: Int32Array, estimated: Uint8Array): void {
  const occupied = occupiedWords(set);
  const spread: number[] = [];
  for (const value of values) {
    // A value in a narrow run of words is counted exactly over that run.
    if (source.valueRanges.width(value) * 4 <= occupied.length) counts[value] = countWithin(set, source.valueBits[value]!, source.valueRanges.of(value));
    else spread.push(value);
  }
  if (!spread.length) return;
  if (!size || occupied.length <= EXACT_WITHIN_WORDS || Math.min(spread.length * occupied.length, size * (source.slotValues.density + SLOT_VISIT)) <= EXACT_BUDGET) {
    countOn(source, set, occupied, size, spread, counts);
    return;
  }
  // A systematic sample of the set's words: every k-th, so each house's run is sampled in proportion.
  // (A loop: TypedArray#filter with a callback took a third of a broad search.)
  const stride = Math.ceil(size / SAMPLE_SLOTS);
  const sample = new Int32Array(Math.ceil(occupied.length / stride));
  let seen = 0;
  for (let i = 0, at = 0; at < occupied.length; i++, at += stride) {
    sample[i] = occupied[at]!;
    seen += popcount(set[occupied[at]!]!);
  }
  countOn(source, set, sample, seen, spread, counts);
  const scale = size / Math.max(1, seen);
  for (const value of spread) {
    counts[value] = Math.round(counts[value]! * scale);
    estimated[value] = 1;
  }
}

/** Counts `values` within the `slots` slots of `set` among `words`, the cheaper way. */
function countOn(source: TallySource, set: Uint32Array, words: ArrayLike<number>, slots: number, values: readonly number[], counts: Int32Array): void {
  if (values.length * words.length <= slots * (source.slotValues.density + SLOT_VISIT)) {
    for (const value of values) {
      const bits = source.valueBits[value]!;
      let count = 0;
      for (let i = 0; i < words.length; i++) {
        const w = words[i]!;
        const both = set[w]! & bits[w]!;
        if (both) count += popcount(both);
      }
      counts[value] = count;
    }
    return;
  }
  const wanted = new Uint8Array(counts.length);
  for (const value of values) {
    wanted[value] = 1;
    counts[value] = 0;
  }
  source.slotValues.tally(set, words, wanted, counts);
}

/** occupiedWords' answer, reused: it is read only within one tallyFacets. */
let occupiedScratch = new Int32Array(0);

/** The words of `set` with a slot in them, ascending (valid until the next call). */
function occupiedWords(set: Uint32Array): Int32Array {
  if (occupiedScratch.length < set.length) occupiedScratch = new Int32Array(set.length);
  const words = occupiedScratch;
  let count = 0;
  for (let w = 0; w < set.length; w++) if (set[w]) words[count++] = w;
  return words.subarray(0, count);
}
