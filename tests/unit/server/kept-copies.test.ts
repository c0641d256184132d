import { describe, expect, it } from 'vitest';
import {
  copyCountedSearch,
  copySlotSet,
  KeptCopies,
  withSlot,
  type CountedSearch,
} from '../../../server/search/engine/kept-copies';
import type { SlotSet } from '../../../server/search/engine/slot-bits';

const setOf = (words: Record<number, number>, width = 8): SlotSet => {
  const bits = new Uint32Array(width);
  for (const [word, bitsOfWord] of Object.entries(words)) bits[Number(word)] = bitsOfWord;
  const occupied = Int32Array.from(Object.keys(words).map(Number));
  return {
    bits,
    words: occupied,
    size: Object.values(words).reduce((sum, word) => sum + word.toString(2).replaceAll('0', '').length, 0),
  };
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
    const source: CountedSearch = {
      matches: setOf({ 1: 0b11 }),
      counts: Int32Array.of(4, 0, 2),
      estimated: Uint8Array.of(0, 0, 1),
    };
    const copy = copyCountedSearch(source, undefined);
    source.counts.fill(9);
    source.estimated.fill(0);
    expect([...copy.counts]).toEqual([4, 0, 2]);
    expect([...copy.estimated]).toEqual([0, 0, 1]);
    expect(copy.matches.size).toBe(2);
  });

  it('takes a write’s new slot in a new word into the room its copies were made with, and says when there is none left', () => {
    // Copied from a catalogue of 16 words: each buffer has room for 18 (an eighth more).
    const red = copySlotSet(setOf({ 0: 0b1, 15: 0b10 }, 16), undefined);
    const blue = copySlotSet(setOf({ 3: 0b1 }, 16), undefined);
    const isRed = (set: SlotSet) => set === red;
    expect(withSlot([red, blue], 16 * 32 + 5, isRed)).toBe(true);
    expect(plain(red)).toEqual({ bits: [1, ...Array(14).fill(0), 0b10, 1 << 5], words: [0, 15, 16], size: 3 });
    // Blue does not hold it, but reads as wide as the catalogue now is.
    expect(plain(blue)).toEqual({ bits: [0, 0, 0, 1, ...Array(13).fill(0)], words: [3], size: 1 });
    expect(withSlot([red, blue], 17 * 32, isRed)).toBe(true);
    expect(red.bits.length).toBe(18);
    // Word 18 is past the room: nothing is added, for the caller to forget them.
    expect(withSlot([red, blue], 18 * 32, isRed)).toBe(false);
    expect([red.size, red.bits.length]).toEqual([4, 18]);
  });
});
