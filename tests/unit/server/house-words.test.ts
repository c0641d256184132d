/**
 * The platform's listings read their words through their houses' own indexes (server/search/
 * engine/house-words.ts) rather than keeping them again. A platform search must answer exactly as
 * one over listings indexed whole: the same hits in the same order, totals and counts, whatever the
 * houses did since (an item renamed at the house before its listing is, a house rebuilt, a listing
 * whose text is not its house item's, a listing gone), and with the platform's category words,
 * not the house's.
 */
import { describe, expect, it } from 'vitest';
import type { House } from '../../../schema/marketplace/houses';
import { listingOf, type Listing } from '../../../schema/marketplace/listings';
import type { Item } from '../../../schema/types.generated';
import { InProcessSearchIndex } from '../../../server/search/engine/in-process-search';
import type { SearchQuery, SearchResult } from '../../../server/search/search-port';
import { searchItem } from '../../contract/search-index.contract';
import { searchHouse as house } from '../../helpers/search-house';
import { pickerOf, seeded } from '../../helpers/seeded';

const WORDS = ['brass', 'lamp', 'teal', 'chair', 'cockpit', 'panel', 'velvet', 'desk', 'yoke', 'seat', 'stage'];
const COLOURS = ['Blue', 'Red', 'Teal', 'Black'];
/** The houses' categories; the platform's has words of its own, some also in names ("seat", "lamp"). */
const CATEGORIES = [
  { group: 'furniture', category: 'seating' },
  { group: 'lighting', category: 'desk-lamps' },
  { group: 'aviation', category: 'cockpit-panels' },
];
const PLATFORM = {
  groups: [
    { slug: 'stage', name: 'Stage', categories: [{ slug: 'seat-sets', name: 'Seat sets' }] },
    { slug: 'light', name: 'Light', categories: [{ slug: 'lamp-stands', name: 'Lamp stands' }] },
  ],
};
const MAP = { 'furniture/seating': 'stage/seat-sets', lighting: 'light/lamp-stands' };

const HOUSES = [house('jetway', 34), house('propstore', 40), house('soho', 51)];

function catalogue(houseId: string, size: number): Item[] {
  const random = seeded(size + houseId.length);
  const pick = pickerOf(random);
  const word = () => pick(WORDS);
  return Array.from({ length: size }, (_, n) =>
    searchItem(`item-${n}`, {
      name: `${word()} ${word()} ${n}`,
      description: `${word()} ${word()} ${word()}`,
      tags: [word(), `${word()}-${word()}`],
      colors: [pick(COLOURS)],
      category: pick(CATEGORIES),
      rates: { day: 10 + Math.floor(random() * 1000) },
      vendorId: houseId,
    }),
  );
}

const listing = (item: Item, of: House): Listing => listingOf(item, of, PLATFORM, MAP);

const QUERIES = (
  [
    { text: 'brass lamp' },
    // "desk" is in names and in a house's category ("desk-lamps"): only the names count.
    { text: 'desk' },
    // A rare word and a common one: the common one's postings are looked up slot by slot.
    { text: 'seat 17' },
    { text: 'lamp 2', sort: 'nearest', near: { lat: 40, lng: -118 } },
    { text: 'seat' },
    { text: 'stage seat', sort: 'relevance', perPage: 60 },
    { text: 'lamp', filters: { category: { group: 'light' } } },
    { text: 'teal', filters: { colors: ['Teal'] } },
    { text: 'cockpt panl' },
    { text: 'velv', page: 1 },
    { text: 'yoke', near: { lat: 50, lng: -118 }, sort: 'nearest' },
    { text: 'chair', synonyms: [['chair', 'stool']], perPage: 100 },
    { text: 'brass', filters: { vendors: ['soho'] } },
    { filters: { colors: ['Red', 'Black'] }, sort: 'name' },
  ] as Array<Partial<SearchQuery>>
).map((query): SearchQuery => ({ page: 0, perPage: 24, filters: {}, ...query }));

const query = (text: string): SearchQuery => ({ text, page: 0, perPage: 24, filters: {} });

const answer = (result: SearchResult) => ({
  ids: result.hits.map((hit) => hit.objectID),
  total: result.total,
  facets: result.facets,
});

