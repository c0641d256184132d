/**
 * The embedded engine's catalogues share one scratch (the bitsets, lists and text scores a search
 * works in): a search in one catalogue must answer exactly as it would in an engine of its own,
 * whatever another catalogue, larger or smaller, searched just before it.
 */
import { describe, expect, it } from 'vitest';
import type { Item } from '../../../schema/types.generated';
import { InProcessSearchIndex } from '../../../server/search/engine/in-process-search';
import type { SearchQuery, SearchResult } from '../../../server/search/search-port';
import { searchItem } from '../../contract/search-index.contract';
import { pickerOf, seeded } from '../../helpers/seeded';

const WORDS = ['brass', 'lamp', 'teal', 'chair', 'cockpit', 'panel', 'velvet', 'desk', 'yoke', 'seat'];
const COLOURS = ['Blue', 'Red', 'Teal', 'Black'];

/** Items whose names, descriptions and tags mix the same few words, so text scores differ by field. */
function catalogue(prefix: string, size: number): Item[] {
  const random = seeded(size);
  const pick = pickerOf(random);
  const word = () => pick(WORDS);
  return Array.from({ length: size }, (_, n) =>
    searchItem(`${prefix}-${n}`, {
      name: `${word()} ${word()} ${n}`,
      description: `${word()} ${word()} ${word()}`,
      tags: [word()],
      colors: [pick(COLOURS)],
      rates: { day: 10 + Math.floor(random() * 1000) },
    }),
  );
}

const QUERIES = (
  [
    { text: 'brass lamp' },
    { text: 'teal', filters: { colors: ['Teal'] } },
    { text: 'cockpt' },
    { text: 'chair', sort: 'price-asc', perPage: 50 },
    { text: 'velv', page: 1 },
    { filters: { colors: ['Red', 'Black'] }, sort: 'name' },
  ] as Array<Partial<SearchQuery>>
).map((query): SearchQuery => ({ page: 0, perPage: 24, filters: {}, ...query }));

const answer = (result: SearchResult) => ({
  ids: result.hits.map((hit) => hit.objectID),
  total: result.total,
  facets: result.facets,
});

describe('one scratch for every catalogue of an engine', () => {
  it('answers each search as a catalogue alone would, between searches of a larger and a smaller one', async () => {
    const large = catalogue('large', 3000);
    const small = catalogue('small', 40);
    const shared = new InProcessSearchIndex();
    await shared.replaceAll('large', large);
    await shared.replaceAll('small', small);
    const largeAlone = new InProcessSearchIndex();
    await largeAlone.replaceAll('large', large);
    const smallAlone = new InProcessSearchIndex();
    await smallAlone.replaceAll('small', small);

    for (const query of QUERIES)
      for (const [tenant, alone] of [
        ['large', largeAlone],
        ['small', smallAlone],
        ['large', largeAlone],
      ] as const) {
        const expected = answer(await alone.search(tenant, query));
        expect(expected.total, `${tenant} ${JSON.stringify(query)}`).toBeGreaterThan(0);
        expect(answer(await shared.search(tenant, query)), `${tenant} ${JSON.stringify(query)}`).toEqual(expected);
      }
  });
});
