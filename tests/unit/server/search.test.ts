/**
 * The in-process SearchIndex beyond the port: what the SearchIndex contract
 * (tests/contract/search-index.contract.ts, run on this index by
 * tests/contract/in-process-search.test.ts) covers of the port's behaviour is not repeated here.
 * This is what only the embedded index promises, on the contract's catalogue: words found despite
 * a typo, every word needed wherever each is found, priceBinOf's bounds, new words found by prefix
 * after the vocabulary was sorted and by words asked before they came, staying correct through
 * writes that rebuild a tenant, a bulk load's packed postings written to after, and text
 * a regular expression would choke on answered without throwing.
 */
import { describe, expect, it } from 'vitest';
import { InProcessSearchIndex } from '../../../server/search/engine/in-process-search';
import { PRICE_BINS, priceBinOf, type SearchQuery, type SearchResult } from '../../../server/search/search-port';
import { CATALOGUE, searchItem } from '../../contract/search-index.contract';

const query = (overrides: Partial<SearchQuery> = {}): SearchQuery => ({
  filters: {},
  page: 0,
  perPage: 50,
  ...overrides,
});
const ids = (result: SearchResult) => result.hits.map((hit) => hit.objectID);
/** A facet's counts as { value: count }, selected values marked with a trailing '*'. */
const counts = (result: SearchResult, facet: keyof SearchResult['facets']) =>
  Object.fromEntries(
    (result.facets[facet] ?? []).map((value) => [value.selected ? `${value.value}*` : value.value, value.count]),
  );

async function catalogue(items = CATALOGUE): Promise<InProcessSearchIndex> {
  const index = new InProcessSearchIndex();
  await index.replaceAll('props', items);
  return index;
}

describe('text', () => {
  it('finds items despite a typo', async () => {
    const index = await catalogue();
    expect(ids(await index.search('props', query({ text: 'chandeleir' })))).toEqual(['chandelier']); // two letters swapped
    expect(ids(await index.search('props', query({ text: 'typwriter' })))).toEqual(['typewriter']); // one dropped
  });

  it('needs every word, each found wherever it is (a tag, a name)', async () => {
    const index = await catalogue();
    // "practical" is a tag on five items and in the floor lamp's description; "lamp" narrows to the lamps.
    expect(ids(await index.search('props', query({ text: 'practical lamp', sort: 'name' })))).toEqual([
      'floor-lamp',
      'desk-lamp',
    ]);
  });
});

