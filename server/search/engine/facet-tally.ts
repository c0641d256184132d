/**
 * Counting facet values within a set of the embedded index's slots, exactly where that is cheap
 * and from a sample where it is not.
 *
 * A facet count can be made two ways: per value, the popcount of (set AND value's bitset) over the
 * set's words; or per slot of the set, one count for each of its values (SlotValues). The cheaper
 * of the two is exact. The houses' vendor values are always counted exactly, from the words each
 * house owns (slot-bits.ts's WordOwners), and a value in a few words over those words alone. When
 * both ways would cost more than EXACT_BUDGET, the rest are counted on a systematic sample of the
 * set's words (every k-th, so each house's run is sampled in proportion) and scaled up, and the
 * result says its counts are estimated: the way Typesense's facet_sample_percent and Algolia's
 * non-exhaustive facet counts keep a search over a quarter of a million listings as quick as one
 * house's.
 */
import { countWithin, popcount, type ScratchBits, type SlotSet, type WordOwners, type WordRanges } from './slot-bits';

/**
 * Word or slot visits an exact count may take: a house of 5,000 items is counted exactly in about
 * 30,000 (its every facet value over its 157 words), so any house up to about 8,000 items always is.
 */
const EXACT_BUDGET = 48_000;
/** A set within this many words (a catalogue of up to 10,000 items) is always counted exactly. */
const EXACT_WITHIN_WORDS = 320;
/**
 * What visiting one slot's values costs beyond reading them, in word visits. Timing both ways on
 * every count of the benchmark's 300 platform searches (out of the cache, as searches leave it): a
 * value's bitset read at a sample's scattered words cost about 6 ns a word, a slot's record about
 * 65 ns (its 6 values and the miss), so about 4 beyond its values.
 */
const SLOT_VISIT = 4;
/**
 * What reading a value's bitset at one of a sample's words costs, in word visits: the words are far
 * apart, so each is a cache line of its own for every value. Timing both ways on the benchmark's
 * broad platform counts ("tric", three colours: 90 values over 391 sampled words), per value took
 * 90 µs warm and 260 µs out of the cache, per slot 52 and 106–127 µs.
 */
const SCATTERED_WORD_VISIT = 2.5;
/** A value within a quarter of a set's words and within EXACT_WITHIN_WORDS is counted over them alone. */
const isNarrow = (width: number, setWords: number) => width * 4 <= setWords && width <= EXACT_WITHIN_WORDS;
/** Slots a sample aims at: a value on 1 in 20 of them is counted within about 7 %. */
const SAMPLE_SLOTS = 4_000;

/** SlotValues.tally's lists of record places and record sizes, reused (searches are synchronous). */
const gathered = {
  places: new Int32Array(8192),
  sizes: new Uint16Array(8192),
  grow(needed: number): Int32Array {
    const length = Math.max(needed, this.places.length * 2);
    const places = new Int32Array(length);
    places.set(this.places);
    this.places = places;
    this.sizes = new Uint16Array(length);
    return places;
  },
};

/** A slot's record: its count of values, then up to RECORD - 1 value numbers. */
const RECORD = 16;
/** A record's count saying the slot's values are in `overflow` (too many, or a number too large). */
const OVERFLOW = 0xffff;

/**
 * Each slot's facet values (value numbers), appended slot by slot, in fixed records of 16 shorts
 * (32 bytes, so a record never straddles two cache lines): a sampled slot's values are one memory
 * read. Counting a sample of 3,500 of the platform's 250,000 listings took 20–40 % less than from
 * offsets into one long list, which cost a second read per slot (measured apart from a search).
 */
export class SlotValues {
  private records = new Uint16Array(1024 * RECORD);
  /** The values of slots with more than RECORD - 1 of them, or a value number past 0xfffe. */
  private readonly overflow = new Map<number, Int32Array>();
  private slots = 0;
  private stored = 0;

  /** The values of the next slot (slots are appended in order, as the index makes them). */
  append(slot: number, numbers: readonly number[]): void {
    if (slot !== this.slots) throw new Error(`slot ${slot} appended out of order (next is ${this.slots})`);
    if ((slot + 1) * RECORD > this.records.length) {
      const records = new Uint16Array(Math.max((slot + 1) * RECORD, this.records.length * 2));
      records.set(this.records);
      this.records = records;
    }
    const at = slot * RECORD;
    if (numbers.length < RECORD && numbers.every((number) => number < OVERFLOW)) {
      this.records[at] = numbers.length;
      this.records.set(numbers, at + 1);
    } else {
      this.records[at] = OVERFLOW;
      this.overflow.set(slot, Int32Array.from(numbers));
    }
    this.stored += numbers.length;
    this.slots++;
  }

  /** Calls `each` with every value of the slot. */
  forEach(slot: number, each: (value: number) => void): void {
    const at = slot * RECORD;
    const count = this.records[at]!;
    if (count === OVERFLOW) for (const value of this.overflow.get(slot)!) each(value);
    else for (let i = 1; i <= count; i++) each(this.records[at + i]!);
  }

  /** Values per slot, on average. */
  get density(): number {
    return this.slots ? this.stored / this.slots : 0;
  }

