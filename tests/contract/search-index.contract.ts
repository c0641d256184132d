/**
 * What every SearchIndex adapter must do for a prop house, written against the port only
 * (server/search/search-port.ts) on a hand-made catalogue of 13 items: find items by words (each
 * a prefix, several together, case and accents folded), browse with no text, narrow by category
 * path, count facets "OR within a facet, AND across facets" (each facet counted as if its own
 * selection were not applied; priceBin listing every bin), custom-field facets, the five sort
 * orders, pages, writes (upsert replaces, remove forgets, replaceAll replaces everything), tenants
 * kept apart, and hostile text and facet values (quotes, colons, OR, parentheses, backslashes,
 * a leading minus, very long strings, odd Unicode) answered without rejecting and matching
 * nothing they should not. Every expectation is exact.
 *
 * Nothing here relies on typo tolerance or on the finer points of text ranking, which differ by
 * engine (the embedded index's own unit tests cover its typos).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { synonymGroups } from '../../schema/catalogue-search';
import { listingOf } from '../../schema/marketplace/listings';
import type { House } from '../../schema/marketplace/houses';
import type { Item } from '../../schema/types.generated';
import type { FacetKey, SearchIndex, SearchQuery, SearchResult } from '../../server/search/search-port';

/** An item valid per the item schema; `overrides` say what the test is about. */
export function searchItem(objectID: string, overrides: Partial<Item> = {}): Item {
  return {
    objectID,
    name: objectID,
    description: '',
    images: [],
    category: { group: 'furniture', category: 'seating' },
    rates: { day: 40 },
    quantity: 1,
    tags: [],
    colors: [],
    customFields: {},
    vendorId: 'acme',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Day rates all differ and so do names and listing dates, so every sort order has one answer. */
export const CATALOGUE: Item[] = [
  searchItem('velvet-armchair', {
    name: 'Velvet Armchair',
    rates: { day: 45 },
    colors: ['Blue'],
    tags: ['hero-prop'],
    customFields: { eras: ['1950s'] },
    createdAt: '2025-03-01T00:00:00.000Z',
  }),
  searchItem('leather-armchair', {
    name: 'Leather Club Armchair',
    rates: { day: 60, week: 180 },
    colors: ['Brown'],
    tags: ['hero-prop', 'period'],
    customFields: { eras: ['1920s'] },
    createdAt: '2025-02-01T00:00:00.000Z',
  }),
  searchItem('red-sofa', {
    name: 'Red Sofa',
    rates: { day: 120 },
    colors: ['Red'],
    tags: ['period'],
    customFields: { eras: ['1950s'] },
    createdAt: '2025-04-01T00:00:00.000Z',
  }),
  searchItem('blue-sofa', {
    name: 'Blue Chesterfield Sofa',
    rates: { day: 300 },
    colors: ['Blue', 'Gold'],
    tags: ['hero-prop'],
    customFields: { eras: ['1920s'] },
    createdAt: '2025-05-01T00:00:00.000Z',
  }),
  searchItem('bar-stool', {
    name: 'Chrome Bar Stool',
    rates: { day: 15 },
    quantity: 8,
    colors: ['Silver'],
    tags: ['practical'],
    createdAt: '2024-12-01T00:00:00.000Z',
  }),
  searchItem('dining-table', {
    name: 'Oak Dining Table',
    category: { group: 'furniture', category: 'tables' },
    rates: { day: 95 },
    colors: ['Brown'],
    customFields: { eras: ['1920s'], rooms: ['dining-room'] },
    createdAt: '2024-09-01T00:00:00.000Z',
  }),
  searchItem('cafe-table', {
    name: 'Café Table',
    category: { group: 'furniture', category: 'tables' },
    rates: { day: 30 },
    colors: ['Off-White (Ivory)'],
    tags: ['practical'],
    customFields: { rooms: ['diner'] },
    createdAt: '2024-05-01T00:00:00.000Z',
  }),
  searchItem('floor-lamp', {
    name: 'Brass Floor Lamp',
    description: 'A working practical with a new cord.',
    category: { group: 'lighting', category: 'lamps', subcategory: 'floor' },
    rates: { day: 35 },
    colors: ['Gold'],
    tags: ['practical'],
    createdAt: '2024-11-01T00:00:00.000Z',
  }),
  searchItem('desk-lamp', {
    name: 'Green Bankers Desk Lamp',
    category: { group: 'lighting', category: 'lamps', subcategory: 'desk' },
    rates: { day: 25 },
    colors: ['Green', 'Gold'],
    tags: ['practical', 'period'],
    createdAt: '2024-10-01T00:00:00.000Z',
  }),
  searchItem('chandelier', {
    name: 'Crystal Chandelier',
    category: { group: 'lighting', category: 'chandeliers' },
    rates: { day: 750 },
    colors: ['Silver'],
    tags: ['hero-prop'],
    vendorId: 'lumen',
    createdAt: '2025-06-01T00:00:00.000Z',
  }),
  searchItem('jukebox', {
    name: 'Neon Jukebox',
    description: 'Plays 45s. Loud.',
    category: { group: 'electronics', category: 'audio' },
    rates: { day: 1200 },
    colors: ['Red', 'Blue'],
    tags: ['hero-prop', 'period'],
    customFields: { eras: ['1950s'], rooms: ['diner'] },
    vendorId: 'lumen',
    createdAt: '2024-08-01T00:00:00.000Z',
  }),
  searchItem('telephone', {
    name: 'Rotary Telephone',
    category: { group: 'electronics', category: 'telephones' },
    rates: { day: 20 },
    colors: ['Black'],
    tags: ['practical', 'period'],
    customFields: { eras: ['1950s'] },
    createdAt: '2024-07-01T00:00:00.000Z',
  }),
  searchItem('typewriter', {
    name: 'Typewriter',
    description: 'Pairs well with a desk lamp.',
    category: { group: 'electronics', category: 'typewriters' },
    rates: { day: 50 },
    colors: ['Black'],
    tags: ['period'],
    customFields: { eras: ['1920s'] },
    createdAt: '2024-06-01T00:00:00.000Z',
  }),
];

const ALL_NEWEST_FIRST = [
  'chandelier',
  'blue-sofa',
  'red-sofa',
  'velvet-armchair',
  'leather-armchair',
  'bar-stool',
  'floor-lamp',
  'desk-lamp',
  'dining-table',
  'jukebox',
  'telephone',
  'typewriter',
  'cafe-table',
];
const ALL_BY_NAME = [
  'blue-sofa',
  'floor-lamp',
  'cafe-table',
  'bar-stool',
  'chandelier',
  'desk-lamp',
  'leather-armchair',
  'jukebox',
  'dining-table',
  'red-sofa',
  'telephone',
  'typewriter',
  'velvet-armchair',
];
const ALL_BY_PRICE = [
  'bar-stool',
  'telephone',
  'desk-lamp',
  'cafe-table',
  'floor-lamp',
  'velvet-armchair',
  'typewriter',
  'leather-armchair',
  'dining-table',
  'red-sofa',
  'blue-sofa',
  'chandelier',
  'jukebox',
];
/** Colour counts over the whole catalogue: what a colour facet shows when no colour is selected. */
const ALL_COLOURS = { Blue: 3, Gold: 3, Black: 2, Brown: 2, Red: 2, Silver: 2, Green: 1, 'Off-White (Ivory)': 1 };

const query = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
  filters: {},
  page: 0,
  perPage: 50,
  ...overrides,
});
const ids = (result: SearchResult) => result.hits.map((hit) => hit.objectID);
/** A facet's counts as { value: count }, selected values marked with a trailing '*'. */
const counts = (result: SearchResult, facet: FacetKey) =>
  Object.fromEntries(
    (result.facets[facet] ?? []).map((value) => [value.selected ? `${value.value}*` : value.value, value.count]),
  );
