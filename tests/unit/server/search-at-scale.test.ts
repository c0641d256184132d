/**
 * The embedded index at the platform's scale, against answers worked out by brute force over the
 * same items: what makes a search over every house as quick as one house's must not change what it
 * finds. Typo matching by walking the sorted vocabulary finds exactly the terms a comparison with
 * each term would; a house's own searches count facets exactly; the platform's broad searches say
 * their counts are estimates, and each estimate is near the true count (vendors stay exact); kept
 * counts follow writes; and nearest-first pages score only the houses they are drawn from, with the
 * same page a full scoring would give.
 */
import { describe, expect, it } from 'vitest';
import { placesOf } from '../../../schema/marketplace/distance';
import type { House } from '../../../schema/marketplace/houses';
import { isListing, listingOf } from '../../../schema/marketplace/listings';
import { priceBinValue } from '../../../schema/catalogue-search';
import type { Item } from '../../../schema/types.generated';
import { InProcessSearchIndex } from '../../../server/search/engine/in-process-search';
import type { FacetKey, SearchQuery, SearchResult } from '../../../server/search/search-port';
import { termsWithinTypos } from '../../../server/search/engine/typos';
import { searchItem } from '../../contract/search-index.contract';
import { pickerOf, seeded } from '../../helpers/seeded';

const random = seeded(42);
const pick = pickerOf(random);

/** Optimal string alignment distance, the plain way. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

describe('typos: walking the sorted vocabulary', () => {
  it('finds exactly the terms within the typos a comparison with every term finds', () => {
    const letters = 'abcdeor';
    const word = () => Array.from({ length: 1 + Math.floor(random() * 7) }, () => pick([...letters])).join('');
    const vocabulary = [
      ...new Set([...Array.from({ length: 3000 }, word), 'chair', 'chairs', 'chiar', 'éclair', 'mk12345', 'mk12354']),
    ].sort();
    for (const typed of [...Array.from({ length: 150 }, word), 'chair', 'chiar', 'mk12345', 'eclair', 'a']) {
      for (const max of [1, 2]) {
        const expected = new Map(
          vocabulary.flatMap((term) =>
            term !== typed && osa(typed, term) <= max ? [[term, osa(typed, term)] as const] : [],
          ),
        );
        expect(termsWithinTypos(vocabulary, typed, max), `${typed} within ${max}`).toEqual(expected);
      }
    }
  });
});

const COLORS = ['Red', 'Blue', 'Green', 'Black', 'White', 'Brown', 'Gold', 'Grey'];
const TAGS = Array.from({ length: 30 }, (_, i) => `tag-${i}`);
const NOUNS = ['chair', 'table', 'lamp', 'mirror', 'clock', 'radio', 'sofa', 'crate'];
const ADJECTIVES = ['brass', 'oak', 'velvet', 'chrome', 'wicker', 'marble'];

function houses(count: number): House[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `house-${i}`,
    name: `House ${i}`,
    currency: i % 4 === 3 ? 'GBP' : 'USD',
    locale: 'en',
    timezone: 'UTC',
    location: { lat: 30 + random() * 20, lng: -120 + random() * 40 },
  }));
}

function item(serial: number): Item {
  const name = `${pick(ADJECTIVES)} ${pick(NOUNS)}`;
  return searchItem(`item-${serial}`, {
    name,
    description: `${name} number ${serial}`,
    category: { group: pick(['furniture', 'decor']), category: pick(['seating', 'tables', 'lighting']) },
    rates: { day: 10 + Math.floor(random() * 900) },
    colors: [...new Set([pick(COLORS), pick(COLORS)])],
    tags: [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])].slice(0, Math.floor(random() * 4)),
    createdAt: new Date(Date.UTC(2024, 0, 1) + serial * 60_000).toISOString(),
  });
}

const countsOf = (result: SearchResult, facet: FacetKey) =>
  new Map((result.facets[facet] ?? []).map((value) => [value.value, value.count]));
const estimatedIn = (result: SearchResult, facet?: FacetKey) =>
  (facet ? (result.facets[facet] ?? []) : Object.values(result.facets).flat())
    .filter((value) => value.estimated)
    .map((value) => value.value);

/** Every match of a query, read page by page. */
async function everyMatch(index: InProcessSearchIndex, tenant: string, query: SearchQuery): Promise<Item[]> {
  const all: Item[] = [];
  for (let page = 0; ; page++) {
    const { hits } = await index.search(tenant, { ...query, sort: 'newest', page, perPage: 1000 });
    all.push(...hits);
    if (hits.length < 1000) return all;
  }
}

