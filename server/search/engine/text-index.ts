/**
 * The embedded index's text (in-process-search.ts holds the rest): words are runs of letters and
 * digits, case and accents folded; each has a posting list of the slots it is in and the fields it
 * came from (common words also a bitset of their slots, so matching one is a pass over words); a
 * query word matches terms exactly, as a prefix, or with a typo or two (typos.ts), rarest word
 * first; and relevance is scored only over the slots a page is drawn from.
 */
import type { Item } from '../../../schema/types.generated';
import { CATEGORY_FIELD, FIELD_BITS, HouseWords, type HousePostings, type Located } from './house-words';
import { firstAtOrAfter, grownTo, orInto, type ScratchBits } from './slot-bits';
import { termsWithinTypos } from './typos';

// Text: words are runs of letters and digits, case and accents folded, so "Café" finds "cafe".

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;
/** Plain ASCII has nothing to fold: skipping normalize() halves the build of an English catalogue. */
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\x00-\x7f]*$/;

export function wordsOf(text: string): string[] {
  const folded = ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(MARKS, '').toLowerCase();
  return folded.match(WORD) ?? [];
}

/** Which fields of an item a word came from, as bits of a posting's mask (5 bits). */
const FIELD = { name: 1, tags: 2, category: CATEGORY_FIELD, colors: 8, description: 16 } as const;
/** An item's keys its words come from, but for its category: a listing with the same as its house item's reads them through it. */
export const WORDED_KEYS: readonly string[] = ['name', 'tags', 'colors', 'description'];
const FIELD_BOOST: Array<[number, number]> = [
  [FIELD.name, 3],
  [FIELD.tags, 2],
  [FIELD.category, 1.5],
  [FIELD.colors, 1.5],
  [FIELD.description, 1],
];
/** A posting's weight: its best field's boost, and a little for each other field it is also in. */
const FIELD_WEIGHT = Float64Array.from({ length: 32 }, (_, mask) => {
  const boosts = FIELD_BOOST.filter(([bit]) => mask & bit).map(([, boost]) => boost);
  return boosts.length ? Math.max(...boosts) + 0.25 * (boosts.length - 1) : 0;
});
/** Postings pack slot and field mask in one small integer: slot * 32 + mask. */
const MASK_BITS = FIELD_BITS;

/** Dropped from queries of several words, so "a chair for the office" still finds office chairs. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
/** Bounded work whatever is typed: later words are ignored; longer words get no typo tolerance. */
const MAX_QUERY_WORDS = 8;
const MAX_FUZZY_LENGTH = 32;

/** Typos tolerated: none below 4 letters (too many near misses), 1 up to 7, then 2. */
const typosFor = (length: number) => (length < 4 ? 0 : length < 8 ? 1 : 2);
const PREFIX_MIN_LENGTH = 2;
const prefixQuality = (typed: number, found: number) => 0.5 + (0.4 * typed) / found;
const FUZZY_QUALITY = [1, 0.45, 0.3];
/** A term found through a synonym counts as a near match: below the word itself, above a typo. */
const SYNONYM_QUALITY = 0.9;
/**
 * The best quality a typo's term can have (a synonym's typo is lower still); every term matched
 * without one is above it: a prefix is above 0.5, a synonym's prefix above 0.45.
 */
const TYPO_QUALITY_MAX = FUZZY_QUALITY[1]!;
/** Whether a term matched with this quality needs a typo (matching without typos leaves it out). */
const isTypo = (quality: number) => quality <= TYPO_QUALITY_MAX;

/**
 * A word's postings: a plain array while it grows; once a bulk load or a burst of writes is done
 * (`pack`), every word's are packed into one typed array of the catalogue's, 4 bytes an entry, and
 * the word keeps only its number there. A plain array's small integers take 8 bytes each on the
 * heap the garbage collector walks: at 200 houses they slowed every page (a platform listing 6-7 ms
 * of CPU with them, about 2 ms packed). A typed array a word cost about 200 bytes of its own: a
 * house's 1,225 words were 134 bytes an item.
 */
type Posting = number[] | Uint32Array;
/** Per word: its postings while they grow, or its number in the packed postings. */
type KeptPosting = number[] | number;
/** A word of the vocabulary only listings read through a house have (never written to: a word's own postings replace it). */
const NONE_OF_ITS_OWN: number[] = Object.freeze([]) as unknown as number[];