/** An engine with the houses and the platform's listings over them, and one with the listings alone (indexed whole). */
async function engines() {
  const items = new Map(HOUSES.map((of) => [of.id, catalogue(of.id, 400)]));
  const withHouses = new InProcessSearchIndex();
  for (const [id, houseItems] of items) await withHouses.replaceAll(id, houseItems);
  const listings = HOUSES.flatMap((of) => items.get(of.id)!.map((item) => listing(item, of)));
  await withHouses.replaceAll('platform', listings);
  const whole = new InProcessSearchIndex();
  await whole.replaceAll('platform', listings);
  const same = async (when: string) => {
    for (const query of QUERIES) {
      const through = answer(await withHouses.search('platform', query));
      expect(through, `${when}: ${JSON.stringify(query)}`).toEqual(answer(await whole.search('platform', query)));
      expect(through.ids.length, `${when}: ${JSON.stringify(query)} finds something`).toBeGreaterThan(0);
    }
  };
  const both = async (write: (engine: InProcessSearchIndex) => Promise<void>) => {
    await write(withHouses);
    await write(whole);
  };
  return { items, withHouses, whole, same, both };
}

/** How many postings of its own the platform's index keeps for a word (its category's words, and listings not read through a house). */
function ownPostings(engine: InProcessSearchIndex, word: string): number {
  const catalogue = (
    engine as unknown as { tenants: Map<string, { text: { postingOf(term: string): ArrayLike<number> } }> }
  ).tenants.get('platform')!;
  return catalogue.text.postingOf(word)?.length ?? 0;
}

describe("the platform's words, read through its houses", () => {
  it('answers every search as listings indexed whole do, and keeps only its category words of its own', async () => {
    const { withHouses, whole, same } = await engines();
    await same('at first');
    // "velvet" is in names, descriptions and tags only: nothing of it is kept twice.
    expect(ownPostings(withHouses, 'velvet')).toBe(0);
    expect(ownPostings(whole, 'velvet')).toBeGreaterThan(100);
    // "stage" is also the platform's group: those listings keep it as their own.
    expect(ownPostings(withHouses, 'stage')).toBeGreaterThan(0);
    // "seating" is the house's category, not the platform's: a platform search does not find it there.
    expect((await withHouses.search('platform', query('seating'))).total).toBe(0);
  });

  it('reads what a listing was until its listing is written again, after its house changed the item', async () => {
    const { items, withHouses, same, both } = await engines();
    // Words searched before ("brass lamp"): the postings kept for them take the listing's new slot.
    const renamed = { ...items.get('jetway')![7]!, name: 'Zeppelin gondola brass lamp', description: 'Airship' };
    await withHouses.upsert('jetway', renamed);
    const zeppelin = query('zeppelin');
    expect((await withHouses.search('platform', zeppelin)).total).toBe(0);
    await same('the house renamed an item, its listing not yet');
    await both((engine) => engine.upsert('platform', listing(renamed, HOUSES[0]!)));
    expect((await withHouses.search('platform', zeppelin)).hits.map((hit) => hit.objectID)).toEqual(['jetway~item-7']);
    await same('its listing renamed too');
  });

  it('keeps a listing whose words are not its house item’s, and one over a house rebuilt since, and forgets one removed', async () => {
    const { items, withHouses, same, both } = await engines();
    const own = { ...listing(items.get('soho')![3]!, HOUSES[2]!), description: 'Quokka plush, platform only' };
    await both((engine) => engine.upsert('platform', own));
    expect(ownPostings(withHouses, 'quokka')).toBe(1);
    await same('a listing with words of its own');
    // The house is rebuilt (its catalogue imported again): the listings still read through the old one.
    await withHouses.replaceAll('propstore', items.get('propstore')!.slice(0, 200));
    await same('the house rebuilt, its listings not yet written again');
    await both((engine) => engine.remove('platform', 'propstore~item-5'));
    await both((engine) => engine.upsert('platform', listing(items.get('propstore')![6]!, HOUSES[1]!)));
    await same('listings removed and written again over the rebuilt house');
  });
});
