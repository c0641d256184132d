/**
 * The in-process SearchIndex as a visitor meets it: words found by prefix and despite a typo,
 * facets counted "OR within a facet, AND across facets" (spec §3), day-rate bins, sort orders,
 * pages, writes seen by the next search, tenants apart, and nothing a visitor types or selects
 * making it throw. Exact values throughout, on a hand-made catalogue of 12 items.
 */
import { describe, expect, it } from 'vitest';
import { InProcessSearchIndex } from '../../../server/search/in-process-search';
import { PRICE_BINS, priceBinOf, type SearchQuery, type SearchResult } from '../../../server/search/search-port';
import type { Item } from '../../../schema/types.generated';

/** An item with every required field filled; `overrides` say what the test is about. */
function item(objectID: string, overrides: Partial<Item> = {}): Item {
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

const CATALOGUE: Item[] = [
  item('velvet-armchair', { name: 'Velvet Armchair', rates: { day: 45 }, colors: ['Blue'], tags: ['hero-prop'], customFields: { eras: ['1950s'] }, createdAt: '2025-03-01T00:00:00.000Z' }),
  item('leather-armchair', {
    name: 'Leather Armchair',
    rates: { day: 60 },
    colors: ['Brown'],
    tags: ['hero-prop', 'period'],
    customFields: { eras: ['1920s'] },
    createdAt: '2025-02-01T00:00:00.000Z',
  }),
  item('red-sofa', { name: 'Red Sofa', rates: { day: 120 }, colors: ['Red'], tags: ['period'], customFields: { eras: ['1950s'] }, createdAt: '2025-04-01T00:00:00.000Z' }),
  item('blue-sofa', { name: 'Blue Chesterfield Sofa', rates: { day: 300 }, colors: ['Blue', 'Gold'], tags: ['hero-prop'], customFields: { eras: ['1920s'] }, createdAt: '2025-05-01T00:00:00.000Z' }),
  item('bar-stool', { name: 'Chrome Bar Stool', rates: { day: 15 }, colors: ['Silver'], tags: ['practical'], createdAt: '2024-12-01T00:00:00.000Z' }),
  item('floor-lamp', {
    name: 'Brass Floor Lamp',
    description: 'A working practical with a new cord.',
    category: { group: 'lighting', category: 'lamps', subcategory: 'floor' },
    rates: { day: 35 },
    colors: ['Gold'],
    tags: ['practical'],
    createdAt: '2024-11-01T00:00:00.000Z',
  }),
  item('desk-lamp', {
    name: 'Green Bankers Desk Lamp',
    category: { group: 'lighting', category: 'lamps', subcategory: 'desk' },
    rates: { day: 25 },
    colors: ['Green', 'Gold'],
    tags: ['practical', 'period'],
    createdAt: '2024-10-01T00:00:00.000Z',
  }),
  item('chandelier', {
    name: 'Crystal Chandelier',
    category: { group: 'lighting', category: 'chandeliers' },
    rates: { day: 750 },
    colors: ['Silver'],
    tags: ['hero-prop'],
    vendorId: 'lumen',
    createdAt: '2025-06-01T00:00:00.000Z',
  }),
  item('dining-table', {
    name: 'Oak Dining Table',
    category: { group: 'furniture', category: 'tables' },
    rates: { day: 95 },
    colors: ['Brown'],
    customFields: { eras: ['1920s'], rooms: ['dining-room'] },
    createdAt: '2024-09-01T00:00:00.000Z',
  }),
  item('jukebox', {
    name: 'Neon Jukebox',
    description: 'Plays 45s. Café favourite.',
    category: { group: 'electronics', category: 'audio' },
    rates: { day: 1200 },
    colors: ['Red', 'Blue'],
    tags: ['hero-prop', 'period'],
    customFields: { eras: ['1950s'], rooms: ['diner'] },
    vendorId: 'lumen',
    createdAt: '2024-08-01T00:00:00.000Z',
  }),
  item('telephone', {
    name: 'Rotary Telephone',
    category: { group: 'electronics', category: 'telephones' },
    rates: { day: 20 },
    colors: ['Black'],
    tags: ['practical', 'period'],
    customFields: { eras: ['1950s'] },
    createdAt: '2024-07-01T00:00:00.000Z',
  }),
  item('typewriter', {
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

const query = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({ filters: {}, page: 0, perPage: 50, ...overrides });
const ids = (result: SearchResult) => result.hits.map((hit) => hit.objectID);
/** A facet's counts as { value: count }, selected values marked with a trailing '*'. */
const counts = (result: SearchResult, facet: keyof SearchResult['facets']) =>
  Object.fromEntries((result.facets[facet] ?? []).map((value) => [value.selected ? `${value.value}*` : value.value, value.count]));

async function catalogue(items = CATALOGUE): Promise<InProcessSearchIndex> {
  const index = new InProcessSearchIndex();
  await index.replaceAll('props', items);
  return index;
}

describe('text', () => {
  it('finds items by a whole word, by a word half typed, and despite a typo', async () => {
    const index = await catalogue();
    expect(ids(await index.search('props', query({ text: 'armchair', sort: 'name' })))).toEqual(['leather-armchair', 'velvet-armchair']);
    expect(ids(await index.search('props', query({ text: 'arm', sort: 'name' })))).toEqual(['leather-armchair', 'velvet-armchair']);
    expect(ids(await index.search('props', query({ text: 'chandeleir' })))).toEqual(['chandelier']); // two letters swapped
    expect(ids(await index.search('props', query({ text: 'typwriter' })))).toEqual(['typewriter']); // one dropped
  });

  it('needs every word, and ranks a word in a name above one in a description', async () => {
    const index = await catalogue();
    expect(ids(await index.search('props', query({ text: 'blue sofa' })))).toEqual(['blue-sofa']);
    // "practical" is a tag on four items and in the floor lamp's description; "lamp" narrows to the lamps.
    expect(ids(await index.search('props', query({ text: 'practical lamp', sort: 'name' })))).toEqual(['floor-lamp', 'desk-lamp']);
    // Both lamps have "lamp" in their names (equal: the newer first); the typewriter only in its description.
    expect(ids(await index.search('props', query({ text: 'lamp' })))).toEqual(['floor-lamp', 'desk-lamp', 'typewriter']);
  });

  it('searches tags, category slugs and colours as words, folding case and accents', async () => {
    const index = await catalogue();
    expect(ids(await index.search('props', query({ text: 'HERO', sort: 'name' })))).toEqual(['blue-sofa', 'chandelier', 'leather-armchair', 'jukebox', 'velvet-armchair']);
    expect(ids(await index.search('props', query({ text: 'chandeliers' })))).toEqual(['chandelier']);
    expect(ids(await index.search('props', query({ text: 'telephones' })))).toEqual(['telephone']);
    expect(ids(await index.search('props', query({ text: 'cafe' })))).toEqual(['jukebox']);
    expect((await index.search('props', query({ text: 'silver' }))).total).toBe(2);
  });

  it('finds both sofas for "sofa", and only the red one for "red sofa"', async () => {
    const index = await catalogue();
    expect(ids(await index.search('props', query({ text: 'red sofa' })))).toEqual(['red-sofa']);
    const sofas = await index.search('props', query({ text: 'sofa' }));
    expect(sofas.total).toBe(2);
    expect(ids(sofas).sort()).toEqual(['blue-sofa', 'red-sofa']);
  });
});

describe('facets: OR within a facet, AND across facets', () => {
  it('counts every value among all items when nothing is selected', async () => {
    const result = await (await catalogue()).search('props', query());
    expect(result.total).toBe(12);
    expect(counts(result, 'colors')).toEqual({ Gold: 3, Blue: 3, Black: 2, Brown: 2, Red: 2, Silver: 2, Green: 1 });
    expect(result.facets.colors.map((value) => value.value)).toEqual(['Blue', 'Gold', 'Black', 'Brown', 'Red', 'Silver', 'Green']); // most first
    expect(counts(result, 'tags')).toEqual({ period: 6, 'hero-prop': 5, practical: 4 });
    expect(counts(result, 'vendors')).toEqual({ acme: 10, lumen: 2 });
    expect(counts(result, 'custom.eras')).toEqual({ '1950s': 4, '1920s': 4 });
    expect(counts(result, 'custom.rooms')).toEqual({ 'dining-room': 1, diner: 1 });
  });

  it('selecting Blue still counts the other colours as if Blue were not selected', async () => {
    const result = await (await catalogue()).search('props', query({ filters: { colors: ['Blue'] }, sort: 'name' }));
    expect(ids(result)).toEqual(['blue-sofa', 'jukebox', 'velvet-armchair']);
    expect(counts(result, 'colors')).toEqual({ 'Blue*': 3, Gold: 3, Black: 2, Brown: 2, Red: 2, Silver: 2, Green: 1 });
    // Every other facet counts within the blue items.
    expect(counts(result, 'tags')).toEqual({ 'hero-prop': 3, period: 1 });
    expect(counts(result, 'custom.eras')).toEqual({ '1920s': 1, '1950s': 2 });
  });

  it('selecting Blue and Red matches either (OR within the facet)', async () => {
    const result = await (await catalogue()).search('props', query({ filters: { colors: ['Blue', 'Red'] }, sort: 'name' }));
    expect(ids(result)).toEqual(['blue-sofa', 'jukebox', 'red-sofa', 'velvet-armchair']);
    expect(counts(result, 'colors')).toMatchObject({ 'Blue*': 3, 'Red*': 2 });
  });

  it('selecting Blue and a tag: colour counts respect the tag, tag counts respect Blue', async () => {
    const result = await (await catalogue()).search('props', query({ filters: { colors: ['Blue'], tags: ['period'] } }));
    expect(ids(result)).toEqual(['jukebox']);
    expect(counts(result, 'colors')).toEqual({ Black: 2, 'Blue*': 1, Brown: 1, Red: 2, Gold: 1, Green: 1 });
    expect(counts(result, 'tags')).toEqual({ 'hero-prop': 3, 'period*': 1 });
    expect(counts(result, 'custom.eras')).toEqual({ '1950s': 1 });
  });

  it('applies the category to every count, and narrows by group, category and subcategory', async () => {
    const index = await catalogue();
    const lighting = await index.search('props', query({ filters: { category: { group: 'lighting' } } }));
    expect(lighting.total).toBe(3);
    expect(counts(lighting, 'colors')).toEqual({ Gold: 2, Green: 1, Silver: 1 });
    expect((await index.search('props', query({ filters: { category: { group: 'lighting', category: 'lamps' } } }))).total).toBe(2);
    expect(ids(await index.search('props', query({ filters: { category: { group: 'lighting', category: 'lamps', subcategory: 'desk' } } })))).toEqual(['desk-lamp']);
    expect((await index.search('props', query({ filters: { category: { group: 'lighting', category: 'tables' } } }))).total).toBe(0);
  });

  it('counts custom fields and filters by them, text applying to the counts', async () => {
    const index = await catalogue();
    const fifties = await index.search('props', query({ filters: { custom: { eras: ['1950s'] } }, sort: 'name' }));
    expect(ids(fifties)).toEqual(['jukebox', 'red-sofa', 'telephone', 'velvet-armchair']);
    expect(counts(fifties, 'custom.eras')).toEqual({ '1950s*': 4, '1920s': 4 });
    const armchairs = await index.search('props', query({ text: 'armchair' }));
    expect(counts(armchairs, 'custom.eras')).toEqual({ '1920s': 1, '1950s': 1 });
    expect(counts(armchairs, 'priceBin')).toEqual({ 'under-50': 1, '50-100': 1, '100-250': 0, '250-500': 0, '500-1000': 0, '1000-plus': 0 });
  });
});

describe('price bins', () => {
  it('bins day rates at fixed bounds, lower bound included', () => {
    expect(PRICE_BINS.map((bin) => bin.slug)).toEqual(['under-50', '50-100', '100-250', '250-500', '500-1000', '1000-plus']);
    expect([0, 49.99, 50, 99.99, 100, 250, 499, 500, 999.99, 1000, 5000].map(priceBinOf)).toEqual([
      'under-50',
      'under-50',
      '50-100',
      '50-100',
      '100-250',
      '250-500',
      '250-500',
      '500-1000',
      '500-1000',
      '1000-plus',
      '1000-plus',
    ]);
  });

  it('counts every bin in order, and filters by one or several', async () => {
    const index = await catalogue();
    const all = await index.search('props', query());
    expect(all.facets.priceBin).toEqual([
      { value: 'under-50', count: 5, selected: false },
      { value: '50-100', count: 3, selected: false },
      { value: '100-250', count: 1, selected: false },
      { value: '250-500', count: 1, selected: false },
      { value: '500-1000', count: 1, selected: false },
      { value: '1000-plus', count: 1, selected: false },
    ]);
    const cheap = await index.search('props', query({ filters: { priceBin: ['under-50'] }, sort: 'price-asc' }));
    expect(ids(cheap)).toEqual(['bar-stool', 'telephone', 'desk-lamp', 'floor-lamp', 'velvet-armchair']);
    expect(counts(cheap, 'priceBin')).toMatchObject({ 'under-50*': 5, '50-100': 3 });
    const dear = await index.search('props', query({ filters: { priceBin: ['500-1000', '1000-plus'] }, sort: 'price-desc' }));
    expect(ids(dear)).toEqual(['jukebox', 'chandelier']);
  });
});

describe('sort and pages', () => {
  it('sorts by name, price both ways and newest; relevance without text is newest', async () => {
    const index = await catalogue();
    const lighting = { filters: { category: { group: 'lighting' } } };
    expect(ids(await index.search('props', query({ ...lighting, sort: 'name' })))).toEqual(['floor-lamp', 'chandelier', 'desk-lamp']);
    expect(ids(await index.search('props', query({ ...lighting, sort: 'price-asc' })))).toEqual(['desk-lamp', 'floor-lamp', 'chandelier']);
    expect(ids(await index.search('props', query({ ...lighting, sort: 'price-desc' })))).toEqual(['chandelier', 'floor-lamp', 'desk-lamp']);
    expect(ids(await index.search('props', query({ ...lighting, sort: 'newest' })))).toEqual(['chandelier', 'floor-lamp', 'desk-lamp']);
    expect(ids(await index.search('props', query(lighting)))).toEqual(['chandelier', 'floor-lamp', 'desk-lamp']);
  });

  it('keeps the total across pages and slices each page in order', async () => {
    const index = await catalogue();
    const pages = await Promise.all([0, 1, 2, 3].map((page) => index.search('props', query({ sort: 'price-asc', page, perPage: 5 }))));
    expect(pages.map((page) => page.total)).toEqual([12, 12, 12, 12]);
    expect(pages.map(ids)).toEqual([
      ['bar-stool', 'telephone', 'desk-lamp', 'floor-lamp', 'velvet-armchair'],
      ['typewriter', 'leather-armchair', 'dining-table', 'red-sofa', 'blue-sofa'],
      ['chandelier', 'jukebox'],
      [],
    ]);
    expect(pages[3]!.facets.colors).toEqual(pages[0]!.facets.colors);
  });
});

describe('writes', () => {
  it('sees an upsert at the next search: a new item, and a changed one in its new place only', async () => {
    const index = await catalogue();
    expect((await index.search('props', query({ text: 'lo' }))).total).toBe(0); // the vocabulary, sorted for prefixes, before the write
    await index.upsert('props', item('blue-lamp', { name: 'Blue Glass Lamp', colors: ['Blue'], rates: { day: 80 }, category: { group: 'lighting', category: 'lamps' } }));
    await index.upsert('props', { ...CATALOGUE[0]!, name: 'Velvet Loveseat', colors: ['Green'] });
    const blue = await index.search('props', query({ filters: { colors: ['Blue'] }, sort: 'name' }));
    expect(ids(blue)).toEqual(['blue-sofa', 'blue-lamp', 'jukebox']);
    expect(counts(blue, 'colors')).toMatchObject({ 'Blue*': 3, Green: 2 });
    expect(ids(await index.search('props', query({ text: 'armchair' })))).toEqual(['leather-armchair']);
    expect(ids(await index.search('props', query({ text: 'loveseat' })))).toEqual(['velvet-armchair']);
    expect(ids(await index.search('props', query({ text: 'lov' })))).toEqual(['velvet-armchair']);
    expect(ids(await index.search('props', query({ text: 'gla' })))).toEqual(['blue-lamp']);
    expect((await index.search('props', query())).total).toBe(13);
  });

  it('forgets a removed item everywhere, and ignores an unknown id', async () => {
    const index = await catalogue();
    await index.remove('props', 'jukebox');
    await index.remove('props', 'no-such-item');
    const all = await index.search('props', query());
    expect(all.total).toBe(11);
    expect(counts(all, 'priceBin')['1000-plus']).toBe(0);
    expect(counts(all, 'custom.rooms')).toEqual({ 'dining-room': 1 });
    expect((await index.search('props', query({ text: 'jukebox' }))).total).toBe(0);
  });

  it('stays correct through many writes (which rebuild the tenant now and then)', async () => {
    const index = await catalogue([]);
    for (let round = 0; round < 3; round++) for (let i = 0; i < 1500; i++) await index.upsert('props', item(`chair-${i}`, { rates: { day: round * 100 + 1 } }));
    for (let i = 0; i < 1000; i++) await index.remove('props', `chair-${i}`);
    const result = await index.search('props', query({ filters: { priceBin: ['100-250'] } }));
    expect(result.total).toBe(500);
    expect(counts(result, 'priceBin')).toMatchObject({ 'under-50': 0, '100-250*': 500 });
  });

  it('keeps tenants apart', async () => {
    const index = await catalogue();
    await index.replaceAll('hangar', [item('jukebox', { name: 'Cockpit Yoke', vendorId: 'hangar' })]);
    expect(ids(await index.search('hangar', query({ text: 'jukebox' })))).toEqual([]);
    expect(ids(await index.search('hangar', query({ text: 'yoke' })))).toEqual(['jukebox']);
    expect((await index.search('props', query({ text: 'yoke' }))).total).toBe(0);
    expect(counts(await index.search('hangar', query()), 'vendors')).toEqual({ hangar: 1 });
    const nobody = await index.search('nobody', query());
    expect(nobody.total).toBe(0);
    expect(nobody.facets.priceBin).toHaveLength(6);
  });
});

describe('what visitors type and select', () => {
  const hostile = ["'; DROP TABLE items; --", '<script>alert(1)</script>', '.*+?[](){}|\\', '^$', 'a'.repeat(5000), 'sofa '.repeat(1000), '🛋️ canapé ソファ', '\u0000\uD800', '', '   ', 'the'];

  it('answers hostile or strange text without throwing', async () => {
    const index = await catalogue();
    for (const text of hostile) {
      const result = await index.search('props', query({ text }));
      expect(result.hits.length, text.slice(0, 20)).toBe(Math.min(result.total, 50));
    }
    expect((await index.search('props', query({ text: '.*' }))).total).toBe(12); // no words: browse everything
    expect((await index.search('props', query({ text: "'; DROP TABLE items; --" }))).total).toBe(0);
    expect((await index.search('props', query({ text: 'sofa '.repeat(1000) }))).total).toBe(2);
  });

  it('matches nothing for unknown facet values and fields, and lists them as selected at 0', async () => {
    const index = await catalogue();
    const unknown = await index.search('props', query({ filters: { colors: ['Mauve'], custom: { moods: ['gloomy'] } } }));
    expect(unknown.total).toBe(0);
    expect(unknown.facets.colors).toEqual(expect.arrayContaining([{ value: 'Mauve', count: 0, selected: true }]));
    expect(unknown.facets['custom.moods']).toEqual([{ value: 'gloomy', count: 0, selected: true }]);
    expect((await index.search('props', query({ filters: { priceBin: ['free'] } }))).total).toBe(0);
    expect((await index.search('props', query({ filters: { category: { group: 'nope' } } }))).total).toBe(0);
  });

  it('survives input the types forbid but a URL can carry', async () => {
    const index = await catalogue();
    const odd = { text: 42, filters: { colors: 'Blue', tags: [null, 7], custom: 'x' }, sort: 'cheapest', page: -3, perPage: Number.NaN } as unknown as SearchQuery;
    const result = await index.search('props', odd);
    expect(result.total).toBe(12);
    expect(result.hits).toHaveLength(12);
    expect(ids(await index.search('props', query({ page: 1e12, perPage: 1e9 })))).toEqual([]);
  });
});
