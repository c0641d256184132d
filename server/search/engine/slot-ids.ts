/**
 * Which slot holds each item of a catalogue, and each slot's id. A house's items are known by their
 * ids. A platform listing's id is its house's and its item's (`<houseId>~<objectID>`): it is known
 * by its house, then by its item's id, kept as the very string its house's catalogue holds. The
 * platform's listings keep no id strings of their own: each was two, the id as `listingOf` made it
 * and the flat copy hashing it as a Map's key made (about 100 bytes a listing).
 */
import { isListing, parseListingId } from '../../../schema/marketplace/listings';
import type { Item } from '../../../schema/types.generated';

export class SlotIds {
  private readonly slotOfId = new Map<string, number>();
  /** Listings' slots by house id, then by their item's id at the house; with the house id as first met (one string for all). */
  private readonly houses = new Map<string, { houseId: string; slotOf: Map<string, number> }>();
  /** Per slot: its item's id (a listing's: its house item's); undefined once retired. */
  private readonly ids: Array<string | undefined> = [];
  /** Per slot: a listing's house id (one string per house), else undefined. */
  private readonly houseOf: Array<string | undefined> = [];

  /** The slot the item with `objectID` is in, if it is in one. */
  slotOf(objectID: string): number | undefined {
    const slot = this.slotOfId.get(objectID);
    if (slot !== undefined) return slot;
    const listing = parseListingId(objectID);
    return listing && this.houses.get(listing.houseId)?.slotOf.get(listing.objectID);
  }

  /**
   * `item` is in `slot` (the next one). `houseItemId`: a listing's item id as its house's
   * catalogue keeps it (the same string, rather than a copy), when that catalogue holds it.
   */
  add(slot: number, item: Item, houseItemId?: string): void {
    if (isListing(item)) {
      const id = houseItemId ?? item.houseObjectID;
      let house = this.houses.get(item.house.id);
      if (!house) this.houses.set(item.house.id, (house = { houseId: item.house.id, slotOf: new Map() }));
      house.slotOf.set(id, slot);
      this.ids[slot] = id;
      this.houseOf[slot] = house.houseId;
    } else {
      this.slotOfId.set(item.objectID, slot);
      this.ids[slot] = item.objectID;
    }
  }

  /** The slot is retired: its id is no one's any more. */
  retire(slot: number): void {
    const id = this.ids[slot];
    if (id === undefined) return;
    const house = this.houseOf[slot];
    if (house === undefined) this.slotOfId.delete(id);
    else this.houses.get(house)?.slotOf.delete(id);
    this.ids[slot] = undefined;
  }

  /** Whether the slot holds a live item. */
  isLive(slot: number): boolean {
    return this.ids[slot] !== undefined;
  }

  /** The slot's item id (a listing's as its house knows it): a string its house's catalogue holds too. */
  itemIdAt(slot: number): string | undefined {
    return this.ids[slot];
  }

  /** The last order, after the name: by item id, then by house (a listing's id is its house's and its item's). */
  compare(a: number, b: number): number {
    const x = this.ids[a]!;
    const y = this.ids[b]!;
    if (x !== y) return x < y ? -1 : 1;
    const h = this.houseOf[a] ?? '';
    const k = this.houseOf[b] ?? '';
    return h < k ? -1 : h > k ? 1 : 0;
  }
}
