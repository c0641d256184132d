/**
 * The embedded engine knows a platform listing by its house and its house item's id, keeping no
 * id string of its own for it: the listing must still be found, replaced, removed and left out by
 * its whole id (`<house>~<item>`), every house's own items by theirs, and two houses' listings of
 * the same item under the same name must come in one order, by item then by house.
 */
import { describe, expect, it } from 'vitest';
import type { House } from '../../../schema/marketplace/houses';
import { listingIdOf, listingOf } from '../../../schema/marketplace/listings';
import type { Item } from '../../../schema/types.generated';
import { InProcessSearchIndex } from '../../../server/search/engine/in-process-search';
import { SlotIds } from '../../../server/search/engine/slot-ids';
import type { SearchQuery } from '../../../server/search/search-port';
import { searchItem } from '../../contract/search-index.contract';
import { searchHouse as house } from '../../helpers/search-house';

const HOUSES = [house('north', 40), house('south', 30)];
/** The same three items at each house: same ids, same names. */
const ITEMS = ['seat-b', 'seat-a', 'seat-c'].map((id) => searchItem(id, { name: 'Airline seat row' }));
const listingsOf = (of: House, items: readonly Item[] = ITEMS) =>
  items.map((item) => listingOf({ ...item, vendorId: of.id }, of, { groups: [] }, undefined));
const byName = (extra: Partial<SearchQuery> = {}): SearchQuery => ({
  page: 0,
  perPage: 24,
  filters: {},
  sort: 'name',
  ...extra,
});

async function engine(): Promise<InProcessSearchIndex> {
  const index = new InProcessSearchIndex();
  for (const of of HOUSES) await index.replaceAll(of.id, ITEMS);
  await index.replaceAll(
    'platform',
    HOUSES.flatMap((of) => listingsOf(of)),
  );
  return index;
}

const ids = async (index: InProcessSearchIndex, tenant: string, query = byName()) =>
  (await index.search(tenant, query)).hits.map((hit) => hit.objectID);

describe('slots by id', () => {
  it('orders two houses’ listings of one item under one name by item, then by house', async () => {
    const index = await engine();
    expect(await ids(index, 'platform')).toEqual(
      ['seat-a', 'seat-b', 'seat-c'].flatMap((id) => [listingIdOf('north', id), listingIdOf('south', id)]),
    );
    expect(await ids(index, 'north')).toEqual(['seat-a', 'seat-b', 'seat-c']);
  });

  it('replaces, removes and leaves out a listing by its whole id, and no other house’s', async () => {
    const index = await engine();
    const renamed = listingsOf(HOUSES[1]!, [{ ...ITEMS[0]!, name: 'Airline seat row, refurbished' }])[0]!;
    await index.upsert('platform', renamed);
    await index.remove('platform', listingIdOf('north', 'seat-a'));
    const hits = (await index.search('platform', byName())).hits;
    expect(hits.map((hit) => [hit.objectID, hit.name])).toEqual([
      [listingIdOf('south', 'seat-a'), 'Airline seat row'],
      [listingIdOf('north', 'seat-b'), 'Airline seat row'],
      [listingIdOf('north', 'seat-c'), 'Airline seat row'],
      [listingIdOf('south', 'seat-c'), 'Airline seat row'],
      [listingIdOf('south', 'seat-b'), 'Airline seat row, refurbished'],
    ]);
    expect(await ids(index, 'platform', byName({ exclude: [listingIdOf('south', 'seat-c'), 'seat-b'] }))).toEqual([
      listingIdOf('south', 'seat-a'),
      listingIdOf('north', 'seat-b'),
      listingIdOf('north', 'seat-c'),
      listingIdOf('south', 'seat-b'),
    ]);
    // The houses' own catalogues are untouched, and a house item is removed by its own id.
    await index.remove('north', 'seat-b');
    expect(await ids(index, 'north')).toEqual(['seat-a', 'seat-c']);
    expect(await ids(index, 'south')).toEqual(['seat-a', 'seat-b', 'seat-c']);
  });

  it('frees an id once its slot is retired, and finds nothing for an id of another shape', () => {
    const slots = new SlotIds();
    const [listing] = listingsOf(HOUSES[0]!);
    slots.add(0, ITEMS[0]!);
    slots.add(1, listing!);
    expect([slots.slotOf('seat-b'), slots.slotOf(listingIdOf('north', 'seat-b'))]).toEqual([0, 1]);
    expect([slots.slotOf(listingIdOf('south', 'seat-b')), slots.slotOf('north~'), slots.slotOf('a~b~c')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    slots.retire(1);
    expect([slots.slotOf(listingIdOf('north', 'seat-b')), slots.isLive(1), slots.isLive(0)]).toEqual([
      undefined,
      false,
      true,
    ]);
  });
});
