/**
 * The embedded search keeps each item as JSON bytes in shared buffers (server/search/engine/
 * document-shelf.ts) and reads back only a page's hits: every item comes back as it went in,
 * whatever its characters and size, across the buffers' edges; and a hit is the caller's own copy.
 * A platform listing is kept over its house's item (what differs, and the house once for all its
 * listings), and reads back exactly as written whatever the house's catalogue did since.
 */
import { describe, expect, it } from 'vitest';
import { DocumentShelf } from '../../../server/search/engine/document-shelf';
import { InProcessSearchIndex, LISTING_IDS } from '../../../server/search/engine/in-process-search';
import { sampleItem } from '../../contract/item-store.contract';
import { listingOf, type Listing } from '../../../schema/marketplace/listings';
import type { House } from '../../../schema/marketplace/houses';
import type { Item } from '../../../schema/types.generated';

const house: House = {
  id: 'jetway',
  name: 'Jetway Props',
  city: 'Sun Valley',
  country: 'US',
  currency: 'USD',
  locale: 'en-US',
  timezone: 'America/Los_Angeles',
  location: { lat: 34.2, lng: -118.4 },
};
const platform = { groups: [{ slug: 'seating', name: 'Seating', categories: [{ slug: 'cabin', name: 'Cabin' }] }] };
const houseItem = (n: number, overrides: Partial<Item> = {}) =>
  sampleItem(`seat-${n}`, {
    description: `A row of three economy seats, number ${n}, with tray tables and working belts. `.repeat(4),
    customFields: { eras: ['1990s'] },
    vendorId: house.id,
    ...overrides,
  });
const listing = (item: Item): Listing => listingOf(item, house, platform, { seats: 'seating/cabin' });

