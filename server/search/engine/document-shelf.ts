/**
 * Each slot's item, kept as its JSON's UTF-8 bytes in large shared buffers rather than as objects:
 * a page reads back only the two dozen items it shows. Why: at 200 houses the platform held
 * 800,000 item objects (each a dozen small objects and strings), and a third of a listing page's
 * CPU went to the garbage collector walking them; bytes in an ArrayBuffer are one object to it,
 * outside V8's heap limit, at about half the memory.
 *
 * An item may be kept **over a base**: another shelf's slot it mostly repeats (a platform listing
 * over its house's own item). Then only what differs is kept, the values many slots share (the
 * house a listing names, its platform category) once for all of them, and its ids not at all
 * (derived from its house's), so a listing costs a twentieth of its item. A base is read from its own shelf's slot, whose bytes never
 * change (below), so a listing reads back exactly as it was written whatever its house did since.
 *
 * Objects are kept by **shape**: an object's keys once per shelf for every object with the same
 * keys in the same order, and in its bytes only its shape's number and its values (an item's keys
 * were a third of its JSON).
 *
 * Append-only, like the slots: a retired slot's bytes stay until the catalogue is rebuilt (a
 * rebuilt house's old shelf stays while listings not retired are kept over it).
 */
import type { Item } from '../../../schema/types.generated';

/** The largest buffer: a few hundred items; an item larger than this gets a buffer of its own. */
const CHUNK_BYTES = 1 << 20;
/** The first buffer: a small tenant's few items; each next one twice the last, up to CHUNK_BYTES. */
const FIRST_CHUNK_BYTES = 1 << 14;
/** In a based slot's bytes: the keys its base has and it has not, and its shared parts' numbers. */
const DROPPED = '$dropped';
const SHARED = '$shared';
const NO_BASE = 0;
/** The first of an array's values as kept (an object's first is its shape's number, from 1). */
const ARRAY = 0;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

type Fields = Record<string, unknown>;

/** `object[key] = value`, an own "__proto__" too (as JSON.parse makes it), not the object's prototype. */
function put(object: Fields, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}
/** The shapes by their keys, one key a level: a shape's number (from 1) where its last key ends (0: none). */
interface ShapeNode {
  number: number;
  next: Map<string, ShapeNode>;
}
/** A key whose value follows from the item and its base (a listing's id from its house's and the item's). */
export type DerivedKeys = Record<string, (item: Fields, base: Fields) => unknown>;

export class DocumentShelf {
  private readonly chunks: Uint8Array[] = [];
  /** The chunk being filled, and how much of it is used. */
  private current = new Uint8Array(0);
  private used = 0;
  /** Per slot: its chunk's number, where its bytes start, and how many there are. */
  private chunkOf = new Uint32Array(0);
  private startOf = new Uint32Array(0);
  private lengthOf = new Uint32Array(0);
  /** Per slot: its base's shelf (a number in `bases`; NO_BASE: kept whole) and slot there. */
  private baseOf = new Uint32Array(0);
  private baseSlotOf = new Uint32Array(0);
  private readonly bases: Array<DocumentShelf | undefined> = [undefined];
  private readonly baseNumbers = new Map<DocumentShelf, number>();
  /** Per base, how many slots not retired are kept over it: one no slot needs is let go. */
  private readonly basedSlots: number[] = [0];
  /** Parts kept once for every slot that has them (a listing's house), as JSON, by number. */
  private readonly shared: string[] = [];
  private readonly sharedNumbers = new Map<string, number>();
  /** Each shape's keys, by number less one (0 marks an array), and the numbers by keys. */
  private readonly shapes: string[][] = [];
  private readonly shapeNumbers: ShapeNode = { number: 0, next: new Map() };
  private count = 0;

  constructor(private readonly derived: DerivedKeys = {}) {}

  get size(): number {
    return this.count;
  }

  /** The bytes its items take in its buffers (what a based listing saves shows here). */
  get bytes(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  }

  /** Keeps `item` as the next slot's (slots are numbered 0, 1, 2… in the order kept). */
  push(item: Item): void {
    this.keep(this.shaped(item), NO_BASE, 0);
  }

