/**
 * Each slot's item, kept as its JSON's UTF-8 bytes in large shared buffers rather than as objects:
 * a page reads back only the two dozen items it shows. Why: at 200 houses the platform held
 * 800,000 item objects (each a dozen small objects and strings), and a third of a listing page's
 * CPU went to the garbage collector walking them; bytes in an ArrayBuffer are one object to it,
 * outside V8's heap limit, at about half the memory.
 *
 * Append-only, like the slots: a retired slot's bytes stay until the catalogue is rebuilt.
 */
import type { Item } from '../../../schema/types.generated';

/** Each buffer's size: a few hundred items; an item larger than this gets a buffer of its own. */
const CHUNK_BYTES = 1 << 20;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class DocumentShelf {
  private readonly chunks: Uint8Array[] = [];
  /** The chunk being filled, and how much of it is used. */
  private current = new Uint8Array(0);
  private used = 0;
  /** Per slot: its chunk's number, where its bytes start, and how many there are. */
  private chunkOf = new Uint32Array(0);
  private startOf = new Uint32Array(0);
  private lengthOf = new Uint32Array(0);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Keeps `item` as the next slot's (slots are numbered 0, 1, 2… in the order kept). */
  push(item: Item): void {
    const json = JSON.stringify(item);
    // At most three bytes a UTF-16 unit: room for that is made before encoding in place.
    if (this.used + json.length * 3 > this.current.length) {
      this.current = new Uint8Array(Math.max(CHUNK_BYTES, json.length * 3));
      this.chunks.push(this.current);
      this.used = 0;
    }
    const { written } = encoder.encodeInto(json, this.current.subarray(this.used));
    this.grow(this.count + 1);
    this.chunkOf[this.count] = this.chunks.length - 1;
    this.startOf[this.count] = this.used;
    this.lengthOf[this.count] = written;
    this.used += written;
    this.count++;
  }

  /** A slot's item, as a new object (the caller may keep or change it). */
  get(slot: number): Item {
    const start = this.startOf[slot]!;
    return JSON.parse(
      decoder.decode(this.chunks[this.chunkOf[slot]!]!.subarray(start, start + this.lengthOf[slot]!)),
    ) as Item;
  }

  private grow(slots: number): void {
    if (slots <= this.chunkOf.length) return;
    const capacity = Math.max(slots, this.chunkOf.length * 2, 1024);
    for (const field of ['chunkOf', 'startOf', 'lengthOf'] as const) {
      const grown = new Uint32Array(capacity);
      grown.set(this[field]);
      this[field] = grown;
    }
  }
}