/**
 * Text scoring's scratch, one entry per slot: one for all of an engine's catalogues (searches are
 * synchronous), as wide as the widest. Each catalogue's own cost 24 bytes a slot of its capacity,
 * for the house and again for the platform's listing of each item.
 */
export class TextScores {
  best = new Float64Array(0);
  score = new Float64Array(0);
  touched = new Int32Array(0);
  /** The slots `score` holds a value for, zeroed before the next text search. */
  scored = new Int32Array(0);
  scoredCount = 0;
  /** A term's field bits per slot, while its own postings and those read through its houses are put together (house-words.ts). */
  fields = new Uint8Array(0);
  fielded = new Int32Array(0);

  /** Room for `capacity` slots; wider arrays start zeroed, as `best` and `score` are between searches. */
  fit(capacity: number): void {
    if (capacity <= this.best.length) return;
    this.best = new Float64Array(capacity);
    this.score = new Float64Array(capacity);
    this.touched = new Int32Array(capacity);
    this.scored = new Int32Array(capacity);
    this.scoredCount = 0;
    this.fields = new Uint8Array(capacity);
    this.fielded = new Int32Array(capacity);
  }
}

export class TextIndex implements HousePostings {
  private readonly postings = new Map<string, KeptPosting>();
  /** Every packed word's postings, one after another, and where each word's start (the next word's, where they end). */
  private packed = new Uint32Array(0);
  private packedFrom = new Uint32Array(1);
  /** A platform's listings' words, read through their houses' indexes (house-words.ts). */
  private readonly throughHouses = new HouseWords();
  /**
   * Per word, the listings that have it through their house only (not also as their own): with its
   * own postings, how many slots were ever indexed with it, as an index of whole listings counts.
   */
  private readonly throughCounts = new Map<string, number>();
  /** The words whose postings were written since the last pack. */
  private readonly written = new Set<string>();
  private readonly termBitsOf = new Map<string, Uint32Array>();
  private sortedTerms: string[] | undefined;
  /**
   * termsFor's answers by query word (visitors ask the same words again and again), each with how
   * many of `addedTerms` it has been brought up to date with.
   */
  private readonly matchingTerms = new Map<string, { terms: Map<string, number>; seen: number }>();
  /**
   * Terms new to the vocabulary since the answers were made, in the order they came: an answer is
   * matched against those it has not seen when next asked, rather than every answer being
   * forgotten by each write that brings a new word (on a platform, one description after another),
   * and each word of the next searches walking the whole vocabulary again for its typos.
   */
  private readonly addedTerms: string[] = [];

  /** The words of a bitset over every slot: a common term's bitset is this wide. */
  private words = 0;

  /** `scratch` is the engine's, shared by all its catalogues (see TextScores). */
  constructor(private readonly scratch: TextScores = new TextScores()) {}

  /** Sizes the per-slot scratch and the common terms' bitsets for `capacity` slots (`words` words). */
  grow(capacity: number, words: number): void {
    for (const [term, bits] of this.termBitsOf) this.termBitsOf.set(term, grownTo(bits, words));
    this.scratch.fit(capacity);
    this.throughHouses.grow(capacity);
    this.words = words;
  }

  locate(term: string, at: Located): boolean {
    const posting = this.postings.get(term);
    if (posting === undefined) return false;
    if (typeof posting === 'number') {
      at.entries = this.packed;
      at.from = this.packedFrom[posting]!;
      at.to = this.packedFrom[posting + 1]!;
    } else {
      at.entries = posting;
      at.from = 0;
      at.to = posting.length;
    }
    return at.to > at.from;
  }

  /** The term's own postings. */
  postingOf(term: string): Posting | undefined {
    const posting = this.postings.get(term);
    return typeof posting === 'number' ? this.packedPosting(posting) : posting;
  }

  private packedPosting(number: number): Uint32Array {
    return this.packed.subarray(this.packedFrom[number], this.packedFrom[number + 1]);
  }

  /** The slot is retired: a listing in it no longer needs its house's words. */
  retire(slot: number): void {
    this.throughHouses.retire(slot);
  }

  /**
   * Packs every word's postings into one typed array (see Posting), after a bulk load or a burst of
   * writes; a later write to a word copies its postings out to grow them.
   */
  pack(): void {
    if (!this.written.size) return;
    let total = 0;
    for (const posting of this.postings.values()) total += this.lengthOf(posting);
    const packed = new Uint32Array(total);
    const packedFrom = new Uint32Array(this.postings.size + 1);
    let number = 0;
    for (const [word, posting] of this.postings) {
      const entries = typeof posting === 'number' ? this.packedPosting(posting) : posting;
      packed.set(entries, packedFrom[number]);
      packedFrom[number + 1] = packedFrom[number]! + entries.length;
      this.postings.set(word, number++);
    }
    this.packed = packed;
    this.packedFrom = packedFrom;
    this.written.clear();
  }