describe('price bins', () => {
  it('bins day rates at fixed bounds, lower bound included', () => {
    expect(PRICE_BINS.map((bin) => bin.slug)).toEqual([
      'under-50',
      '50-100',
      '100-250',
      '250-500',
      '500-1000',
      '1000-plus',
    ]);
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
});

describe('writes', () => {
  it('finds words an upsert brings by their prefix, after a search sorted the vocabulary', async () => {
    const index = await catalogue();
    expect((await index.search('props', query({ text: 'lov' }))).total).toBe(0); // the vocabulary, sorted for prefixes, before the write
    await index.upsert(
      'props',
      searchItem('glass-lamp', {
        name: 'Blue Glass Lamp',
        colors: ['Blue'],
        rates: { day: 80 },
        category: { group: 'lighting', category: 'lamps' },
      }),
    );
    await index.upsert('props', { ...CATALOGUE[0]!, name: 'Velvet Loveseat', colors: ['Green'] });
    expect(ids(await index.search('props', query({ text: 'lov' })))).toEqual(['velvet-armchair']);
    expect(ids(await index.search('props', query({ text: 'gla' })))).toEqual(['glass-lamp']);
  });

  it('finds the new words of later writes for words asked before them: exactly, by prefix and with a typo, and after an import of thousands', async () => {
    const index = await catalogue();
    const found = async (text: string) => ids(await index.search('props', query({ text, sort: 'name' })));
    // Each word is asked (and its matching terms kept) before the words it should find exist.
    for (const text of ['zeppelin', 'zep', 'zepelin', 'quokka']) expect(await found(text)).toEqual([]);
    await index.upsert('props', searchItem('airship', { name: 'Zeppelin Gondola' }));
    await index.upsert('props', searchItem('airship-model', { name: 'Zeppelins of the Thirties' }));
    expect(await found('zeppelin')).toEqual(['airship', 'airship-model']); // exactly, and "zeppelins" as a prefix
    expect(await found('zep')).toEqual(['airship', 'airship-model']);
    expect(await found('zepelin')).toEqual(['airship']); // one letter dropped
    // More new words than are followed one by one (an import): the kept answers are made anew.
    for (let i = 0; i < 5000; i++)
      await index.upsert('props', searchItem(`crate-${i}`, { name: `Crate ${i.toString(36)}x${i}` }));
    await index.upsert('props', searchItem('marsupial', { name: 'Quokka Plush' }));
    expect(await found('quokka')).toEqual(['marsupial']);
    expect(await found('zepelin')).toEqual(['airship']);
  });

  it('finds a common word of a bulk load (its postings packed) and the writes after it', async () => {
    const chairs = Array.from({ length: 40 }, (_, i) => searchItem(`chair-${i}`, { name: `Bentwood chair ${i}` }));
    const index = await catalogue(chairs);
    const found = async (text: string) => (await index.search('props', query({ text, perPage: 100 }))).hits;
    expect(await found('bentwood')).toHaveLength(40);
    // A write to the packed word, and one changing an item loaded with it.
    await index.upsert('props', searchItem('chair-new', { name: 'Bentwood chair, new' }));
    await index.upsert('props', { ...chairs[3]!, name: 'Ladderback chair 3' });
    const bentwood = (await found('bentwood')).map((hit) => hit.objectID);
    expect(bentwood).toHaveLength(40);
    expect(bentwood).toContain('chair-new');
    expect(bentwood).not.toContain('chair-3');
    expect(await found('bentwod')).toHaveLength(40); // with a typo
    expect((await found('ladderback')).map((hit) => hit.objectID)).toEqual(['chair-3']);
  });

  it('answers the same once a catalogue written item by item settles, and through the writes after it', async () => {
    const index = await catalogue([]);
    // Written one by one, as a first start imports a house: unsettled postings and shelf.
    for (let i = 0; i < 300; i++)
      await index.upsert('props', searchItem(`chair-${i}`, { name: `Bentwood chair ${i}`, tags: [`lot-${i % 7}`] }));
    const asked = [query({ text: 'bentwood' }), query({ text: 'chair 17' }), query({ filters: { tags: ['lot-3'] } })];
    const before = await Promise.all(asked.map((each) => index.search('props', each)));
    index.settleNow();
    const after = await Promise.all(asked.map((each) => index.search('props', each)));
    expect(after.map((result) => [result.total, ids(result)])).toEqual(
      before.map((result) => [result.total, ids(result)]),
    );
    expect(after[1]!.hits[0]!.objectID).toBe('chair-17');
    // A write after the settle: the word's packed postings grow again, the shelf takes a new buffer.
    await index.upsert('props', searchItem('chair-new', { name: 'Bentwood chair, new', tags: ['lot-3'] }));
    const later = await index.search('props', query({ text: 'bentwood', perPage: 1000 }));
    expect(later.total).toBe(301);
    expect(
      (await index.search('props', query({ filters: { tags: ['lot-3'] } }))).hits.map((hit) => hit.name),
    ).toContain('Bentwood chair, new');
  });

  it('stays correct through many writes (which rebuild the tenant now and then)', async () => {
    const index = await catalogue([]);
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 1500; i++)
        await index.upsert('props', searchItem(`chair-${i}`, { rates: { day: round * 100 + 1 } }));
    for (let i = 0; i < 1000; i++) await index.remove('props', `chair-${i}`);
    const result = await index.search('props', query({ filters: { priceBin: ['100-250'] } }));
    expect(result.total).toBe(500);
    expect(counts(result, 'priceBin')).toMatchObject({ 'under-50': 0, '100-250*': 500 });
  });
});

describe('nearest first', () => {
  it('orders houses by distance and keeps those within reach, whatever words of slots they share', async () => {
    // Houses of 45, 7 and 33 items share words of 32 slots at each edge; items added later to the
    // first house sit past every run. Each house is further east than the last.
    const place = (house: number) => ({ lat: 34, lng: -118 + house * 2 });
    const item = (house: number, n: number) =>
      searchItem(`h${house}-${n}`, { vendorId: `h${house}`, _geoloc: place(house), name: `Chair ${house} ${n}` });
    const sizes = [45, 7, 33];
    // And a house with no location, its 11 items sharing a word with the last house's alone.
    const nowhere = Array.from({ length: 11 }, (_, n) =>
      searchItem(`h9-${n}`, { vendorId: 'h9', name: `Chair 9 ${n}` }),
    );
    const index = await catalogue([
      ...sizes.flatMap((size, house) => Array.from({ length: size }, (_, n) => item(house, n))),
      ...nowhere,
    ]);
    for (let n = 45; n < 50; n++) await index.upsert('props', item(0, n));
    const nearest = async (near: { lat: number; lng: number }, withinKm?: number) =>
      (await index.search('props', query({ sort: 'nearest', near, withinKm, perPage: 200 }))).hits.map(
        (hit) => hit.vendorId,
      );
    // From the far east: h2's 33, then h1's 7, then h0's 50, then the house with no location.
    const fromEast = await nearest(place(5));
    expect(fromEast).toEqual([
      ...Array(33).fill('h2'),
      ...Array(7).fill('h1'),
      ...Array(50).fill('h0'),
      ...Array(11).fill('h9'),
    ]);
    // From the middle house, within about one house's spacing (2° of longitude is about 184 km here).
    const near = await nearest(place(1), 200);
    expect(near.filter((vendor) => vendor === 'h1')).toHaveLength(7);
    expect(near.slice(0, 7)).toEqual(Array(7).fill('h1'));
    expect(near).toHaveLength(90); // h9 has no location: never within reach
    expect(await nearest(place(1), 100)).toEqual(Array(7).fill('h1'));
    // Houses picked in the vendors' facet: each house's items, its words shared or not, and the counts.
    const picked = await index.search('props', query({ filters: { vendors: ['h1', 'h0'] }, perPage: 200 }));
    expect(picked.total).toBe(57);
    expect(new Set(picked.hits.map((hit) => hit.vendorId))).toEqual(new Set(['h0', 'h1']));
    expect(counts(picked, 'vendors')).toEqual({ 'h0*': 50, h2: 33, h9: 11, 'h1*': 7 });
    const one = await index.search('props', query({ filters: { vendors: ['h1'] }, text: 'chair', perPage: 200 }));
    expect(one.hits.map((hit) => hit.objectID).sort()).toEqual(Array.from({ length: 7 }, (_, n) => `h1-${n}`).sort());
  });
});

describe('what visitors type', () => {
  it('answers regular-expression syntax, a stop word alone and mixed scripts without throwing', async () => {
    const index = await catalogue();
    for (const text of ['.*+?[](){}|\\', '^$', '🛋️ canapé ソファ', 'the']) {
      const result = await index.search('props', query({ text }));
      expect(result.hits.length, text).toBe(Math.min(result.total, 50));
    }
  });
});