  /**
   * Keeps `item` as the next slot's, over `base`'s `slot`: only what differs from the base; of
   * that, strings and numbers as they are, other values (a category, a house) once for every slot
   * with the same, and keys the shelf derives (`derived`, as they would be derived) not at all.
   * Returns the keys whose values differ from the base's (dropped ones too).
   */
  pushOver(item: Item, base: DocumentShelf, slot: number): string[] {
    const over = base.get(slot) as unknown as Fields;
    const fields = item as unknown as Fields;
    const differs: Fields = {};
    const shared: Record<string, number> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined || value === over[key] || this.derive(key, fields, over) === value) continue;
      // Strings and numbers were compared as they are (above); only objects are written out to compare.
      if (value === null || typeof value !== 'object') differs[key] = value;
      else {
        const json = JSON.stringify(value);
        if (json !== JSON.stringify(over[key])) shared[key] = this.shareOf(json);
      }
    }
    const dropped = [...Object.keys(over), ...Object.keys(this.derived)].filter((key) => fields[key] === undefined);
    const changed = [...Object.keys(differs), ...Object.keys(shared), ...dropped];
    if (dropped.length) differs[DROPPED] = dropped;
    if (Object.keys(shared).length) differs[SHARED] = shared;
    let number = this.baseNumbers.get(base);
    if (number === undefined) {
      number = this.bases.push(base) - 1;
      this.basedSlots.push(0);
      this.baseNumbers.set(base, number);
    }
    this.basedSlots[number]!++;
    this.keep(this.shaped(differs), number, slot);
    return changed;
  }

  /** A derived key's value for `fields` over `over`; undefined for a key not derived ("__proto__" too). */
  private derive(key: string, fields: Fields, over: Fields): unknown {
    return Object.hasOwn(this.derived, key) ? this.derived[key]!(fields, over) : undefined;
  }

  /** The slot is retired: it is never read again (a base no live slot needs any more is let go). */
  retire(slot: number): void {
    const base = this.baseOf[slot]!;
    if (base === NO_BASE || --this.basedSlots[base]! > 0) return;
    this.baseNumbers.delete(this.bases[base]!);
    this.bases[base] = undefined;
  }

  /** A slot's item, as a new object (the caller may keep or change it). */
  get(slot: number): Item {
    const start = this.startOf[slot]!;
    const fields = this.unshaped(
      JSON.parse(decoder.decode(this.chunks[this.chunkOf[slot]!]!.subarray(start, start + this.lengthOf[slot]!))),
    ) as Fields;
    const base = this.baseOf[slot]!;
    if (base === NO_BASE) return fields as unknown as Item;
    const {
      [DROPPED]: dropped = [],
      [SHARED]: shared = {},
      ...differs
    } = fields as Fields & {
      [DROPPED]?: string[];
      [SHARED]?: Record<string, number>;
    };
    const over = this.bases[base]!.get(this.baseSlotOf[slot]!) as unknown as Fields;
    // Built without the dropped keys rather than deleting them after: an object a key was deleted
    // from is kept as a dictionary, slower to read for everything after (a platform listing drops
    // its house's custom fields).
    const item: Fields = {};
    for (const key of Object.keys(over)) if (!dropped.includes(key)) put(item, key, over[key]);
    for (const key of Object.keys(differs)) put(item, key, differs[key]);
    for (const key of Object.keys(shared)) put(item, key, JSON.parse(this.shared[shared[key]!]!));
    for (const key of Object.keys(this.derived))
      if (!(key in differs) && !dropped.includes(key)) put(item, key, this.derive(key, item, over));
    return item as unknown as Item;
  }

  /**
   * Gives back the room a bulk load left unused: the last buffer cut to what it holds, the
   * per-slot arrays to the slots. Writes after it start a small buffer (a house edits a few items).
   */
  trim(): void {
    if (this.used < this.current.length) {
      this.current = this.current.slice(0, this.used);
      if (this.chunks.length) this.chunks[this.chunks.length - 1] = this.current;
    }
    this.resize(this.count);
  }

  private keep(json: string, base: number, baseSlot: number): void {
    // At most three bytes a UTF-16 unit: room for that is made before encoding in place.
    if (this.used + json.length * 3 > this.current.length) {
      const size = Math.min(CHUNK_BYTES, FIRST_CHUNK_BYTES * 2 ** this.chunks.length);
      this.current = new Uint8Array(Math.max(size, json.length * 3));
      this.chunks.push(this.current);
      this.used = 0;
    }
    const { written } = encoder.encodeInto(json, this.current.subarray(this.used));
    if (this.count + 1 > this.chunkOf.length) this.resize(Math.max(this.count + 1, this.chunkOf.length * 2, 1024));
    this.chunkOf[this.count] = this.chunks.length - 1;
    this.startOf[this.count] = this.used;
    this.lengthOf[this.count] = written;
    this.baseOf[this.count] = base;
    this.baseSlotOf[this.count] = baseSlot;
    this.used += written;
    this.count++;
  }

  /**
   * `value` as JSON, each object as [its shape's number, ...its values] and each array as [0, ...its
   * values]. Written out here rather than through JSON.stringify's replacer, which took three times
   * as long; what JSON leaves out of an object (undefined, functions) is no key of its shape.
   */
  private shaped(value: unknown): string {
    switch (typeof value) {
      case 'string':
        return JSON.stringify(value);
      case 'number':
        return Number.isFinite(value) ? String(value) : 'null';
      case 'boolean':
        return value ? 'true' : 'false';
      case 'object':
        break;
      default:
        return 'null';
    }
    if (value === null) return 'null';
    // As JSON.stringify does: a value with toJSON (a Date) is kept as what that gives.
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
      return this.shaped((value as { toJSON(): unknown }).toJSON());
    if (Array.isArray(value)) {
      let json = `[${ARRAY}`;
      for (const part of value as unknown[]) json += `,${this.shaped(part)}`;
      return `${json}]`;
    }
    const keys: string[] = [];
    let values = '';
    for (const [key, part] of Object.entries(value)) {
      const type = typeof part;
      if (type === 'undefined' || type === 'function' || type === 'symbol') continue;
      keys.push(key);
      values += `,${this.shaped(part)}`;
    }
    return `[${this.shapeOf(keys)}${values}]`;
  }

  /** What `shaped` wrote, parsed, as the objects and arrays it was. */
  private unshaped(value: unknown): unknown {
    if (!Array.isArray(value)) return value;
    const parts = value as unknown[];
    if (parts[0] === ARRAY) {
      const array = new Array<unknown>(parts.length - 1);
      for (let at = 1; at < parts.length; at++) array[at - 1] = this.unshaped(parts[at]);
      return array;
    }
    const keys = this.shapes[(parts[0] as number) - 1]!;
    const object: Fields = {};
    for (let at = 0; at < keys.length; at++) {
      const key = keys[at]!;
      const part = this.unshaped(parts[at + 1]);
      put(object, key, part);
    }
    return object;
  }

  /** The number of the shape with `keys`, found key by key (joining the keys to look it up took as long as the rest). */
  private shapeOf(keys: string[]): number {
    let node = this.shapeNumbers;
    for (const key of keys) {
      let next = node.next.get(key);
      if (!next) node.next.set(key, (next = { number: 0, next: new Map() }));
      node = next;
    }
    return (node.number ||= this.shapes.push(keys));
  }

  private shareOf(json: string): number {
    let number = this.sharedNumbers.get(json);
    if (number === undefined) {
      number = this.shared.push(json) - 1;
      this.sharedNumbers.set(json, number);
    }
    return number;
  }

  private resize(slots: number): void {
    for (const field of ['chunkOf', 'startOf', 'lengthOf', 'baseOf', 'baseSlotOf'] as const) {
      const resized = new Uint32Array(slots);
      resized.set(this[field].subarray(0, Math.min(slots, this.count)));
      this[field] = resized;
    }
  }
}