  /**
   * Adds every value of each slot in `set` among `words` to `counts`; returns the slots seen.
   * In three loops: the records' places; then each record's count, loads that depend on nothing
   * but the place, so the processor has dozens of them (mostly cache misses on the platform) under
   * way at once; then the values, from records now in the cache. Over a sample of 3,500 of the
   * platform's 250,000 listings, out of the cache, this took 150–240 µs where one loop that read
   * each record as its bit was found took 430–560 µs.
   */
  tally(set: Uint32Array, words: ArrayLike<number>, counts: Int32Array): number {
    const { records } = this;
    let places: Int32Array = gathered.places;
    let seen = 0;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      let word = set[w]!;
      if (seen + 32 > places.length) places = gathered.grow(seen + 32);
      while (word) {
        const low = word & -word;
        places[seen++] = ((w << 5) + 31 - Math.clz32(low)) * RECORD;
        word ^= low;
      }
    }
    const sizes = gathered.sizes;
    for (let j = 0; j < seen; j++) sizes[j] = records[places[j]!]!;
    for (let j = 0; j < seen; j++) {
      const at = places[j]!;
      const count = sizes[j]!;
      if (count === OVERFLOW) for (const value of this.overflow.get(at / RECORD)!) counts[value]!++;
      else for (let i = at + 1, end = at + 1 + count; i < end; i++) counts[records[i]!]!++;
    }
    return seen;
  }
}

export interface TallySource {
  slotValues: SlotValues;
  /** Per value number, its slots (none for the values that own words: see owners). */
  valueBits: ReadonlyArray<Uint32Array | undefined>;
  valueRanges: WordRanges;
  /** The values that own words (the vendors'): always counted exactly, from the set's words. */
  owners: WordOwners;
  /** The search's own lists and counts (see ScratchBits). */
  scratch: ScratchBits;
}

/**
 * Counts `values` (value numbers) within `set` into `counts`, and marks in `estimated` the values
 * whose counts are estimates from a sample.
 */
export function tallyFacets(
  source: TallySource,
  set: SlotSet,
  values: readonly number[],
  counts: Int32Array,
  estimated: Uint8Array,
): void {
  const { bits, words: occupied, size } = set;
  const spread: number[] = [];
  const owned: number[] = [];
  for (const value of values) {
    if (source.owners.owns(value)) owned.push(value);
    // A value in a few words (one house's or two) is counted exactly over them. One in many, of
    // many houses (the London houses' bins), is counted with the rest: exact when they are, and
    // else from the sample, where it costs nothing more (read exactly, out of the cache, the six
    // bins of ten London houses took 50–120 µs).
    else if (isNarrow(source.valueRanges.width(value), occupied.length))
      counts[value] = countWithin(set, source.valueBits[value]!, source.valueRanges, value);
    else spread.push(value);
  }
  if (owned.length) countOwned(source, set, owned, counts);
  if (!spread.length) return;
  if (
    !size ||
    occupied.length <= EXACT_WITHIN_WORDS ||
    Math.min(spread.length * occupied.length, size * (source.slotValues.density + SLOT_VISIT)) <= EXACT_BUDGET
  ) {
    countOn(source, bits, occupied, size, spread, counts, 1);
    return;
  }
  // A systematic sample of the set's words: every k-th, so each house's run is sampled in proportion.
  // (A loop: TypedArray#filter with a callback took a third of a broad search.)
  const stride = Math.ceil(size / SAMPLE_SLOTS);
  const sample = source.scratch.wordList().subarray(0, Math.ceil(occupied.length / stride));
  let seen = 0;
  for (let i = 0, at = 0; at < occupied.length; i++, at += stride) {
    sample[i] = occupied[at]!;
    seen += popcount(bits[occupied[at]!]!);
  }
  countOn(source, bits, sample, seen, spread, counts, SCATTERED_WORD_VISIT);
  const scale = size / Math.max(1, seen);
  for (const value of spread) {
    counts[value] = Math.round(counts[value]! * scale);
    estimated[value] = 1;
  }
}

/** Counts `values` within the `slots` slots of `set` among `words`, the cheaper way (`wordVisit`: what reading a value at one of the words costs). */
function countOn(
  source: TallySource,
  set: Uint32Array,
  words: ArrayLike<number>,
  slots: number,
  values: readonly number[],
  counts: Int32Array,
  wordVisit: number,
): void {
  if (values.length * words.length * wordVisit <= slots * (source.slotValues.density + SLOT_VISIT)) {
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
  const all = source.scratch.zeroedCounts();
  source.slotValues.tally(set, words, all);
  for (const value of values) counts[value] = all[value]!;
}

/** Counts the owning values `owned` within `set` exactly, from its words' owners. */
function countOwned(source: TallySource, set: SlotSet, owned: readonly number[], counts: Int32Array): void {
  const { owners, slotValues } = source;
  const all = source.scratch.zeroedCounts();
  owners.count(set, all, (slot) =>
    slotValues.forEach(slot, (value) => {
      if (owners.owns(value)) all[value]!++;
    }),
  );
  for (const value of owned) counts[value] = all[value]!;
}