  /** Each slot's relevance as the last scoreText left it. */
  get scores(): Float64Array {
    return this.scratch.score;
  }

  /**
   * Indexes the item in `slot`: its words, by field. With `house`, the item is a listing whose
   * words but its category's are those of the house item in `house.slot`: they are read there.
   */
  index(slot: number, item: Item, house?: { text: TextIndex; slot: number }): void {
    const masks = new Map<string, number>();
    const add = (words: readonly string[], field: number) => {
      for (const word of words) masks.set(word, (masks.get(word) ?? 0) | field);
    };
    add(wordsOf(item.name), FIELD.name);
    // Tags and category paths are slugs (lowercase, digits, hyphens): split, no folding needed.
    for (const tag of item.tags ?? []) add(tag.split('-'), FIELD.tags);
    for (const slug of [item.category.group, item.category.category, item.category.subcategory])
      if (slug) add(slug.split('-'), FIELD.category);
    for (const color of item.colors ?? []) add(wordsOf(color), FIELD.colors);
    if (item.description) add(wordsOf(item.description), FIELD.description);
    if (house) this.throughHouses.add(slot, house.text, house.slot);
    for (const [word, mask] of masks) {
      if (!word) continue;
      const own = house ? mask & FIELD.category : mask;
      let posting = this.postings.get(word);
      if (posting === undefined) {
        this.postings.set(word, (posting = own ? [] : NONE_OF_ITS_OWN));
        this.noteAdded(word);
        // Kept sorted in place once built: re-sorting the vocabulary after each write costs more.
        this.sortedTerms?.splice(this.firstTermFrom(word), 0, word);
      } else if (own && posting === NONE_OF_ITS_OWN) this.postings.set(word, (posting = []));
      else if (own && typeof posting === 'number')
        this.postings.set(word, (posting = Array.from(this.packedPosting(posting))));
      if (own) {
        (posting as number[]).push((slot << MASK_BITS) | own);
        this.written.add(word);
      } else this.throughCounts.set(word, (this.throughCounts.get(word) ?? 0) + 1);
      this.throughHouses.added(word, (slot << MASK_BITS) | mask);
      const bits = this.termBitsOf.get(word);
      if (bits) bits[slot >>> 5]! |= 1 << (slot & 31);
    }
  }

  /** How many slots a term is in, its own and through houses (without putting them together): how common it is. */
  private countOf(term: string): number {
    return this.lengthOf(this.postings.get(term)!) + (this.throughCounts.get(term) ?? 0);
  }

  /** How many postings a word keeps, packed or growing. */
  private lengthOf(posting: KeptPosting): number {
    return typeof posting === 'number' ? this.packedFrom[posting + 1]! - this.packedFrom[posting]! : posting.length;
  }

  /** A term's postings as a search reads them: its own, and a platform's listings' through their houses. */
  private wholePosting(term: string): Posting {
    const own = this.postingOf(term)!;
    return this.throughHouses.any ? this.throughHouses.whole(term, own, this.scratch) : own;
  }

  /** Sets in `bits` every slot `term` is in. */
  private setSlotsOf(term: string, bits: Uint32Array): void {
    for (const entry of this.wholePosting(term)) bits[entry >>> (MASK_BITS + 5)]! |= 1 << ((entry >>> MASK_BITS) & 31);
  }

  /** This search's synonyms, by word: a query word also finds its group's words (set before a search matches and scores). */
  private synonyms: ReadonlyMap<string, readonly string[]> = new Map();

  /** The tenant's synonym groups for the search about to run (folded as indexed words are). */
  useSynonyms(groups: ReadonlyArray<readonly string[]> | undefined): void {
    const byWord = new Map<string, string[]>();
    for (const group of groups ?? []) {
      const folded = [...new Set(group.flatMap((word) => wordsOf(word).slice(0, 1)))];
      for (const word of folded)
        byWord.set(word, [...(byWord.get(word) ?? []), ...folded.filter((other) => other !== word)]);
    }
    this.synonyms = byWord;
  }

