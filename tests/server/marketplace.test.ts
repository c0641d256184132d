/**
 * The platform's catalogue over the real app (file tenants, SQLite items, the embedded index): every
 * listed house's items on platform.localhost, nearest house first from the visitor's place (the
 * location cookie, else the platform's default, Hollywood), with a radius, each house's currency
 * kept apart in the price facet, and the houses by name in the vendor facet; a house's item change
 * and a house unlisted show on the platform within the second's check; hostile cookies and radii
 * answer a page that says what it measured from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../schema/types.generated';
import type { PageState } from '../../storefront/document/state';
import { sampleItem } from '../contract/item-store.contract';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { confirmedOrder } from '../helpers/confirmed-order';
import { buildTestApp, editTenant, withShippedHouses, type TestApp } from '../helpers/server';

const PLATFORM = 'platform.localhost';
const LONDON_SOHO = '51.5136,-0.1365';
const ATLANTA = '33.749,-84.388';

let t: TestApp;
beforeAll(async () => {
  // The fixture house stays off the platform: these tests count the shipped houses' items.
  t = await buildTestApp({ beforeStart: withShippedHouses });
  await t.app.ready();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: { host: PLATFORM, ...(cookie && { cookie }) } });
const stateOf = (html: string): PageState =>
  JSON.parse(/<script type="application\/json" id="backlot-state">([^<]*)<\/script>/.exec(html)![1]!) as PageState;
const listing = async (url: string, cookie?: string) => {
  const page = await get(url, cookie);
  expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
  return stateOf(page.body).catalogue!;
};
const housesOf = (hits: Array<{ house?: { id: string } }>) => hits.map((hit) => hit.house!.id);

async function editVendor(tenantId: string, change: (vendor: Record<string, unknown>) => void) {
  const saved = await editTenant(t, tenantId, (tenant) => change(tenant.vendor));
  expect(saved.statusCode, saved.body).toBe(200);
}

describe("the platform's catalogue", () => {
  it('lists every listed house, nearest first from the default place, with each house named in the vendor facet', async () => {
    const catalogue = await listing('/rentals');
    // aviation 383 + london 36 + atlanta 66; the platform has no items of its own.
    expect(catalogue.total).toBe(485);
    expect(catalogue.marketplace!.from).toMatchObject({ source: 'default', lat: 34.0928, lng: -118.3287 });
    expect(catalogue.marketplace!.houses.map((house) => house.id)).toEqual(['aviation', 'atlanta', 'london']);
    expect(new Set(housesOf(catalogue.hits))).toEqual(new Set(['aviation']));
    expect(catalogue.facets.vendors).toEqual([
      { value: 'aviation', count: 383, selected: false },
      { value: 'atlanta', count: 66, selected: false },
      { value: 'london', count: 36, selected: false },
    ]);
    const html = (await get('/rentals')).body;
    expect(html).toMatch(/Distances from(<!-- -->)? <strong>Hollywood \(the default\)<\/strong>/);
    expect(html).toContain('Jetway Props, Sun Valley, CA');
  });

  it('measures from the location cookie: from Soho the London house comes first, and a radius leaves the others out', async () => {
    const cookie = `backlot_location=${encodeURIComponent(LONDON_SOHO)}; backlot_place=London`;
    const near = await listing('/rentals', cookie);
    expect(near.marketplace!.from).toMatchObject({ source: 'cookie', label: 'London' });
    expect(housesOf(near.hits).slice(0, 24)).toEqual(Array(24).fill('london'));
    const within = await listing('/rentals?within=50', cookie);
    expect(within.total).toBe(36);
    expect(within.query.withinKm).toBe(50);
    expect(within.facets.vendors.map((value) => value.value)).toEqual(['london']);
    // From Atlanta, 300 km holds only the Atlanta house; the next page goes on with it.
    const atlanta = await listing('/rentals?within=300&page=2', `backlot_location=${encodeURIComponent(ATLANTA)}`);
    expect(atlanta.total).toBe(66);
    expect(new Set(housesOf(atlanta.hits))).toEqual(new Set(['atlanta']));
  });

  it('keeps each currency apart: a price bin names its currency, and choosing one never brings the other', async () => {
    const catalogue = await listing('/rentals');
    const bins = catalogue.facets.priceBin.map((value) => value.value);
    expect(bins).toContain('USD:under-50');
    expect(bins).toContain('GBP:under-50');
    expect(bins.every((value) => /^(USD|GBP):/.test(value))).toBe(true);
    const pounds = await listing('/rentals?price=GBP:under-50&price=GBP:50-100');
    expect(pounds.total).toBeGreaterThan(0);
    expect(new Set(housesOf(pounds.hits))).toEqual(new Set(['london']));
    const dollars = catalogue.facets.priceBin.find((value) => value.value === 'USD:under-50')!.count;
    const poundsCount = catalogue.facets.priceBin.find((value) => value.value === 'GBP:under-50')!.count;
    expect((await listing('/rentals?price=USD:under-50')).total).toBe(dollars);
    expect((await listing('/rentals?price=GBP:under-50')).total).toBe(poundsCount);
    const html = (await get('/rentals?vendor=london')).body;
    expect(html).toMatch(/£[\d,.]+(<!-- -->)? <span class="item-card-unit">/);
    expect(html).toContain('Under £50');
    // Beside London's items alone, no dollar bin sits at 0.
    expect(
      (await listing('/rentals?vendor=london')).facets.priceBin.every((value) => value.value.startsWith('GBP:')),
    ).toBe(true);
  });

  it("places a house's items in the platform's categories by its own map, and drops custom fields the platform cannot name", async () => {
    // Aviation's seats are the platform's furniture/seating (tenants/aviation/vendor.json marketplaceCategories).
    const seating = await listing('/rentals/furniture/seating?vendor=aviation');
    expect(seating.total).toBeGreaterThan(50);
    const all = await listing('/rentals');
    expect(Object.keys(all.facets).filter((facet) => facet.startsWith('custom.'))).toEqual(
      expect.arrayContaining(['custom.eras', 'custom.styles']),
    );
    expect(Object.keys(all.facets)).not.toContain('custom.rooms');
  });

  it("shows a house's item on the platform with its house, place, distance and own currency; an unknown one is a 404", async () => {
    const [first] = (await listing('/rentals?vendor=london')).hits;
    const page = await get(`/item/${first!.objectID}`, `backlot_location=${encodeURIComponent(LONDON_SOHO)}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Soho Prop Hire, London, GB');
    expect(page.body).toContain('under 1 mi away');
    expect(page.body).toMatch(/£[\d,.]+(<!-- -->)? <span class="item-card-unit">\/ (<!-- -->)?day/);
    expect((await get('/item/london~no-such-item')).statusCode).toBe(404);
    expect((await get('/item/acme~cart-a')).statusCode).toBe(404);
    expect((await get('/item/~~')).statusCode).toBe(404);
  });

  it('answers hostile locations and radii with a page measured from the default, saying so', async () => {
    for (const cookie of [
      'backlot_location=abc',
      'backlot_location=91,0',
      'backlot_location=1,2,3',
      'backlot_location=NaN,1',
      'backlot_location=%E0%A4%A',
      'backlot_location=1e3,2',
    ]) {
      const catalogue = await listing('/rentals', cookie);
      expect(catalogue.marketplace!.from.source, cookie).toBe('default');
    }
    const hostileName = await get(
      '/rentals',
      `backlot_location=${encodeURIComponent(LONDON_SOHO)}; backlot_place=${encodeURIComponent('<script>alert(1)</script>')}`,
    );
    expect(hostileName.body).not.toContain('<script>alert(1)');
    for (const within of ['0', '1e9', '-5', '99999999', 'near']) {
      const catalogue = await listing(`/rentals?within=${within}`);
      expect(catalogue.total, within).toBe(485);
      expect(catalogue.query.ignoredWithin, within).toBe(true);
    }
    expect((await get('/rentals?within=0')).body).toContain('was not a usable radius');
  });

  it("shows a house's new item on the platform, and a house unlisted leaves it while its own storefront goes on", async () => {
    const item: Item = sampleItem('peach-crate', {
      name: 'Peach Crate, Weathered Pine',
      category: { group: 'props', category: 'kitchen-and-dining' },
      vendorId: 'atlanta',
      rates: { day: 12 },
    });
    const created = await t.as('platformStaff', { method: 'POST', url: '/api/tenants/atlanta/items', payload: item });
    expect(created.statusCode, created.body).toBe(201);
    await expect
      .poll(async () => (await listing('/search?q=peach+crate')).hits.map((hit) => hit.objectID))
      .toContain('atlanta~peach-crate');

    await editVendor('london', (vendor) => (vendor.isListed = false));
    await expect.poll(async () => (await listing('/rentals')).total).toBe(450);
    expect((await listing('/rentals')).marketplace!.houses.map((house) => house.id)).toEqual(['aviation', 'atlanta']);
    const own = await t.app.inject({ url: '/rentals', headers: { host: 'london.localhost' } });
    expect(stateOf(own.body).catalogue!.total).toBe(36);

    await editVendor('london', (vendor) => (vendor.isListed = true));
    await expect.poll(async () => (await listing('/rentals')).total).toBe(486);
  });

  it("says how many are free on shoot dates at each item's own house, and leaves out what a house has booked out", async () => {
    // All of one Jetway item booked on some dates (an order confirmed at the house).
    const [item] = (await t.app.itemStore.list('aviation', { limit: 400 })).filter(
      (candidate) => candidate.quantity <= 3 && /C-Stand/.test(candidate.name) === false,
    );
    const listingId = `aviation~${item!.objectID}`;
    const words = encodeURIComponent(item!.name);
    // The dated page asked twice before the order (so it is kept), then once after: the house's booking shows.
    const first = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 12);
    const datedPath = `/search?q=${words}&vendor=aviation&from=${first}&to=${addDays(first, 2)}`;
    for (let ask = 0; ask < 2; ask++) expect((await listing(datedPath)).free?.[listingId]).toBe(item!.quantity);
    const order = await confirmedOrder(
      t,
      'booker@production.example',
      [{ objectID: item!.objectID, quantity: item!.quantity }],
      12,
      'Booked Out',
    );
    expect(order.startDate).toBe(first);
    const dated = await listing(datedPath);
    expect(dated.free?.[listingId]).toBe(0);
    // A house's own storefront says the same.
    const own = await t.app.inject({
      url: `/search?q=${words}&from=${order.startDate}&to=${order.endDate}`,
      headers: { host: 'aviation.localhost' },
    });
    expect(stateOf(own.body).catalogue!.free?.[item!.objectID]).toBe(0);
    // Only what is free: the booked item is left out on the platform too, and other houses' items stay.
    const available = await listing(`/rentals?from=${order.startDate}&to=${order.endDate}&available=1&q=${words}`);
    expect(available.hits.map((hit) => hit.objectID)).not.toContain(listingId);
    const everything = await listing(`/rentals?from=${order.startDate}&to=${order.endDate}&available=1`);
    expect(everything.total).toBe((await listing('/rentals')).total - 1);
  });

  it('leads the home page with the nearest house, then the others nearest first', async () => {
    const home = await get('/', `backlot_location=${encodeURIComponent(ATLANTA)}; backlot_place=Atlanta`);
    const state = stateOf(home.body);
    expect(state.marketplace!.houses.map((house) => house.id)).toEqual(['atlanta', 'aviation', 'london']);
    expect(home.body).toMatch(/class="nearest-house-name">Peachtree Prop House</);
    expect(home.body).toMatch(/Distances from(<!-- -->)? <strong>Atlanta<\/strong>/);
  });

  it("shows a house's kit as one listing that says what it includes, each piece as the platform lists it", async () => {
    const [seat] = await t.app.itemStore.getMany('aviation', ['airliner-captain-seat-sheepskin-cover']);
    await t.app.itemStore.put('aviation', {
      ...seat!,
      objectID: 'flight-deck-pair',
      name: 'Flight deck seat pair',
      kit: {
        kind: 'fixed',
        components: [
          { objectID: 'airliner-captain-seat-sheepskin-cover', quantity: 1 },
          { objectID: 'airliner-first-officer-seat-grey-leather', quantity: 1 },
        ],
      },
    });
    const page = await get('/item/aviation~flight-deck-pair');
    expect(page.statusCode).toBe(200);
    expect(stateOf(page.body).kitComponents?.map(({ quantity, item }) => [quantity, item.objectID])).toEqual([
      [1, 'aviation~airliner-captain-seat-sheepskin-cover'],
      [1, 'aviation~airliner-first-officer-seat-grey-leather'],
    ]);
    expect(page.body).toContain('href="/item/aviation~airliner-first-officer-seat-grey-leather" class="item-kit-part"');
  });
});