/** A facet's values in the order the result lists them. */
const order = (result: SearchResult, facet: FacetKey) => (result.facets[facet] ?? []).map((value) => value.value);

export function searchIndexContract(
  name: string,
  makeIndex: () => Promise<{ index: SearchIndex; close(): Promise<void> }>,
): void {
  describe(`SearchIndex contract: ${name}`, () => {
    let index: SearchIndex;
    let close: () => Promise<void>;
    beforeEach(async () => {
      ({ index, close } = await makeIndex());
      await index.replaceAll('props', CATALOGUE);
    });
    afterEach(() => close());

    const search = (overrides: Partial<SearchQuery> = {}, tenantId = 'props') =>
      index.search(tenantId, query(overrides));

    describe('text', () => {
      it('finds items by a word, and by the start of one', async () => {
        expect(ids(await search({ text: 'armchair', sort: 'name' }))).toEqual(['leather-armchair', 'velvet-armchair']);
        expect(ids(await search({ text: 'arm', sort: 'name' }))).toEqual(['leather-armchair', 'velvet-armchair']);
        expect(ids(await search({ text: 'Chrom' }))).toEqual(['bar-stool']);
      });

      it('needs every word of several, each of which may be half typed', async () => {
        expect(ids(await search({ text: 'blue sofa' }))).toEqual(['blue-sofa']);
        expect(ids(await search({ text: 'sofa blue' }))).toEqual(['blue-sofa']);
        expect(ids(await search({ text: 'chest sof' }))).toEqual(['blue-sofa']);
        expect(ids(await search({ text: 'green desk lamp' }))).toEqual(['desk-lamp']);
        expect(ids(await search({ text: 'red sofa' }))).toEqual(['red-sofa']);
        const sofas = await search({ text: 'sofa', sort: 'name' });
        expect(sofas.total).toBe(2);
        expect(ids(sofas)).toEqual(['blue-sofa', 'red-sofa']);
        expect((await search({ text: 'velvet sofa' })).total).toBe(0);
      });

      it('searches tags, category slugs, colours and descriptions as words, folding case and accents', async () => {
        expect(ids(await search({ text: 'HERO', sort: 'name' }))).toEqual([
          'blue-sofa',
          'chandelier',
          'leather-armchair',
          'jukebox',
          'velvet-armchair',
        ]);
        expect(ids(await search({ text: 'typewriters' }))).toEqual(['typewriter']);
        expect(ids(await search({ text: 'silver', sort: 'name' }))).toEqual(['bar-stool', 'chandelier']);
        expect(ids(await search({ text: 'ivory' }))).toEqual(['cafe-table']);
        expect(ids(await search({ text: 'cord' }))).toEqual(['floor-lamp']);
        expect(ids(await search({ text: 'cafe' }))).toEqual(['cafe-table']);
        expect(ids(await search({ text: 'CAFÉ' }))).toEqual(['cafe-table']);
      });

      it('ranks a word in the name above the same word only in a description', async () => {
        // Both lamps have "lamp" in their names (the newer first); the typewriter only in its description.
        expect(ids(await search({ text: 'lamp' }))).toEqual(['floor-lamp', 'desk-lamp', 'typewriter']);
      });

      it('counts facets among the text matches', async () => {
        const armchairs = await search({ text: 'armchair' });
        expect(counts(armchairs, 'custom.eras')).toEqual({ '1920s': 1, '1950s': 1 });
        expect(counts(armchairs, 'colors')).toEqual({ Blue: 1, Brown: 1 });
        expect(counts(armchairs, 'priceBin')).toEqual({
          'under-50': 1,
          '50-100': 1,
          '100-250': 0,
          '250-500': 0,
          '500-1000': 0,
          '1000-plus': 0,
        });
      });
    });

    describe('browse', () => {
      it('lists everything, newest first, when there is no text (absent, empty or blank)', async () => {
        for (const text of [undefined, '', '   ']) {
          const result = await search(text === undefined ? {} : { text });
          expect(result.total, JSON.stringify(text)).toBe(13);
          expect(ids(result), JSON.stringify(text)).toEqual(ALL_NEWEST_FIRST);
        }
      });

      it('returns whole stored items', async () => {
        const [hit] = (await search({ text: 'leather' })).hits;
        expect(hit).toEqual(CATALOGUE[1]);
      });
    });

    describe('category', () => {
      it('narrows by group, then category, then subcategory, and the counts with it', async () => {
        const lighting = await search({ filters: { category: { group: 'lighting' } }, sort: 'name' });
        expect(ids(lighting)).toEqual(['floor-lamp', 'chandelier', 'desk-lamp']);
        expect(counts(lighting, 'colors')).toEqual({ Gold: 2, Green: 1, Silver: 1 });
        expect(counts(lighting, 'vendors')).toEqual({ acme: 2, lumen: 1 });
        expect(
          ids(await search({ filters: { category: { group: 'lighting', category: 'lamps' } }, sort: 'name' })),
        ).toEqual(['floor-lamp', 'desk-lamp']);
        expect(
          ids(await search({ filters: { category: { group: 'lighting', category: 'lamps', subcategory: 'desk' } } })),
        ).toEqual(['desk-lamp']);
        expect(
          ids(await search({ filters: { category: { group: 'furniture', category: 'tables' } }, sort: 'name' })),
        ).toEqual(['cafe-table', 'dining-table']);
      });

      it('matches nothing for a path no item has, even one whose parts exist elsewhere', async () => {
        expect((await search({ filters: { category: { group: 'lighting', category: 'tables' } } })).total).toBe(0);
        expect(
          (await search({ filters: { category: { group: 'lighting', category: 'lamps', subcategory: 'ceiling' } } }))
            .total,
        ).toBe(0);
        const nowhere = await search({ filters: { category: { group: 'boats' } } });
        expect(nowhere.total).toBe(0);
        expect(nowhere.hits).toEqual([]);
        expect(counts(nowhere, 'priceBin')).toEqual({
          'under-50': 0,
          '50-100': 0,
          '100-250': 0,
          '250-500': 0,
          '500-1000': 0,
          '1000-plus': 0,
        });
        expect(counts(nowhere, 'colors')).toEqual({});
      });

      it('combines with text and facets', async () => {
        const result = await search({ text: 'lamp', filters: { category: { group: 'lighting' }, colors: ['Green'] } });
        expect(ids(result)).toEqual(['desk-lamp']);
        expect(counts(result, 'colors')).toEqual({ 'Green*': 1, Gold: 2 });
      });
    });

    describe('facets: OR within a facet, AND across facets', () => {
      it('counts every value among all items when nothing is selected, most first', async () => {
        const result = await search();
        expect(result.total).toBe(13);
        expect(counts(result, 'colors')).toEqual(ALL_COLOURS);
        expect(order(result, 'colors')).toEqual([
          'Blue',
          'Gold',
          'Black',
          'Brown',
          'Red',
          'Silver',
          'Green',
          'Off-White (Ivory)',
        ]);
        expect(counts(result, 'tags')).toEqual({ period: 6, 'hero-prop': 5, practical: 5 });
        expect(order(result, 'tags')).toEqual(['period', 'hero-prop', 'practical']);
        expect(counts(result, 'vendors')).toEqual({ acme: 11, lumen: 2 });
        expect(result.facets.colors.every((value) => !value.selected)).toBe(true);
      });

      it('selecting Blue still counts the other colours as if Blue were not selected', async () => {
        const result = await search({ filters: { colors: ['Blue'] }, sort: 'name' });
        expect(ids(result)).toEqual(['blue-sofa', 'jukebox', 'velvet-armchair']);
        expect(result.total).toBe(3);
        expect(counts(result, 'colors')).toEqual({
          'Blue*': 3,
          Gold: 3,
          Black: 2,
          Brown: 2,
          Red: 2,
          Silver: 2,
          Green: 1,
          'Off-White (Ivory)': 1,
        });
        // Every other facet counts within the blue items.
        expect(counts(result, 'tags')).toEqual({ 'hero-prop': 3, period: 1 });
        expect(counts(result, 'vendors')).toEqual({ acme: 2, lumen: 1 });
        expect(counts(result, 'custom.eras')).toEqual({ '1950s': 2, '1920s': 1 });
        expect(counts(result, 'priceBin')).toEqual({
          'under-50': 1,
          '50-100': 0,
          '100-250': 0,
          '250-500': 1,
          '500-1000': 0,
          '1000-plus': 1,
        });
      });

      it('selecting Blue and Red matches either (OR within the facet)', async () => {
        const result = await search({ filters: { colors: ['Blue', 'Red'] }, sort: 'name' });
        expect(ids(result)).toEqual(['blue-sofa', 'jukebox', 'red-sofa', 'velvet-armchair']);
        expect(counts(result, 'colors')).toEqual({
          'Blue*': 3,
          Gold: 3,
          Black: 2,
          Brown: 2,
          'Red*': 2,
          Silver: 2,
          Green: 1,
          'Off-White (Ivory)': 1,
        });
        expect(counts(result, 'tags')).toEqual({ 'hero-prop': 3, period: 2 });
      });

      it('selecting a colour and a tag: each facet counted with the other selection only (AND across)', async () => {
        const result = await search({ filters: { colors: ['Blue'], tags: ['period'] } });
        expect(ids(result)).toEqual(['jukebox']);
        // Colours among the period items; tags among the blue items.
        expect(counts(result, 'colors')).toEqual({ Black: 2, Red: 2, 'Blue*': 1, Brown: 1, Gold: 1, Green: 1 });
        expect(counts(result, 'tags')).toEqual({ 'hero-prop': 3, 'period*': 1 });
        expect(counts(result, 'vendors')).toEqual({ lumen: 1 });
        expect(counts(result, 'custom.eras')).toEqual({ '1950s': 1 });
      });

      it('three facets selected at once, vendors included', async () => {
        const result = await search({
          filters: { colors: ['Blue', 'Silver'], tags: ['hero-prop'], vendors: ['lumen'] },
          sort: 'name',
        });
        expect(ids(result)).toEqual(['chandelier', 'jukebox']);
        // Colours among lumen's hero props; tags among lumen's blue or silver items; vendors among blue or silver hero props.
        expect(counts(result, 'colors')).toEqual({ 'Blue*': 1, Red: 1, 'Silver*': 1 });
        expect(counts(result, 'tags')).toEqual({ 'hero-prop*': 2, period: 1 });
        expect(counts(result, 'vendors')).toEqual({ acme: 2, 'lumen*': 2 });
      });

      it('lists a selected value no item has at 0, matching nothing', async () => {
        const result = await search({ filters: { colors: ['Mauve'] } });
        expect(result.total).toBe(0);
        expect(result.hits).toEqual([]);
        expect(counts(result, 'colors')).toEqual({ ...ALL_COLOURS, 'Mauve*': 0 });
        expect(result.facets.colors.at(-1)).toEqual({ value: 'Mauve', count: 0, selected: true });
        expect(counts(result, 'tags')).toEqual({});
      });

      it('filters by a colour whose name has punctuation, exactly', async () => {
        const result = await search({ filters: { colors: ['Off-White (Ivory)'] } });
        expect(ids(result)).toEqual(['cafe-table']);
        expect(counts(result, 'colors')).toMatchObject({ 'Off-White (Ivory)*': 1 });
        expect((await search({ filters: { colors: ['Off-White'] } })).total).toBe(0);
      });
    });

    describe('price bins', () => {
      it('lists every bin in order, empty ones included', async () => {
        const all = await search();
        expect(all.facets.priceBin).toEqual([
          { value: 'under-50', count: 6, selected: false },
          { value: '50-100', count: 3, selected: false },
          { value: '100-250', count: 1, selected: false },
          { value: '250-500', count: 1, selected: false },
          { value: '500-1000', count: 1, selected: false },
          { value: '1000-plus', count: 1, selected: false },
        ]);
        const lighting = await search({ filters: { category: { group: 'lighting' } } });
        expect(order(lighting, 'priceBin')).toEqual([
          'under-50',
          '50-100',
          '100-250',
          '250-500',
          '500-1000',
          '1000-plus',
        ]);
        expect(counts(lighting, 'priceBin')).toEqual({
          'under-50': 2,
          '50-100': 0,
          '100-250': 0,
          '250-500': 0,
          '500-1000': 1,
          '1000-plus': 0,
        });
      });

      it('filters by one bin or several (lower bound included), counting the bins as if none were chosen', async () => {
        const cheap = await search({ filters: { priceBin: ['under-50'] }, sort: 'price-asc' });
        expect(ids(cheap)).toEqual([
          'bar-stool',
          'telephone',
          'desk-lamp',
          'cafe-table',
          'floor-lamp',
          'velvet-armchair',
        ]);
        expect(counts(cheap, 'priceBin')).toEqual({
          'under-50*': 6,
          '50-100': 3,
          '100-250': 1,
          '250-500': 1,
          '500-1000': 1,
          '1000-plus': 1,
        });
        expect(counts(cheap, 'colors')).toEqual({
          Gold: 2,
          Black: 1,
          Blue: 1,
          Green: 1,
          'Off-White (Ivory)': 1,
          Silver: 1,
        });
        const fifty = await search({ filters: { priceBin: ['50-100'] }, sort: 'price-asc' });
        expect(ids(fifty)).toEqual(['typewriter', 'leather-armchair', 'dining-table']); // 50 is in 50-100
        const dear = await search({ filters: { priceBin: ['500-1000', '1000-plus'] }, sort: 'price-desc' });
        expect(ids(dear)).toEqual(['jukebox', 'chandelier']);
      });

      it('combines with another facet: bins counted within it, it counted within the bins', async () => {
        const result = await search({ filters: { priceBin: ['under-50'], tags: ['practical'] }, sort: 'price-asc' });
        expect(ids(result)).toEqual(['bar-stool', 'telephone', 'desk-lamp', 'cafe-table', 'floor-lamp']);
        expect(counts(result, 'priceBin')).toEqual({
          'under-50*': 5,
          '50-100': 0,
          '100-250': 0,
          '250-500': 0,
          '500-1000': 0,
          '1000-plus': 0,
        });
        expect(counts(result, 'tags')).toEqual({ 'practical*': 5, period: 2, 'hero-prop': 1 });
      });

      it('lists an unknown bin as selected at 0 after the bins, matching nothing', async () => {
        const result = await search({ filters: { priceBin: ['free'] } });
        expect(result.total).toBe(0);
        expect(result.facets.priceBin.map((value) => value.value)).toEqual([
          'under-50',
          '50-100',
          '100-250',
          '250-500',
          '500-1000',
          '1000-plus',
          'free',
        ]);
        expect(result.facets.priceBin.at(-1)).toEqual({ value: 'free', count: 0, selected: true });
      });
    });

    describe('custom-field facets', () => {
      it('counts each custom field as a facet of its own, custom.<field>', async () => {
        const result = await search();
        expect(counts(result, 'custom.eras')).toEqual({ '1920s': 4, '1950s': 4 });
        expect(order(result, 'custom.eras')).toEqual(['1920s', '1950s']); // equal counts: by value
        expect(counts(result, 'custom.rooms')).toEqual({ diner: 2, 'dining-room': 1 });
      });

      it('filters by one, counting it as if unselected and the others within it', async () => {
        const fifties = await search({ filters: { custom: { eras: ['1950s'] } }, sort: 'name' });
        expect(ids(fifties)).toEqual(['jukebox', 'red-sofa', 'telephone', 'velvet-armchair']);
        expect(counts(fifties, 'custom.eras')).toEqual({ '1950s*': 4, '1920s': 4 });
        expect(counts(fifties, 'custom.rooms')).toEqual({ diner: 1 });
        expect(counts(fifties, 'colors')).toEqual({ Blue: 2, Red: 2, Black: 1 });
      });

      it('ANDs two custom fields, ORs values within one', async () => {
        const result = await search({ filters: { custom: { eras: ['1950s', '1920s'], rooms: ['diner'] } } });
        expect(ids(result)).toEqual(['jukebox']);
        expect(counts(result, 'custom.eras')).toEqual({ '1950s*': 1, '1920s*': 0 });
        expect(counts(result, 'custom.rooms')).toEqual({ 'diner*': 1, 'dining-room': 1 });
      });

      it('matches nothing for a field no item has, listing its selection at 0', async () => {
        const result = await search({ filters: { custom: { moods: ['gloomy'] } } });
        expect(result.total).toBe(0);
        expect(result.facets['custom.moods']).toEqual([{ value: 'gloomy', count: 0, selected: true }]);
        expect(counts(result, 'colors')).toEqual({});
      });
    });

    describe('sort and pages', () => {
      it('sorts by name, price both ways and newest; relevance without text is newest', async () => {
        expect(ids(await search({ sort: 'name' }))).toEqual(ALL_BY_NAME);
        expect(ids(await search({ sort: 'price-asc' }))).toEqual(ALL_BY_PRICE);
        expect(ids(await search({ sort: 'price-desc' }))).toEqual([...ALL_BY_PRICE].reverse());
        expect(ids(await search({ sort: 'newest' }))).toEqual(ALL_NEWEST_FIRST);
        expect(ids(await search({ sort: 'relevance' }))).toEqual(ALL_NEWEST_FIRST);
      });

      it('sorts text matches and filtered lists too', async () => {
        expect(ids(await search({ text: 'period', sort: 'price-desc' }))).toEqual([
          'jukebox',
          'red-sofa',
          'leather-armchair',
          'typewriter',
          'desk-lamp',
          'telephone',
        ]);
        expect(ids(await search({ filters: { tags: ['period'] }, sort: 'newest' }))).toEqual([
          'red-sofa',
          'leather-armchair',
          'desk-lamp',
          'jukebox',
          'telephone',
          'typewriter',
        ]);
      });

      it('keeps the total and the facets across pages, and slices each page in order', async () => {
        const pages = await Promise.all([0, 1, 2, 3].map((page) => search({ sort: 'price-asc', page, perPage: 5 })));
        expect(pages.map((page) => page.total)).toEqual([13, 13, 13, 13]);
        expect(pages.map(ids)).toEqual([
          ALL_BY_PRICE.slice(0, 5),
          ALL_BY_PRICE.slice(5, 10),
          ALL_BY_PRICE.slice(10),
          [],
        ]);
        for (const page of pages.slice(1)) expect(page.facets).toEqual(pages[0]!.facets);
      });

      it('pages a filtered list', async () => {
        const filters = { tags: ['practical'] };
        expect(ids(await search({ filters, sort: 'name', page: 0, perPage: 2 }))).toEqual(['floor-lamp', 'cafe-table']);
        const second = await search({ filters, sort: 'name', page: 1, perPage: 2 });
        expect(ids(second)).toEqual(['bar-stool', 'desk-lamp']);
        expect(second.total).toBe(5);
        expect(ids(await search({ filters, sort: 'name', page: 2, perPage: 2 }))).toEqual(['telephone']);
      });

      it('answers page and perPage out of range without rejecting', async () => {
        expect(ids(await search({ page: 1e12, perPage: 10 }))).toEqual([]);
        expect((await search({ page: 1e12, perPage: 10 })).total).toBe(13);
        expect(ids(await search({ sort: 'name', page: -3, perPage: 1 }))).toEqual(['blue-sofa']);
        expect(ids(await search({ sort: 'name', page: 0, perPage: 0 }))).toEqual(['blue-sofa']);
      });
    });

    describe('writes', () => {
      it('sees an upsert at the next search: a new item, in its facets and text', async () => {
        await index.upsert(
          'props',
          searchItem('glass-lamp', {
            name: 'Blue Glass Lamp',
            colors: ['Blue'],
            rates: { day: 80 },
            category: { group: 'lighting', category: 'lamps' },
            customFields: { moods: ['calm'] },
          }),
        );
        const blue = await search({ filters: { colors: ['Blue'] }, sort: 'name' });
        expect(ids(blue)).toEqual(['blue-sofa', 'glass-lamp', 'jukebox', 'velvet-armchair']);
        expect(ids(await search({ text: 'glas' }))).toEqual(['glass-lamp']);
        expect(counts(await search(), 'custom.moods')).toEqual({ calm: 1 });
        expect(ids(await search({ filters: { custom: { moods: ['calm'] } } }))).toEqual(['glass-lamp']);
        expect((await search()).total).toBe(14);
      });

      it('replaces an item on upsert: its old name, colour and price are gone', async () => {
        await index.upsert('props', {
          ...CATALOGUE[0]!,
          name: 'Velvet Loveseat',
          colors: ['Green'],
          rates: { day: 500 },
        });
        expect(ids(await search({ text: 'armchair' }))).toEqual(['leather-armchair']);
        expect(ids(await search({ text: 'loveseat' }))).toEqual(['velvet-armchair']);
        const all = await search();
        expect(all.total).toBe(13);
        expect(counts(all, 'colors')).toMatchObject({ Blue: 2, Green: 2 });
        expect(counts(all, 'priceBin')).toEqual({
          'under-50': 5,
          '50-100': 3,
          '100-250': 1,
          '250-500': 1,
          '500-1000': 2,
          '1000-plus': 1,
        });
      });

      it('forgets a removed item everywhere, and ignores an unknown id', async () => {
        await index.remove('props', 'jukebox');
        await index.remove('props', 'no-such-item');
        const all = await search();
        expect(all.total).toBe(12);
        expect(ids(all)).not.toContain('jukebox');
        expect(counts(all, 'priceBin')['1000-plus']).toBe(0);
        expect(counts(all, 'custom.rooms')).toEqual({ diner: 1, 'dining-room': 1 });
        expect(counts(all, 'vendors')).toEqual({ acme: 11, lumen: 1 });
        expect((await search({ text: 'jukebox' })).total).toBe(0);
      });

      it('replaceAll replaces everything the tenant had', async () => {
        await index.replaceAll('props', [
          searchItem('gobo', {
            name: 'Window Gobo',
            rates: { day: 10 },
            colors: ['Black'],
            category: { group: 'lighting', category: 'accessories' },
          }),
        ]);
        const all = await search();
        expect(ids(all)).toEqual(['gobo']);
        expect(counts(all, 'colors')).toEqual({ Black: 1 });
        expect((await search({ text: 'sofa' })).total).toBe(0);
        expect((await search({ filters: { colors: ['Blue'] } })).total).toBe(0);
        await index.replaceAll('props', []);
        expect((await search()).total).toBe(0);
      });

      it('applies writes in the order they were made', async () => {
        const writes = [1, 2, 3, 4, 5].map((n) =>
          index.upsert('props', { ...CATALOGUE[2]!, name: `Red Sofa Take ${n}` }),
        );
        await Promise.all([...writes, index.remove('props', 'blue-sofa')]);
        expect(ids(await search({ text: 'sofa' }))).toEqual(['red-sofa']);
        expect((await search({ text: 'sofa' })).hits[0]!.name).toBe('Red Sofa Take 5');
      });
    });

    describe("a tenant's synonyms", () => {
      const synonymSearch = (text: string, synonyms?: string[][]) =>
        search({ text, perPage: 50, ...(synonyms && { synonyms }) });
      it('finds a group’s words by any of them, each way, and only while the tenant keeps the group', async () => {
        const groups = synonymGroups(['Sofa, Couch, settee', 'lamp, light']);
        expect((await synonymSearch('couch')).total).toBe(0);
        expect(ids(await synonymSearch('couch', groups)).sort()).toEqual(['blue-sofa', 'red-sofa']);
        expect(ids(await synonymSearch('settee', groups)).sort()).toEqual(['blue-sofa', 'red-sofa']);
        // A word of several still needs every word: "green light" is the green lamp.
        expect(ids(await synonymSearch('green light', groups))).toEqual(['desk-lamp']);
        // The word itself finds what it did.
        expect(ids(await synonymSearch('sofa', groups)).sort()).toEqual(['blue-sofa', 'red-sofa']);
        // Groups taken away are gone from the next search (kept searches, and the index's own synonyms).
        expect((await synonymSearch('couch')).total).toBe(0);
        expect(ids(await synonymSearch('couch', synonymGroups(['couch, sofa']))).sort()).toEqual([
          'blue-sofa',
          'red-sofa',
        ]);
        expect((await synonymSearch('settee', synonymGroups(['couch, sofa']))).total).toBe(0);
      });
    });

    describe('tenants', () => {
      it('never see each other’s items, even with the same ids', async () => {
        await index.replaceAll('hangar', [
          searchItem('jukebox', { name: 'Cockpit Yoke', vendorId: 'hangar', colors: ['Blue'] }),
        ]);
        expect(ids(await search({ text: 'jukebox' }, 'hangar'))).toEqual([]);
        expect(ids(await search({ text: 'yoke' }, 'hangar'))).toEqual(['jukebox']);
        expect((await search({ text: 'yoke' })).total).toBe(0);
        expect(counts(await search({}, 'hangar'), 'vendors')).toEqual({ hangar: 1 });
        expect(counts(await search({ filters: { colors: ['Blue'] } }, 'hangar'), 'colors')).toEqual({ 'Blue*': 1 });
        expect((await search()).total).toBe(13);
        await index.remove('hangar', 'jukebox');
        expect(ids(await search({ text: 'jukebox' }))).toEqual(['jukebox']);
      });

      it('answers a tenant with no items, all bins at 0', async () => {
        const nobody = await search({ text: 'sofa', filters: { colors: ['Blue'] } }, 'nobody');
        expect(nobody.total).toBe(0);
        expect(nobody.hits).toEqual([]);
        expect(counts(nobody, 'priceBin')).toEqual({
          'under-50': 0,
          '50-100': 0,
          '100-250': 0,
          '250-500': 0,
          '500-1000': 0,
          '1000-plus': 0,
        });
        expect(nobody.facets.colors).toEqual([{ value: 'Blue', count: 0, selected: true }]);
        await index.remove('nobody', 'anything');
        expect((await search({}, 'nobody')).total).toBe(0);
      });
    });

    describe("the platform's one index of every house (listings with a vendor facet)", () => {
      const house = (id: string, currency: string, location: { lat: number; lng: number }): House => ({
        id,
        name: id,
        currency,
        locale: 'en',
        timezone: 'UTC',
        location,
      });
      const SUN_VALLEY = house('sun-valley', 'USD', { lat: 34.2189, lng: -118.3715 });
      const ATLANTA = house('atlanta', 'USD', { lat: 33.8008, lng: -84.4268 });
      const SOHO = house('soho', 'GBP', { lat: 51.5136, lng: -0.1365 });
      const tree = { groups: [] };
      // The same item id at two houses: two listings.
      const LISTINGS = [
        listingOf(
          searchItem('club-chair', { name: 'Club Chair', rates: { day: 40 }, createdAt: '2025-01-03T00:00:00.000Z' }),
          SUN_VALLEY,
          tree,
          undefined,
        ),
        listingOf(
          searchItem('club-chair', { name: 'Club Chair', rates: { day: 40 }, createdAt: '2025-01-02T00:00:00.000Z' }),
          SOHO,
          tree,
          undefined,
        ),
        listingOf(
          searchItem('peach-crate', {
            name: 'Peach Crate',
            rates: { day: 120 },
            createdAt: '2025-01-04T00:00:00.000Z',
          }),
          ATLANTA,
          tree,
          undefined,
        ),
        listingOf(
          searchItem('tea-chest', { name: 'Tea Chest', rates: { day: 75 }, createdAt: '2025-01-01T00:00:00.000Z' }),
          SOHO,
          tree,
          undefined,
        ),
      ];
      const HOLLYWOOD = { lat: 34.0928, lng: -118.3287 };
      beforeEach(() => index.replaceAll('market', LISTINGS));
      const market = (overrides: Partial<SearchQuery> = {}) => search(overrides, 'market');

      it('orders nearest house first from the visitor, then newest within a house', async () => {
        expect(ids(await market({ sort: 'nearest', near: HOLLYWOOD }))).toEqual([
          'sun-valley~club-chair',
          'atlanta~peach-crate',
          'soho~club-chair',
          'soho~tea-chest',
        ]);
        expect(ids(await market({ sort: 'nearest', near: { lat: 51.5, lng: -0.12 } }))).toEqual([
          'soho~club-chair',
          'soho~tea-chest',
          'atlanta~peach-crate',
          'sun-valley~club-chair',
        ]);
        expect(ids(await market({ sort: 'nearest', near: HOLLYWOOD, text: 'club' }))).toEqual([
          'sun-valley~club-chair',
          'soho~club-chair',
        ]);
        // Page by page, across houses, in the same order.
        const paged = [];
        for (let page = 0; page < 5; page++)
          paged.push(...ids(await market({ sort: 'nearest', near: HOLLYWOOD, page, perPage: 1 })));
        expect(paged).toEqual(['sun-valley~club-chair', 'atlanta~peach-crate', 'soho~club-chair', 'soho~tea-chest']);
        // A listing with no location comes after every house, not before.
        await index.upsert('market', {
          ...searchItem('nowhere-lamp', { name: 'Nowhere Lamp', createdAt: '2030-01-01T00:00:00.000Z' }),
          objectID: 'nowhere~lamp',
        });
        expect(ids(await market({ sort: 'nearest', near: HOLLYWOOD })).at(-1)).toBe('nowhere~lamp');
      });

      it('measures a listing kept at several stores to the nearest of them', async () => {
        // Sun Valley's house keeps some of its lounge seats at an Atlanta store too.
        const twoStores = {
          ...SUN_VALLEY,
          stores: [{ id: 'atl', name: 'Atlanta', location: { lat: 33.45, lng: -84.45 } }],
        };
        const seats = searchItem('lounge-seat', {
          name: 'Lounge Seat',
          rates: { day: 60 },
          quantity: 4,
          createdAt: '2025-01-05T00:00:00.000Z',
        });
        await index.upsert(
          'market',
          listingOf({ ...seats, storeStock: [{ store: 'atl', quantity: 2 }] }, twoStores, tree, undefined),
        );
        // From its Atlanta store it comes before the Atlanta house's crate; from Hollywood, with Sun Valley's.
        expect(ids(await market({ sort: 'nearest', near: { lat: 33.45, lng: -84.45 } })).slice(0, 2)).toEqual([
          'sun-valley~lounge-seat',
          'atlanta~peach-crate',
        ]);
        const fromHollywood = ids(await market({ sort: 'nearest', near: HOLLYWOOD }));
        expect(fromHollywood.slice(0, 2).sort()).toEqual(['sun-valley~club-chair', 'sun-valley~lounge-seat']);
      });

      it("puts a far house's exact match before a near house's typo, nearest first within each", async () => {
        // "Tea Chast" is "chest" with a typo (the embedded index finds it; the stand-in has no typos).
        await index.upsert(
          'market',
          listingOf(searchItem('tea-chast', { name: 'Tea Chast', rates: { day: 75 } }), SUN_VALLEY, tree, undefined),
        );
        const found = ids(await market({ sort: 'nearest', near: HOLLYWOOD, text: 'chest' }));
        expect(found[0]).toBe('soho~tea-chest');
        expect(found.slice(1).every((id) => id === 'sun-valley~tea-chast')).toBe(true);
        // With no typo on either side, the nearest comes first as before.
        expect(ids(await market({ sort: 'nearest', near: HOLLYWOOD, text: 'tea' }))).toEqual([
          'sun-valley~tea-chast',
          'soho~tea-chest',
        ]);
      });

      it('forgets every listing of a house that leaves, and nothing of the other houses', async () => {
        await index.removeVendor('market', 'soho');
        await index.removeVendor('market', 'no-such-house');
        await index.removeVendor('no-such-tenant', 'soho');
        const all = await market();
        expect(ids(all).sort()).toEqual(['atlanta~peach-crate', 'sun-valley~club-chair']);
        expect(counts(all, 'vendors')).toMatchObject({ atlanta: 1, 'sun-valley': 1 });
        expect(counts(all, 'vendors').soho ?? 0).toBe(0);
        expect((await market({ text: 'tea' })).total).toBe(0);
        expect((await search({}, 'no-such-tenant')).total).toBe(0);
      });

      it('keeps only houses within a radius, with the facets counted within it', async () => {
        const near = await market({ sort: 'nearest', near: HOLLYWOOD, withinKm: 100 });
        expect(ids(near)).toEqual(['sun-valley~club-chair']);
        expect(counts(near, 'vendors')).toEqual({ 'sun-valley': 1 });
        expect((await market({ near: { lat: 51.5, lng: -0.12 }, withinKm: 50 })).total).toBe(2);
        expect((await market({ near: HOLLYWOOD, withinKm: 20_000 })).total).toBe(4);
      });

      it('names the currency in each price bin, so dollars and pounds never share one', async () => {
        const all = await market();
        expect(counts(all, 'priceBin')).toEqual({
          'USD:under-50': 1,
          'USD:50-100': 0,
          'USD:100-250': 1,
          'USD:250-500': 0,
          'USD:500-1000': 0,
          'USD:1000-plus': 0,
          'GBP:under-50': 1,
          'GBP:50-100': 1,
          'GBP:100-250': 0,
          'GBP:250-500': 0,
          'GBP:500-1000': 0,
          'GBP:1000-plus': 0,
        });
        expect(ids(await market({ filters: { priceBin: ['GBP:under-50'] } }))).toEqual(['soho~club-chair']);
        expect(ids(await market({ filters: { priceBin: ['under-50'] } }))).toEqual([]);
        expect(counts(await market({ filters: { vendors: ['soho'] } }), 'priceBin')).toMatchObject({
          'GBP:under-50': 1,
          'GBP:50-100': 1,
        });
        expect(
          Object.keys(counts(await market({ filters: { vendors: ['soho'] } }), 'priceBin')).every((value) =>
            value.startsWith('GBP:'),
          ),
        ).toBe(true);
      });

      it('keeps each listing whole: its house, and its id at the house', async () => {
        const [hit] = (await market({ text: 'peach' })).hits;
        expect(hit).toMatchObject({
          objectID: 'atlanta~peach-crate',
          houseObjectID: 'peach-crate',
          vendorId: 'atlanta',
          house: ATLANTA,
          _geoloc: ATLANTA.location,
        });
      });
    });

    describe('what visitors type and select', () => {
      /** Text whose words match nothing in the catalogue, however an engine might read its punctuation. */
      const NOTHING = [
        "'; DROP TABLE items; --",
        '<script>alert(1)</script>',
        'sofa OR lamp',
        'colors:Blue',
        'name:sofa',
        'a'.repeat(5000),
        '🛋️ ソファ',
        'zebra AND sofa',
        'NOT sofa',
      ];

      it('answers hostile or strange text without rejecting, matching nothing odd', async () => {
        for (const text of NOTHING) {
          const result = await search({ text });
          expect(result.total, text.slice(0, 30)).toBe(0);
          expect(result.hits).toEqual([]);
          expect(counts(result, 'priceBin'), text.slice(0, 30)).toEqual({
            'under-50': 0,
            '50-100': 0,
            '100-250': 0,
            '250-500': 0,
            '500-1000': 0,
            '1000-plus': 0,
          });
        }
      });

      it('reads punctuation around words as nothing but separators', async () => {
        for (const text of ['"red sofa"', '(red) (sofa)', 'red\\ sofa\\', 'red: sofa', '-red sofa', 'red* sofa?']) {
          expect(ids(await search({ text })), text).toEqual(['red-sofa']);
        }
        expect(ids(await search({ text: 'sofa '.repeat(1000), sort: 'name' }))).toEqual(['blue-sofa', 'red-sofa']);
        expect(ids(await search({ text: '"sofa" '.repeat(200) + 'red' }))).toEqual(['red-sofa']);
      });

      it('browses everything for text with no words in it', async () => {
        for (const text of ['.*', '"', '()', '\\', '\u0000\uD800', '---', ':']) {
          const result = await search({ text });
          expect(result.total, JSON.stringify(text)).toBe(13);
          expect(ids(result), JSON.stringify(text)).toEqual(ALL_NEWEST_FIRST);
        }
      });

      /**
       * Selected values that must match no item: none is a colour any item has, whatever an engine
       * reads as syntax. (Values differing from a real one only by case, accents or spaces are left
       * out: Algolia matches facet values case-insensitively.)
       */
      const ODD_COLOURS = [
        '-Blue',
        '\\-Blue',
        'Blue OR Red',
        'Blue" OR colors:"Red',
        '"Blue"',
        'colors:Blue',
        '(Blue)',
        'Blue\\',
        'Blue:Red',
        'Blue,Red',
        'Blue*',
        'a'.repeat(5000),
        '\uD800',
        '',
        '*',
      ];

      it('matches nothing for hostile facet values, and lists each as selected at 0', async () => {
        for (const value of ODD_COLOURS) {
          const label = JSON.stringify(value.slice(0, 30));
          const result = await search({ filters: { colors: [value] } });
          expect(result.total, label).toBe(0);
          expect(result.hits, label).toEqual([]);
          // Colours still counted as if none were selected: a leading "-" negated nothing.
          expect(counts(result, 'colors'), label).toEqual({ ...ALL_COLOURS, [`${value}*`]: 0 });
        }
      });

      it('keeps a hostile value from widening a real selection', async () => {
        const result = await search({
          filters: { colors: ['Blue', '-Blue', 'Blue OR Red', 'colors:Red'] },
          sort: 'name',
        });
        expect(ids(result)).toEqual(['blue-sofa', 'jukebox', 'velvet-armchair']);
        expect(counts(result, 'colors')).toEqual({
          'Blue*': 3,
          Gold: 3,
          Black: 2,
          Brown: 2,
          Red: 2,
          Silver: 2,
          Green: 1,
          'Off-White (Ivory)': 1,
          '-Blue*': 0,
          'Blue OR Red*': 0,
          'colors:Red*': 0,
        });
      });

      it('matches nothing for hostile values in every other facet and in the category', async () => {
        const hostile = [
          '-hero-prop',
          'hero-prop OR period',
          'tags:period',
          '"period"',
          'a'.repeat(5000),
          '\uD800',
          '\\-x',
        ];
        for (const value of hostile) {
          const label = JSON.stringify(value.slice(0, 30));
          expect((await search({ filters: { tags: [value] } })).total, label).toBe(0);
          expect((await search({ filters: { vendors: [value] } })).total, label).toBe(0);
          expect((await search({ filters: { priceBin: [value] } })).total, label).toBe(0);
          expect((await search({ filters: { custom: { eras: [value] } } })).total, label).toBe(0);
          expect((await search({ filters: { category: { group: value } } })).total, label).toBe(0);
          expect((await search({ filters: { category: { group: 'lighting', category: value } } })).total, label).toBe(
            0,
          );
        }
        const negated = await search({ filters: { tags: ['-period'] } });
        expect(counts(negated, 'tags')).toEqual({ period: 6, 'hero-prop': 5, practical: 5, '-period*': 0 });
      });

      it('matches nothing for hostile custom field names, listing them under their own key', async () => {
        for (const field of ['eras:1950s', 'eras OR rooms', '-eras', 'Eras', 'eras.x', '__proto__', '']) {
          const result = await search({ filters: { custom: { [field]: ['1950s'] } } });
          expect(result.total, JSON.stringify(field)).toBe(0);
          expect(result.facets[`custom.${field}`], JSON.stringify(field)).toEqual([
            { value: '1950s', count: 0, selected: true },
          ]);
        }
      });

      it('survives input the types forbid but a URL can carry', async () => {
        const odd = {
          text: 42,
          filters: { colors: 'Blue', tags: [null, 7], custom: 'x', category: 'lighting' },
          sort: 'cheapest',
          page: -3,
          perPage: Number.NaN,
        } as unknown as SearchQuery;
        const result = await index.search('props', odd);
        expect(result.total).toBe(13); // none of it a filter: everything, newest first, 24 a page
        expect(ids(result)).toEqual(ALL_NEWEST_FIRST);
        expect((await index.search('props', query({ filters: { category: {} as never } }))).total).toBe(0); // a path without a group
        expect((await index.search('props', query({ filters: { category: null as never } }))).total).toBe(13);
        const loose = {
          text: ['sofa'],
          filters: { colors: 'Blue', tags: [null, 7], custom: 'x', priceBin: {} },
          sort: 'cheapest',
          page: '1',
          perPage: Number.NaN,
        } as unknown as SearchQuery;
        const all = await index.search('props', loose);
        expect(all.total).toBe(13);
        expect(ids(all)).toEqual(ALL_NEWEST_FIRST);
        expect((await index.search('props', { filters: null } as unknown as SearchQuery)).total).toBe(13);
      });
    });
  });
}
