/**
 * A platform listing's words, read through its house's own text index rather than indexed again.
 * A listing's name, description, tags and colours are its house item's, so the house's postings
 * already say where each word is; the platform keeps only which of its slots each house slot is
 * listed as. Its own postings keep the words of its own category (the platform's, not the house's)
 * and those of a listing whose text differs from its house item's. At 20 houses the platform's
 * word index was 273 of the 1,772 bytes a listing cost.
 *
 * A house's postings are append-only until the house is rebuilt, and a rebuilt house's old index
 * stays here while a listing still reads through it, as its old shelf does (document-shelf.ts).
 */
import { firstAtOrAfter, lengthened } from './slot-bits';

/** A posting packs its slot and the fields the word came from: slot * 32 + field bits. */
export const FIELD_BITS = 5;
/** The field bit of a category's words. */
export const CATEGORY_FIELD = 4;
/** The field bits a listing reads through its house: all but the house's category (it has the platform's). */
const THROUGH_FIELDS = 31 & ~CATEGORY_FIELD;

/** What a house's text index answers for its words to be read through. */
export interface HousePostings {
  postingOf(term: string): ArrayLike<number> | undefined;
}

interface Base {
  house: HousePostings;
  /** Per house slot: the platform slot that lists it (-1: none). */
  listingOf: Int32Array;
  /** Listings not retired that read through it: one no listing needs is let go. */
  listings: number;
}

/** Visits a listing's posting read through its house: its slot and field bits (never 0). */
export type ThroughEntry = (slot: number, fields: number) => void;

export class HouseWords {
  private readonly bases: Array<Base | undefined> = [];
  private readonly numbers = new Map<HousePostings, number>();
  /** Per slot: its base's number + 1 (0: its words are all its own), and its slot there. */
  private baseOf = new Int32Array(0);
  private baseSlotOf = new Int32Array(0);

  /** Whether any slot reads its words through a house. */
  get any(): boolean {
    return this.numbers.size > 0;
  }

  grow(capacity: number): void {
    if (capacity <= this.baseOf.length) return;
    this.baseOf = lengthened(this.baseOf, capacity);
    this.baseSlotOf = lengthened(this.baseSlotOf, capacity);
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
    this.baseSlotOf[slot] = houseSlot;
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

  /** Visits every listed slot `term` is in through a house. */
  each(term: string, visit: ThroughEntry): void {
    for (const base of this.bases) {
      const posting = base?.house.postingOf(term);
      if (!posting) continue;
      const { listingOf } = base!;
      for (let i = 0; i < posting.length; i++) {
        const entry = posting[i]!;
        const fields = entry & THROUGH_FIELDS;
        const slot = fields ? (listingOf[entry >>> FIELD_BITS] ?? -1) : -1;
        if (slot >= 0) visit(slot, fields);
      }
    }
  }

  /**
   * Visits `term`'s postings through a house (`many` of them) for `slots` only: each looked up in
   * its house's postings when they are few against them, else every posting (slots not asked for
   * are visited too, as the caller's scoring allows).
   */
  eachOf(term: string, many: number, slots: ArrayLike<number>, visit: ThroughEntry): void {
    if (slots.length * Math.log2(2 + many) >= many) return this.each(term, visit);
    let number = -1;
    let posting: ArrayLike<number> | undefined;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const base = this.baseOf[slot]! - 1;
      if (base < 0) continue;
      if (base !== number) posting = this.bases[(number = base)]?.house.postingOf(term);
      if (!posting) continue;
      const houseSlot = this.baseSlotOf[slot]!;
      const at = firstAtOrAfter(posting, houseSlot << FIELD_BITS);
      const entry = posting[at];
      if (entry === undefined || entry >>> FIELD_BITS !== houseSlot) continue;
      const fields = entry & THROUGH_FIELDS;
      if (fields) visit(slot, fields);
    }
  }
}