  /** A query word as a kept search knows it: with the synonyms it was matched with. */
  spelled(word: string): string {
    const also = this.synonyms.get(word);
    return also?.length ? `${word}|${also.join('|')}` : word;
  }

  /** A query's words: distinct, stop words dropped when others are left, at most MAX_QUERY_WORDS. */
  queryWords(text: string): string[] {
    const words = [...new Set(wordsOf(text))];
    const kept = words.filter((word) => !STOP_WORDS.has(word));
    return (kept.length ? kept : words).slice(0, MAX_QUERY_WORDS);
  }

  /**
   * Narrows `base` to the slots matching every word: each exactly, as a prefix, or with a typo or
   * two (without `typos`: every word without one, a synonym's words counting as the word). The rarest word goes first, and each later one is only looked for where earlier ones left
   * slots, so "brass tube" reads "tube"'s common terms over the few words "brass" left. Returns
   * the words of `base` with a slot left in them, ascending.
   */
  matchText(
    words: string[],
    base: Uint32Array,
    scratch: ScratchBits,
    { typos = true }: { typos?: boolean } = {},
  ): Int32Array {
    const termsOf = (word: string) =>
      [...this.termsWithSynonyms(word)].flatMap(([term, quality]) => (typos || !isTypo(quality) ? [term] : []));
    const rarestFirst = words
      .map((word) => ({ terms: termsOf(word), postings: 0 }))
      .map((word) => ({
        ...word,
        postings: word.terms.reduce((sum, term) => sum + this.countOf(term), 0),
      }))
      .sort((a, b) => a.postings - b.postings);
    let occupied: Int32Array | undefined;
    for (const { terms } of rarestFirst) {
      // A word that is one common term ("polished") is that term's bitset, read as it is.
      const only = terms.length === 1 ? this.termBits(terms[0]!) : undefined;
      const wordBits = only ?? scratch.zeroed();
      if (!only)
        for (const term of terms) {
          const bits = this.termBits(term);
          if (!bits) this.setSlotsOf(term, wordBits);
          else if (occupied) for (let i = 0; i < occupied.length; i++) wordBits[occupied[i]!]! |= bits[occupied[i]!]!;
          else orInto(wordBits, bits);
        }
      const left = scratch.wordList();
      let count = 0;
      if (occupied) {
        for (let i = 0; i < occupied.length; i++) {
          const w = occupied[i]!;
          if ((base[w]! &= wordBits[w]!)) left[count++] = w;
        }
      } else for (let w = 0; w < base.length; w++) if ((base[w]! &= wordBits[w]!)) left[count++] = w;
      occupied = left.subarray(0, count);
    }
    return occupied ?? new Int32Array(0);
  }

  /**
   * A term's slots as a bitset, kept once its posting list is longer than a bitset is wide (a
   * platform's common words: "seat" is in 150,000 listings), so matching it is a pass over words
   * rather than over every posting; undefined for rarer terms, read from their postings.
   */
  private termBits(term: string): Uint32Array | undefined {
    let bits = this.termBitsOf.get(term);
    if (bits) return bits;
    if (this.countOf(term) * 4 < this.words) return undefined;
    bits = new Uint32Array(this.words);
    this.setSlotsOf(term, bits);
    this.termBitsOf.set(term, bits);
    return bits;
  }

  /**
   * Leaves in `scores` the relevance of `slots` (ascending: the matches a page is drawn from):
   * per word, its best posting's field weight times how closely it matched times how rare the
   * matched term is. A term's postings are in slot order, so each is read only between the first
   * and last slot, and where the slots are few against those postings (a house's handful of matches
   * for a word as common as "teal"), each slot's posting is found by search instead of read through.
   */
  scoreSlots(words: string[], slots: ArrayLike<number>, live: number): void {
    const { scratch } = this;
    const { best, score, touched, scored } = scratch;
    for (let i = 0; i < scratch.scoredCount; i++) score[scored[i]!] = 0;
    scratch.scoredCount = 0;
    if (!slots.length) return;
    const from = slots[0]! << MASK_BITS;
    const to = (slots[slots.length - 1]! + 1) << MASK_BITS;
    const keep = (entry: number, weight: number, count: number) => {
      const slot = entry >>> MASK_BITS;
      const value = FIELD_WEIGHT[entry & 31]! * weight;
      if (value <= best[slot]!) return count;
      if (best[slot] === 0) touched[count++] = slot;
      best[slot] = value;
      return count;
    };
    for (const word of words) {
      let count = 0;
      for (const [term, quality] of this.termsWithSynonyms(word)) {
        const posting = this.wholePosting(term);
        const weight = quality * Math.log(1 + live / posting.length);
        const first = firstAtOrAfter(posting, from);
        const end = firstAtOrAfter(posting, to, first);
        if (slots.length * Math.log2(2 + end - first) < end - first) {
          // Few slots among many postings: look each slot up.
          for (let i = 0, at = first; i < slots.length && at < end; i++) {
            at = firstAtOrAfter(posting, slots[i]! << MASK_BITS, at, end);
            if (at < end && posting[at]! >>> MASK_BITS === slots[i]) count = keep(posting[at]!, weight, count);
          }
        } else for (let at = first; at < end; at++) count = keep(posting[at]!, weight, count); // slots between the matches are scored too, and never read
      }
      for (let i = 0; i < count; i++) {
        const slot = touched[i]!;
        if (score[slot] === 0) scored[scratch.scoredCount++] = slot;
        score[slot]! += best[slot]!;
        best[slot] = 0;
      }
    }
  }

