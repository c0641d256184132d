import { describe, expect, it } from 'vitest';
import { copyCountedSearch, copySlotSet, KeptCopies, type CountedSearch } from '../../../server/search/kept-copies';
import type { SlotSet } from '../../../server/search/slot-bits';

const setOf = (words: Record<number, number>, width = 8): SlotSet => {
  const bits = new Uint32Array(width);
  for (const [word, bitsOfWord] of Object.entries(words)) bits[Number(word)] = bitsOfWord;
  const occupied = Int32Array.from(Object.keys(words).map(Number));
  return { bits, words: occupied, size: Object.values(words).reduce((sum, word) => sum + word.toString(2).replaceAll('0', '').length, 0) };
};
const plain = (set: SlotSet) => ({ bits: [...set.bits], words: [...set.words], size: set.size });

describe('what a catalogue keeps between writes', () => {
  it('lets the least recently asked go first, and keeps copies, not the sets a search goes on to change', () => {
    const kept = new KeptCopies<SlotSet>(2, copySlotSet);
    const red = setOf({ 0: 0b101 });
    kept.keep('red', red);
    red.bits[0] = 0; // the search's scratch, reused by the next search
    kept.keep('blue', setOf({ 1: 0b1 }));
    expect(plain(kept.get('red')!)).toEqual({ bits: [0b101, 0, 0, 0, 0, 0, 0, 0], words: [0], size: 2 });
    // "red" was asked last: "blue" leaves for "green".
    kept.keep('green', setOf({ 2: 0b11 }));
    expect(kept.get('blue')).toBeUndefined();
    expect(kept.get('red')).toBeDefined();
    expect(kept.size).toBe(2);
  });

  it('after a write holds nothing, and copies the next sets into the buffers it had, never their old contents', () => {
    const kept = new KeptCopies<SlotSet>(4, copySlotSet);
    const before = kept.keep('wide', setOf({ 0: 0xffff, 3: 1, 7: 1 }));
    kept.forget();
    expect(kept.get('wide')).toBeUndefined();
    const after = kept.keep('narrow', setOf({ 5: 0b10 }));
    expect(after.bits.buffer).toBe(before.bits.buffer);
    expect(plain(after)).toEqual({ bits: [0, 0, 0, 0, 0, 0b10, 0, 0], words: [5], size: 1 });
    // A wider catalogue (it grew since) gets buffers of its own.
    const wider = kept.keep('wider', setOf({ 11: 1 }, 12));
    expect(wider.bits.length).toBe(12);
    expect([...wider.words]).toEqual([11]);
  });

  it('copies a search’s counts and estimates with its matches', () => {
    const source: CountedSearch = { matches: setOf({ 1: 0b11 }), counts: Int32Array.of(4, 0, 2), estimated: Uint8Array.of(0, 0, 1) };
    const copy = copyCountedSearch(source, undefined);
    source.counts.fill(9);
    source.estimated.fill(0);
    expect([...copy.counts]).toEqual([4, 0, 2]);
    expect([...copy.estimated]).toEqual([0, 0, 1]);
    expect(copy.matches.size).toBe(2);
  });
});
