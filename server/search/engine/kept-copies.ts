/**
 * What a catalogue keeps between writes (a search's matches and counts, a selection's slots), the
 * least recently asked leaving first when it is full. Each copy is made into the buffers of the
 * entry leaving, or of those a write set aside: on the platform's heap of half a gigabyte a fresh
 * 31 KB buffer cost about 110 µs, and keeping a search in two of them took longer than the search.
 */
import type { SlotSet } from './slot-bits';

/** What a search found before its page is drawn: its matches, and every facet value's count (and whether it is an estimate). */
export interface CountedSearch {
  matches: SlotSet;
  counts: Int32Array;
  estimated: Uint8Array;
}

export class KeptCopies<T> {
  private readonly kept = new Map<string, T>();
  /** Copies a write made stale, whose buffers the next copies reuse (with those kept, never more than `limit`). */
  private readonly spare: T[] = [];

  constructor(
    private readonly limit: number,
    private readonly copy: (source: T, into: T | undefined) => T,
  ) {}

  get size(): number {
    return this.kept.size;
  }

  /** The copy kept under `key`, now the most recently asked. */
  get(key: string): T | undefined {
    const found = this.kept.get(key);
    if (found !== undefined) {
      this.kept.delete(key);
      this.kept.set(key, found);
    }
    return found;
  }

  /** Keeps a copy of `source` under `key` and returns it. */
  keep(key: string, source: T): T {
    let into: T | undefined;
    if (this.kept.size >= this.limit) {
      const [oldest, entry] = this.kept.entries().next().value!;
      this.kept.delete(oldest);
      into = entry;
    }
    const copy = this.copy(source, into ?? this.spare.pop());
    this.kept.set(key, copy);
    return copy;
  }

  /** Every copy kept, least recently asked first (to bring them up to date with a write). */
  values(): IterableIterator<T> {
    return this.kept.values();
  }

  /** Forgets every copy (a write changed what they hold); their buffers serve the next. */
  forget(): void {
    for (const entry of this.kept.values()) this.spare.push(entry);
    this.kept.clear();
  }
}

/** `source` copied into `into`'s buffers when they are large enough, else into new ones a little larger (the catalogue grows). */
function copied<T extends Uint32Array | Int32Array | Uint8Array>(
  source: T,
  into: T | undefined,
  make: (length: number) => T,
  length = source.length,
): T {
  const fits = into !== undefined && into.buffer.byteLength >= length * source.BYTES_PER_ELEMENT;
  const buffer = fits ? into.buffer : make(length + (length >>> 3)).buffer;
  const copy = new (source.constructor as new (buffer: ArrayBufferLike, offset: number, length: number) => T)(
    buffer,
    0,
    length,
  );
  copy.set(source.subarray(0, length));
  return copy;
}

export function copySlotSet(source: SlotSet, into: SlotSet | undefined): SlotSet {
  // A list's buffer has room for every word of the bitset, so any later set as wide fits.
  const list = copied(source.words, into?.words, (length) => new Int32Array(length), source.bits.length).subarray(
    0,
    source.words.length,
  );
  return { bits: copied(source.bits, into?.bits, (length) => new Uint32Array(length)), words: list, size: source.size };
}

/** A kept set with what it is kept with (its values, its category): the set copied, the rest as it is. */
export function copyKeptSet<T extends SlotSet>(source: T, into: T | undefined): T {
  return { ...source, ...copySlotSet(source, into) };
}

export function copyCountedSearch(source: CountedSearch, into: CountedSearch | undefined): CountedSearch {
  return {
    matches: copySlotSet(source.matches, into?.matches),
    counts: copied(source.counts, into?.counts, (length) => new Int32Array(length)),
    estimated: copied(source.estimated, into?.estimated, (length) => new Uint8Array(length)),
  };
}

/** Takes a retired slot out of each kept set holding it (a write). */
export function withoutSlot(sets: Iterable<SlotSet>, slot: number): void {
  const bit = 1 << (slot & 31);
  for (const set of sets)
    if (set.bits[slot >>> 5]! & bit) {
      set.bits[slot >>> 5]! &= ~bit;
      set.size--;
    }
}

/**
 * Adds a new slot to each kept set `holds` says it belongs to (a write). A slot in a new word (every
 * 32nd) widens every set's bitset into the room its buffers were copied with (an eighth more than
 * the catalogue had, never written, so empty); false, adding nothing, once a set has no room left,
 * for the caller to forget them.
 */
export function withSlot<T extends SlotSet>(sets: Iterable<T>, slot: number, holds: (set: T) => boolean): boolean {
  const w = slot >>> 5;
  const kept = [...sets];
  const room = (set: SlotSet) =>
    Math.min(set.bits.buffer.byteLength - set.bits.byteOffset, set.words.buffer.byteLength - set.words.byteOffset) >>>
    2;
  if (kept.some((set) => w >= room(set))) return false;
  for (const set of kept)
    if (w >= set.bits.length) set.bits = new Uint32Array(set.bits.buffer, set.bits.byteOffset, w + 1);
  for (const set of kept) {
    if (!holds(set)) continue;
    set.bits[w]! |= 1 << (slot & 31);
    set.size++;
    const { words } = set;
    // The list's buffer has room for every word of the bitset (see copySlotSet).
    if (!words.length || words[words.length - 1]! < w)
      (set.words = new Int32Array(words.buffer, words.byteOffset, words.length + 1))[words.length] = w;
  }
  return true;
}