/** A facet's true counts among `items`, from the items themselves. */
function trueCounts(items: readonly Item[], facet: 'vendors' | 'colors' | 'tags'): Map<string, number> {
  const counts = new Map<string, number>();
  const valuesOf = (item: Item): string[] => {
    if (facet === 'vendors') return [item.vendorId];
    if (facet === 'colors') return item.colors ?? [];
    return item.tags ?? [];
  };
  for (const item of items) for (const value of valuesOf(item)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

describe('facet counts at the platform’s scale', async () => {
  const listed = houses(30);
  const listings = listed.flatMap((house, h) =>
    Array.from({ length: 2000 }, (_, i) => listingOf(item(h * 2000 + i), house, { groups: [] }, undefined)),
  );
  const index = new InProcessSearchIndex();
  await index.replaceAll('platform', listings);
  const oneHouse = listings.filter((listing) => listing.vendorId === 'house-0');
  await index.replaceAll('house', oneHouse);
  const near = { lat: 40, lng: -100 };

  it("counts a house's own searches exactly, however broad", async () => {
    for (const query of [
      {},
      { text: 'chair' },
      { filters: { colors: ['Red'] } },
      { text: 'brass', filters: { tags: ['tag-1', 'tag-2'] } },
    ] as Array<Partial<SearchQuery>>) {
      const result = await index.search('house', { filters: {}, page: 0, perPage: 24, ...query });
      expect(estimatedIn(result), JSON.stringify(query)).toEqual([]);
      const matches = await everyMatch(index, 'house', { filters: {}, ...query, page: 0, perPage: 1000 });
      expect(matches).toHaveLength(result.total);
      if (query.filters && Object.keys(query.filters).length) continue; // a selected facet is counted without its own selection
      for (const facet of ['vendors', 'colors', 'tags'] as const) {
        for (const [value, count] of trueCounts(matches, facet))
          expect(countsOf(result, facet).get(value), `${facet} ${value}`).toBe(count);
      }
    }
  });

  it('says when the platform’s counts are estimates, and each is near the true count; the total and the houses stay exact', async () => {
    for (const text of ['brass', 'chair', 'number']) {
      const result = await index.search('platform', { text, filters: {}, sort: 'nearest', near, page: 0, perPage: 24 });
      const matches = await everyMatch(index, 'platform', { text, filters: {}, page: 0, perPage: 1000 });
      expect(matches).toHaveLength(result.total);
      // "number" is in every listing's description: too many to count one by one.
      if (text === 'number') expect(estimatedIn(result, 'colors')).toEqual(expect.arrayContaining(['Red', 'Blue']));
      expect(estimatedIn(result, 'vendors'), `${text}: vendors`).toEqual([]);
      expect(countsOf(result, 'vendors'), `${text}: vendors`).toEqual(trueCounts(matches, 'vendors'));
      for (const facet of ['colors', 'tags'] as const) {
        for (const [value, count] of trueCounts(matches, facet)) {
          const shown = countsOf(result, facet).get(value) ?? 0;
          if (!estimatedIn(result, facet).includes(value)) expect(shown, `${text}: ${facet} ${value}`).toBe(count);
          // An estimate is within 15 % for any value on at least 1 in 40 of the matches.
          else if (count * 40 >= matches.length)
            expect(
              Math.abs(shown - count),
              `${text}: ${facet} ${value} (${count} of ${matches.length})`,
            ).toBeLessThanOrEqual(count * 0.15);
        }
      }
    }
  });

  it('keeps the counts of a search with no words exact as listings are added, changed and removed', async () => {
    const platform = new InProcessSearchIndex();
    await platform.replaceAll('platform', listings);
    const live = new Map(listings.map((listing) => [listing.objectID, listing as Item]));
    for (let i = 0; i < 300; i++) {
      const existing = pick([...live.keys()]);
      if (i % 3 === 0) {
        await platform.remove('platform', existing);
        live.delete(existing);
      } else {
        const changed = {
          ...live.get(existing)!,
          colors: [pick(COLORS)],
          category: { group: 'decor', category: 'lighting' },
        };
        await platform.upsert('platform', changed);
        live.set(existing, changed);
      }
    }
    for (const filters of [
      {},
      { category: { group: 'decor' } },
      { category: { group: 'decor', category: 'lighting' } },
      { colors: ['Red'] },
    ] as Array<SearchQuery['filters']>) {
      const result = await platform.search('platform', { filters, page: 0, perPage: 24 });
      const inCategory = [...live.values()].filter(
        (item) =>
          !filters.category ||
          (item.category.group === filters.category.group &&
            (!filters.category.category || item.category.category === filters.category.category)),
      );
      // The colour facet is counted without its own selection; the others within it.
      expect(countsOf(result, 'colors'), JSON.stringify(filters)).toEqual(trueCounts(inCategory, 'colors'));
      if (!filters.colors)
        expect(countsOf(result, 'vendors'), JSON.stringify(filters)).toEqual(trueCounts(inCategory, 'vendors'));
    }
  });

  it('gives the nearest houses’ best matches first, as scoring every match would', async () => {
    for (const text of ['brass chair', 'velvet', 'chiar']) {
      const result = await index.search('platform', { text, filters: {}, sort: 'nearest', near, page: 0, perPage: 60 });
      // The nearest house's part of the page, in the order relevance gives its listings.
      const nearestHouse = result.hits[0]!.vendorId;
      const ranked = await index.search('platform', {
        text,
        filters: { vendors: [nearestHouse] },
        sort: 'relevance',
        page: 0,
        perPage: 1000,
      });
      const ownOrder = ranked.hits.map((hit) => hit.objectID);
      const onPage = result.hits.filter((hit) => hit.vendorId === nearestHouse).map((hit) => hit.objectID);
      expect(onPage.length, text).toBeGreaterThan(0);
      expect(onPage, text).toEqual(ownOrder.slice(0, onPage.length));
    }
  });

  it('keeps counting the houses exactly, and ordering them nearest first, after a house edits its items', async () => {
    const edited = new InProcessSearchIndex();
    await edited.replaceAll('platform', listings);
    // The first house (its run at the start of the catalogue) edits a few items; the last house one.
    const first = listings.filter((listing) => listing.vendorId === 'house-0').slice(0, 3);
    for (const listing of first) await edited.upsert('platform', { ...listing, name: `${listing.name} number edited` });
    const last = listings.at(-1)!;
    await edited.upsert('platform', { ...last, name: `${last.name} number edited` });
    // "number" is in every listing: counted from a sample, all but the houses.
    const result = await edited.search('platform', {
      text: 'number',
      filters: {},
      sort: 'nearest',
      near: placesOf(first[0]!._geoloc)[0]!,
      page: 0,
      perPage: 1000,
    });
    expect(estimatedIn(result, 'colors').length).toBeGreaterThan(0);
    expect(estimatedIn(result, 'vendors')).toEqual([]);
    const matches = await everyMatch(edited, 'platform', { text: 'number', filters: {}, page: 0, perPage: 1000 });
    expect(countsOf(result, 'vendors')).toEqual(trueCounts(matches, 'vendors'));
    // From the first house's door: its listings first, the edited ones (the word in their names) leading.
    expect(new Set(result.hits.map((hit) => hit.vendorId))).toEqual(new Set(['house-0']));
    expect(
      result.hits
        .slice(0, 3)
        .map((hit) => hit.objectID)
        .sort(),
    ).toEqual(first.map((listing) => listing.objectID).sort());
  });
});

/** An item's values for a facet, as a visitor would read them off the listing. */
function valuesOf(listing: Item, facet: FacetKey): readonly string[] {
  if (facet === 'priceBin')
    return [priceBinValue(listing.rates.day, isListing(listing) ? listing.house.currency : undefined)];
  if (facet === 'vendors') return [listing.vendorId];
  if (facet === 'tags') return listing.tags ?? [];
  if (facet === 'colors') return listing.colors ?? [];
  return listing.customFields?.[facet.slice('custom.'.length)] ?? [];
}

describe('selections, words and counts against a count of the listings themselves', async () => {
  // Small enough that every count is exact (under 10,000 listings), in several houses' runs, with
  // some listings carrying more values than a slot's record holds (24 tags).
  const listed = houses(4);
  const listings = listed.flatMap((house, h) =>
    Array.from({ length: 1500 }, (_, i) => {
      const serial = h * 1500 + i;
      const own = item(serial);
      return listingOf(
        {
          ...own,
          ...(i % 50 === 7 && { tags: TAGS.slice(0, 24) }),
          ...(i % 3 === 0 && { customFields: { eras: [pick(['1920s', '1950s', '1970s'])] } }),
        },
        house,
        { groups: [] },
        undefined,
      );
    }),
  );
  const index = new InProcessSearchIndex();
  await index.replaceAll('platform', listings);
  const near = { lat: 40, lng: -100 };
  const someOf = <T>(list: readonly T[], most: number) => [
    ...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(list))),
  ];
  const selectable: Array<[FacetKey, () => string[]]> = [
    ['colors', () => someOf(COLORS, 2)],
    ['tags', () => someOf(TAGS, 2)],
    [
      'vendors',
      () =>
        someOf(
          listed.map((house) => house.id),
          2,
        ),
    ],
    ['priceBin', () => someOf([...new Set(listings.map((listing) => valuesOf(listing, 'priceBin')[0]!))], 2)],
    ['custom.eras', () => someOf(['1920s', '1950s', '1970s'], 1)],
  ];

  /** Random searches, each checked against the listings the index holds. */
  async function checkSearches(rounds: number) {
    for (let round = 0; round < rounds; round++) {
      const text = pick([undefined, undefined, 'brass', 'chair', 'velvet lamp', 'chiar', 'number 14']);
      const category = random() < 0.3 ? { group: pick(['furniture', 'decor']) } : undefined;
      const chosen = selectable.filter(() => random() < 0.4);
      const selection = new Map(chosen.map(([facet, values]) => [facet, values()]));
      const filters: SearchQuery['filters'] = { ...(category && { category }) };
      for (const [facet, values] of selection) {
        if (facet.startsWith('custom.'))
          filters.custom = { ...filters.custom, [facet.slice('custom.'.length)]: values };
        else (filters as Record<string, string[]>)[facet] = values;
      }
      const query: SearchQuery = { ...(text && { text }), filters, sort: 'nearest', near, page: 0, perPage: 24 };
      const label = JSON.stringify(query);
      const result = await index.search('platform', query);
      // The words and the category are the engine's own (tested above and in the contract); the
      // selections and counts within them are worked out here from the listings.
      const base = await everyMatch(index, 'platform', {
        ...(text && { text }),
        filters: { ...(category && { category }) },
        page: 0,
        perPage: 1000,
      });
      const passes = (listing: Item, except?: FacetKey) =>
        [...selection].every(
          ([facet, values]) => facet === except || valuesOf(listing, facet).some((value) => values.includes(value)),
        );
      const matches = base.filter((listing) => passes(listing));
      expect(result.total, label).toBe(matches.length);
      const matched = new Set(matches.map((listing) => listing.objectID));
      expect(
        result.hits.every((hit) => matched.has(hit.objectID)),
        label,
      ).toBe(true);
      expect(estimatedIn(result), label).toEqual([]);
      for (const [facet] of selectable) {
        const expected = new Map<string, number>();
        for (const listing of base)
          if (passes(listing, selection.has(facet) ? facet : undefined))
            for (const value of valuesOf(listing, facet)) expected.set(value, (expected.get(value) ?? 0) + 1);
        const shown = new Map([...countsOf(result, facet)].filter(([, count]) => count > 0));
        expect(shown, `${label}: ${facet}`).toEqual(expected);
      }
    }
  }

  it('matches and counts every facet as the listings do, each selected facet within the other selections', async () => {
    await checkSearches(60);
  });

  it('keeps what a category holds up to date as listings are added, moved between categories and removed', async () => {
    const browsed = new InProcessSearchIndex();
    await browsed.replaceAll('platform', listings);
    const live = new Map<string, Item>(listings.map((listing) => [listing.objectID, listing]));
    const furniture: SearchQuery = { filters: { category: { group: 'furniture' } }, page: 0, perPage: 1000 };
    // 40 writes: the first ones land in the word the catalogue ends in (brought up to date), later ones past it (forgotten, made again).
    for (let write = 0; write < 40; write++) {
      await browsed.search('platform', furniture); // kept from here
      const listing = pick([...live.values()]);
      if (write % 5 === 0) {
        await browsed.remove('platform', listing.objectID);
        live.delete(listing.objectID);
      } else {
        const moved = {
          ...listing,
          ...(write % 5 === 4 && { objectID: `${listing.objectID}-new-${write}` }),
          category: { ...listing.category, group: listing.category.group === 'furniture' ? 'decor' : 'furniture' },
        };
        await browsed.upsert('platform', moved);
        live.set(moved.objectID, moved);
      }
      const shown = await everyMatch(browsed, 'platform', furniture);
      const expected = [...live.values()]
        .filter((item) => item.category.group === 'furniture')
        .map((item) => item.objectID);
      expect(shown.map((hit) => hit.objectID).sort(), `after write ${write}`).toEqual(expected.sort());
      expect((await browsed.search('platform', furniture)).total, `after write ${write}`).toBe(expected.length);
    }
  });

  it('keeps the selections it holds between searches up to date as listings are added, changed and removed', async () => {
    for (let write = 0; write < 40; write++) {
      // Search first, so the selections are kept; then change what they hold.
      await index.search('platform', { filters: { colors: ['Red'] }, page: 0, perPage: 1 });
      await index.search('platform', { filters: { tags: ['tag-1', 'tag-2'] }, page: 0, perPage: 1 });
      const listing = pick(listings);
      if (write % 4 === 0) await index.remove('platform', listing.objectID);
      else await index.upsert('platform', { ...listing, colors: [write % 2 ? 'Red' : 'Blue'], tags: ['tag-1'] });
      const red = await everyMatch(index, 'platform', { filters: { colors: ['Red'] }, page: 0, perPage: 1000 });
      const held = await everyMatch(index, 'platform', { filters: {}, page: 0, perPage: 1000 });
      expect(red.map((hit) => hit.objectID).sort(), `after write ${write}`).toEqual(
        held
          .filter((hit) => hit.colors?.includes('Red'))
          .map((hit) => hit.objectID)
          .sort(),
      );
    }
    await checkSearches(30);
  });

  it('answers a search asked again (another page, another place) as a fresh index would, and counts a write at once', async () => {
    const kept = new InProcessSearchIndex();
    await kept.replaceAll('platform', listings);
    const asked = (page: number, from: { lat: number; lng: number }): SearchQuery => ({
      text: 'chair',
      filters: { colors: ['Red', 'Blue'], tags: ['tag-1'] },
      sort: 'nearest',
      near: from,
      page,
      perPage: 5,
    });
    const first = await kept.search('platform', asked(0, near));
    expect(first.total).toBeGreaterThan(5);
    // Other words, or none, with the same selections: a search of its own.
    for (const text of ['lamp', '']) {
      const other = { ...asked(0, near), text };
      const fresh = new InProcessSearchIndex();
      await fresh.replaceAll('platform', listings);
      expect((await kept.search('platform', other)).total, `"${text}"`).toBe(
        (await fresh.search('platform', other)).total,
      );
    }
    for (const [page, from] of [
      [1, near],
      [0, { lat: 51.5, lng: -0.1 }],
      [0, near],
    ] as const) {
      const fresh = new InProcessSearchIndex();
      await fresh.replaceAll('platform', listings);
      const { tookMs: _kept, ...again } = await kept.search('platform', asked(page, from));
      const { tookMs: _fresh, ...expected } = await fresh.search('platform', asked(page, from));
      expect(again, `page ${page} from ${from.lat}`).toEqual(expected);
    }
    // A new red chair tagged tag-1: counted by the next search, in the total and its house's count.
    const house = listings[0]!;
    await kept.upsert('platform', {
      ...house,
      objectID: 'kept-new-chair',
      name: 'Red Kept Chair',
      colors: ['Red'],
      tags: ['tag-1'],
    });
    const after = await kept.search('platform', asked(0, near));
    expect(after.total).toBe(first.total + 1);
    expect(countsOf(after, 'vendors').get(house.vendorId!)).toBe(
      (countsOf(first, 'vendors').get(house.vendorId!) ?? 0) + 1,
    );
  });
});