describe('the document shelf', () => {
  it('gives back every item as it was kept, across buffers, in any script, however large', () => {
    const shelf = new DocumentShelf();
    const items = Array.from({ length: 3_000 }, (_, n) =>
      sampleItem(`item-${n}`, {
        // Two, three and four bytes a character in UTF-8, and a lone surrogate JSON escapes.
        name: `Chaise ${n} — café 東京 🎬 ${'\ud800'}`,
        description: 'Velvet, 1950s. '.repeat(n % 7 === 0 ? 40 : 3),
      }),
    );
    // Larger than a buffer: kept whole in one of its own.
    items.push(sampleItem('huge', { description: 'ø'.repeat(1_200_000) }));
    for (const item of items) shelf.push(item);
    expect(shelf.size).toBe(items.length);
    for (const slot of [0, 1, 777, 1_500, 2_999, 3_000]) expect(shelf.get(slot)).toEqual(items[slot]);
    expect(shelf.get(3_000).description).toHaveLength(1_200_000);
  });

  it("keeps an object's keys once for all the objects of its shape, and reads back any JSON value as it was", () => {
    const shelf = new DocumentShelf();
    const items = Array.from({ length: 200 }, (_, n) => sampleItem(`seat-${n}`));
    for (const item of items) shelf.push(item);
    shelf.trim();
    const json = items.reduce((sum, item) => sum + JSON.stringify(item).length, 0);
    // The keys (objectID, name, rates, day, …) are written once, not in each item.
    expect(shelf.bytes).toBeLessThan(json * 0.8);
    expect(shelf.get(199)).toEqual(items[199]);
    // Keys in another order, nested arrays, empty ones, nulls, an own "__proto__", what JSON leaves out.
    const odd = JSON.parse(
      '{"name":"x","objectID":"odd","tags":[],"customFields":{},"matrix":[[1,[2,{}]],[]],"gone":null,"__proto__":{"polluted":true}}',
    ) as Item;
    shelf.push({ ...odd, images: undefined } as unknown as Item);
    const back = shelf.get(200);
    expect(back).toEqual(odd);
    expect(Object.keys(back)).toEqual(Object.keys(odd));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    // A value with toJSON (a Date) reads back as JSON would have kept it.
    const dated = { ...odd, objectID: 'dated', checkedAt: new Date('2026-12-04T09:00:00Z') };
    shelf.push(dated as unknown as Item);
    expect(shelf.get(201)).toEqual(JSON.parse(JSON.stringify(dated)));
  });

  it('answers each search with its own copies: a hit changed by its reader is not changed in the index', async () => {
    const index = new InProcessSearchIndex();
    await index.replaceAll('acme', [sampleItem('seat-1'), sampleItem('seat-2')]);
    const first = await index.search('acme', { filters: {}, sort: 'name', page: 0, perPage: 24 });
    first.hits[0]!.name = 'Changed by a page';
    const again = await index.search('acme', { filters: {}, sort: 'name', page: 0, perPage: 24 });
    expect(again.hits.map((hit) => hit.name)).toEqual(['Economy Triple Seat seat-1', 'Economy Triple Seat seat-2']);
  });

  it('keeps a listing over its house item: only what differs, the house once, read back whole', () => {
    const houseShelf = new DocumentShelf();
    const items = Array.from({ length: 500 }, (_, n) => houseItem(n));
    for (const item of items) houseShelf.push(item);
    houseShelf.trim();
    const platformShelf = new DocumentShelf(LISTING_IDS);
    const listings = items.map(listing);
    listings.forEach((kept, slot) => platformShelf.pushOver(kept, houseShelf, slot));
    platformShelf.trim();
    for (const slot of [0, 7, 499]) expect(platformShelf.get(slot)).toEqual(listings[slot]);
    // Its platform category, id and house, not its description again: a few bytes a listing.
    expect(listings[0]!.category).not.toEqual(items[0]!.category);
    expect(platformShelf.bytes / listings.length).toBeLessThan(100);
    const json = items.reduce((sum, item) => sum + JSON.stringify(item).length, 0);
    expect(houseShelf.bytes).toBeGreaterThan(json / 2);
    // Keys the listing leaves out (no platform custom field for eras) stay out.
    expect(platformShelf.get(3)).not.toHaveProperty('customFields');
    // A house item's own "__proto__" reads back through its listing as an own key, never its prototype.
    const odd = { ...houseItem(500), ...(JSON.parse('{"__proto__":{"polluted":true}}') as object) } as Item;
    houseShelf.push(odd);
    platformShelf.pushOver(listing(odd), houseShelf, 500);
    const back = platformShelf.get(500);
    expect(Object.getOwnPropertyDescriptor(back, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(back).toEqual(listing(odd));
  });

  it("reads a listing back as written after its house's item changed and its catalogue was rebuilt", async () => {
    const index = new InProcessSearchIndex();
    const items = Array.from({ length: 40 }, (_, n) => houseItem(n));
    await index.replaceAll('jetway', items);
    await index.replaceAll('platform', items.map(listing));
    // The house renames every item, 60 times over: its catalogue is rebuilt (past 1,024 retired slots).
    for (let round = 0; round < 60; round++)
      for (const item of items) await index.upsert('jetway', { ...item, name: `Renamed ${round} ${item.objectID}` });
    const query = { filters: {}, sort: 'name', page: 0, perPage: 50 } as const;
    const own = await index.search('jetway', query);
    expect(own.hits[0]!.name).toMatch(/^Renamed 59 /);
    const listed = await index.search('platform', query);
    expect(listed.hits).toHaveLength(40);
    expect(listed.hits.find((hit) => hit.objectID === listing(items[5]!).objectID)).toEqual(listing(items[5]!));
    // The platform hears the change: its listing reads the new item.
    await index.upsert('platform', listing({ ...items[5]!, name: 'Renamed at last' }));
    const again = await index.search('platform', { ...query, text: 'renamed' });
    expect(again.hits.map((hit) => hit.name)).toEqual(['Renamed at last']);
  });
});