  /** Every indexed term, sorted. */
  private vocabulary(): string[] {
    return (this.sortedTerms ??= [...this.postings.keys()].sort());
  }

  /** Where `word` is or would be in the sorted vocabulary. */
  private firstTermFrom(word: string): number {
    return firstAtOrAfter(this.sortedTerms ?? [], word);
  }

  /** Whether a word matches some term only with a typo: if none does, matching without typos finds the same. */
  needsTypos(words: readonly string[]): boolean {
    return words.some((word) => {
      for (const quality of this.termsWithSynonyms(word).values()) if (isTypo(quality)) return true;
      return false;
    });
  }

  /** The terms a query word matches, and those its synonyms match (a little less closely than the word itself). */
  private termsWithSynonyms(word: string): Map<string, number> {
    const also = this.synonyms.get(word);
    if (!also?.length) return this.termsFor(word);
    const terms = new Map(this.termsFor(word));
    for (const other of also)
      for (const [term, quality] of this.termsFor(other)) {
        const through = quality * SYNONYM_QUALITY;
        if (through > (terms.get(term) ?? 0)) terms.set(term, through);
      }
    return terms;
  }

  /** The indexed terms a query word matches, with how closely (1 exactly, less as a prefix or with typos). */
  private termsFor(word: string): Map<string, number> {
    let answer = this.matchingTerms.get(word);
    if (!answer) {
      answer = { terms: matchingTermsIn(this.vocabulary(), word, new Map()), seen: this.addedTerms.length };
      if (this.matchingTerms.size >= 5000) this.matchingTerms.clear();
      this.matchingTerms.set(word, answer);
    } else if (answer.seen < this.addedTerms.length) {
      matchingTermsIn(this.addedTerms.slice(answer.seen).sort(), word, answer.terms);
      answer.seen = this.addedTerms.length;
    }
    return answer.terms;
  }

  /** Notes a term new to the vocabulary for the answers kept; past MAX_ADDED_TERMS (an import), they are forgotten instead. */
  private noteAdded(term: string): void {
    if (this.addedTerms.length < MAX_ADDED_TERMS) this.addedTerms.push(term);
    else {
      this.matchingTerms.clear();
      this.addedTerms.length = 0;
    }
  }
}

/** Terms new since an answer was made that it is brought up to date with, at most; past it, answers are made anew. */
const MAX_ADDED_TERMS = 4096;

/**
 * Adds to `terms` those of `sorted` (the vocabulary, or the terms added since `terms` was made) that
 * `word` matches: exactly, as a prefix, or with a typo or two, each with how closely.
 */
function matchingTermsIn(sorted: readonly string[], word: string, terms: Map<string, number>): Map<string, number> {
  const from = firstAtOrAfter(sorted, word);
  if (sorted[from] === word) terms.set(word, 1);
  if (word.length >= PREFIX_MIN_LENGTH)
    for (let i = from; i < sorted.length && sorted[i]!.startsWith(word); i++)
      if (sorted[i] !== word) terms.set(sorted[i]!, prefixQuality(word.length, sorted[i]!.length));
  const typos = word.length <= MAX_FUZZY_LENGTH ? typosFor(word.length) : 0;
  if (typos)
    for (const [term, distance] of termsWithinTypos(sorted, word, typos))
      if (!terms.has(term)) terms.set(term, FUZZY_QUALITY[distance]!);
  return terms;
}
