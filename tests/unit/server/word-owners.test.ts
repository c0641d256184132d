/**
 * The houses' counts on the platform, from the words their listings fill (WordOwners): a word only
 * one house's slots were ever in counts for that house by its popcount; a word two houses share is
 * read slot by slot, so neither house is given the other's listings.
 */
import { describe, expect, it } from 'vitest';
import { WordOwners, type SlotSet } from '../../../server/search/engine/slot-bits';

/** A set of slots (as a search carries it) over `words` words. */
function setOf(slots: readonly number[], words: number): SlotSet {
  const bits = new Uint32Array(words);
  for (const slot of slots) bits[slot >>> 5]! |= 1 << (slot & 31);
  const occupied = Int32Array.from([...new Set(slots.map((slot) => slot >>> 5))].sort((a, b) => a - b));
  return { bits, words: occupied, size: slots.length };
}

describe("counting the houses' listings within a set", () => {
  // House 7 holds slots 0–39 (word 0 and part of word 1); house 9 holds 40–99, and 130 (added later, past its run).
  const ownerOfSlot = (slot: number) => (slot < 40 ? 7 : 9);
  const owners = new WordOwners();
  owners.grow(5);
  for (const slot of [...Array.from({ length: 100 }, (_, slot) => slot), 130])
    owners.add(ownerOfSlot(slot), slot >>> 5);

  const counted = (slots: readonly number[], words = 5) => {
    const counts = new Int32Array(10);
    const readOneByOne: number[] = [];
    owners.count(setOf(slots, words), counts, (slot) => {
      readOneByOne.push(slot);
      counts[ownerOfSlot(slot)]!++;
    });
    return { seven: counts[7], nine: counts[9], readOneByOne };
  };

  it('counts whole words by their owner and reads only the shared word slot by slot', () => {
    // A sparse set (read through its word list) and a dense one (read straight through).
    expect(counted([3, 31, 35, 39, 40, 63, 64, 99, 130])).toEqual({
      seven: 4,
      nine: 5,
      readOneByOne: [35, 39, 40, 63],
    });
    const everything = [...Array.from({ length: 100 }, (_, slot) => slot), 130];
    expect(counted(everything)).toEqual({
      seven: 40,
      nine: 61,
      readOneByOne: Array.from({ length: 32 }, (_, i) => 32 + i),
    });
  });

  it('says which values own words, and counts nothing for an empty set', () => {
    expect([owners.owns(7), owners.owns(9), owners.owns(8)]).toEqual([true, true, false]);
    expect(counted([])).toEqual({ seven: 0, nine: 0, readOneByOne: [] });
  });
});
