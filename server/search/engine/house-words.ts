/**
 * A platform listing's words, read through its house's own text index rather than indexed again.
 * A listing's name, description, tags and colours are its house item's, so the house's postings
 * already say where each word is; the platform keeps only which of its slots each house slot is
 * listed as. Its own postings keep the words of its own category (the platform's, not the house's)
 * and those of a listing whose text differs from its house item's. At 20 houses the platform's
 * word index was 273 of the 1,772 bytes a listing cost.
 *
 * A search reads a term's postings whole (its own and every house's, as one list in slot order,
 * the fields of both put together): they are put together once, when first asked for, and kept,
 * the least recently asked let go past KEPT_ENTRIES; each write adds to those kept. Read house by
 * house at each search, a page's CPU grew with the number of houses.
 *
 * A house's postings are append-only until the house is rebuilt, and a rebuilt house's old index
 * stays here while a listing still reads through it, as its old shelf does (document-shelf.ts).
 */
import { lengthened } from './slot-bits';

/** A posting packs its slot and the fields the word came from: slot * 32 + field bits. */
export const FIELD_BITS = 5;
/** The field bit of a category's words. */
export const CATEGORY_FIELD = 4;
/** The field bits a listing reads through its house: all but the house's category (it has the platform's). */
const THROUGH_FIELDS = 31 & ~CATEGORY_FIELD;
/** Room for postings kept put together, at most (4 bytes each: 16 MB). */
const KEPT_ENTRIES = 1 << 22;
/** Below this many slots, a term's are sorted; above, read off in order from the per-slot scratch. */
const SORTED_BELOW = 4096;

/** Where a term's postings are in a house's index, without a copy: `entries[from]` to `entries[to - 1]`. */
export interface Located {
  entries: ArrayLike<number>;
  from: number;
  to: number;
}

/** What a house's text index answers for its words to be read through. */
export interface HousePostings {
  /** Whether the house has postings for `term`; if so, where they are, in `at`. */
  locate(term: string, at: Located): boolean;
}

/** Per-slot scratch, zeroed between uses: a slot's field bits, and the slots set. */
export interface FieldScratch {
  fields: Uint8Array;
  fielded: Int32Array;
}

interface Base {
  house: HousePostings;
  /** Per house slot: the platform slot that lists it (-1: none). */
  listingOf: Int32Array;
  /** Listings not retired that read through it: one no listing needs is let go. */
  listings: number;
}

/** A term's postings put together, with room to grow. */
interface Whole {
  entries: Uint32Array;
  length: number;
}

/** Where a house's postings are read (searches are synchronous: one will do). */
const at: Located = { entries: [], from: 0, to: 0 };

export class HouseWords {
  private readonly bases: Array<Base | undefined> = [];
  private readonly numbers = new Map<HousePostings, number>();
  /** Per slot: its base's number + 1 (0: its words are all its own). */
  private baseOf = new Int32Array(0);
  /** Terms' postings put together, the least recently asked first. */
  private readonly kept = new Map<string, Whole>();
  private keptEntries = 0;

  /** Whether any slot reads its words through a house. */
  get any(): boolean {
    return this.numbers.size > 0;
  }

  grow(capacity: number): void {
    if (capacity > this.baseOf.length) this.baseOf = lengthened(this.baseOf, capacity);
  }

  /** The listing in `slot` reads its words through `house`'s `houseSlot`. */
  add(slot: number, house: HousePostings, houseSlot: number): void {
    let number = this.numbers.get(house);
    if (number === undefined) {
      number = this.bases.push({ house, listingOf: new Int32Array(0), listings: 0 }) - 1;
      this.numbers.set(house, number);
    }
    const base = this.bases[number]!;
    if (houseSlot >= base.listingOf.length)
      base.listingOf = lengthened(base.listingOf, Math.max(houseSlot + 1, base.listingOf.length * 2, 64), -1);
    base.listingOf[houseSlot] = slot;
    base.listings++;
    this.baseOf[slot] = number + 1;
  }

  /** The slot is retired; a house no listing reads through any more is let go. */
  retire(slot: number): void {
    const number = this.baseOf[slot]! - 1;
    if (number < 0) return;
    this.baseOf[slot] = 0;
    const base = this.bases[number]!;
    if (--base.listings > 0) return;
    this.numbers.delete(base.house);
    this.bases[number] = undefined;
  }

  /** `term` was indexed in a slot after every other (`entry`: slot and all its fields): added to its postings if kept. */
  added(term: string, entry: number): void {
    const whole = this.kept.get(term);
    if (!whole) return;
    if (whole.length === whole.entries.length) {
      // The room grown counts against the limit, not only the postings in it.
      this.keptEntries -= whole.entries.length;
      whole.entries = lengthened(whole.entries, whole.length * 2 + 16);
      this.keptEntries += whole.entries.length;
    }
    whole.entries[whole.length++] = entry;
  }

  /** `term`'s postings, its own (`own`) and through the houses, put together in slot order. */
  whole(term: string, own: ArrayLike<number>, scratch: FieldScratch): Uint32Array {
    let whole = this.kept.get(term);
    if (whole) {
      // Asked again: the most recently asked now.
      this.kept.delete(term);
      this.kept.set(term, whole);
      return whole.entries.subarray(0, whole.length);
    }
    const entries = putTogether(this.bases, term, own, scratch);
    this.kept.set(term, (whole = { entries, length: entries.length }));
    this.keptEntries += entries.length;
    for (const [kept, { entries: room }] of this.kept) {
      if (this.keptEntries <= KEPT_ENTRIES || kept === term) break;
      this.kept.delete(kept);
      this.keptEntries -= room.length;
    }
    return entries;
  }
}

/** A term's own postings and every house's, as one list in slot order with the fields of both. */
function putTogether(
  bases: ReadonlyArray<Base | undefined>,
  term: string,
  own: ArrayLike<number>,
  { fields, fielded }: FieldScratch,
): Uint32Array {
  let count = 0;
  const set = (slot: number, bits: number) => {
    if (!fields[slot]) fielded[count++] = slot;
    fields[slot]! |= bits;
  };
  for (let i = 0; i < own.length; i++) set(own[i]! >>> FIELD_BITS, own[i]! & 31);
  for (const base of bases) {
    if (!base?.house.locate(term, at)) continue;
    const { listingOf } = base;
    const { entries, to } = at;
    for (let i = at.from; i < to; i++) {
      const entry = entries[i]!;
      const bits = entry & THROUGH_FIELDS;
      const slot = bits ? (listingOf[entry >>> FIELD_BITS] ?? -1) : -1;
      if (slot >= 0) set(slot, bits);
    }
  }
  const whole = new Uint32Array(count);
  if (count < SORTED_BELOW) {
    const slots = fielded.subarray(0, count).sort();
    for (let i = 0; i < count; i++) whole[i] = (slots[i]! << FIELD_BITS) | fields[slots[i]!]!;
  } else {
    let lowest = Infinity;
    let highest = -1;
    for (let i = 0; i < count; i++) {
      lowest = Math.min(lowest, fielded[i]!);
      highest = Math.max(highest, fielded[i]!);
    }
    for (let slot = lowest, n = 0; slot <= highest; slot++)
      if (fields[slot]) whole[n++] = (slot << FIELD_BITS) | fields[slot]!;
  }
  for (let i = 0; i < count; i++) fields[fielded[i]!] = 0;
  return whole;
}
