/**
 * Catalogue pages rendered on the server, over the real app with a small catalogue: a category
 * lists its items with the filters in the URL; /search finds by word; an item has its page (a
 * kit's says what it includes); a change to an item shows on the next render; hostile query strings answer a page, never an error
 * or markup; item photos are served from the tenant's items/ folder and nothing else.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../schema/types.generated';
import { STATE_ELEMENT_ID, type PageState } from '../../storefront/document/state';
import { sampleItem } from '../contract/item-store.contract';
import { buildTestApp, editTenant, type TestApp } from '../helpers/server';

const AVIATION = 'aviation.localhost';
const seat = (objectID: string, overrides: Partial<Item>) =>
  sampleItem(objectID, {
    category: { group: 'seats', category: 'economy' },
    customFields: { eras: ['1970s-wide-body-era'] },
    ...overrides,
  });
const ITEMS = [
  seat('tweed-triple', {
    name: 'Boeing 737 Economy Triple, Blue Tweed',
    colors: ['Blue'],
    rates: { day: 175, week: 525 },
    quantity: 12,
    images: [{ url: '/items/aviation/tweed-triple.svg', width: 800, height: 600, alt: 'Blue tweed triple seat' }],
  }),
  seat('red-double', {
    name: 'Economy Double, Red Leather',
    colors: ['Red'],
    rates: { day: 140 },
    quantity: 1,
    customFields: { eras: ['1990s'] },
  }),
  seat('grey-row', { name: 'Economy Row of Four, Grey', colors: ['Grey'], rates: { day: 260 }, quantity: 3 }),
  sampleItem('galley-cart', {
    name: 'Atlas Full-Size Galley Cart',
    category: { group: 'set-dressing', category: 'carts-and-trolleys' },
    colors: ['Silver'],
    rates: { day: 85 },
  }),
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    beforeStart: async (tenants) => {
      await writeFile(path.join(tenants, 'aviation', 'catalogue.json'), JSON.stringify({ items: ITEMS }));
      await mkdir(path.join(tenants, 'aviation', 'items'), { recursive: true });
      await writeFile(
        path.join(tenants, 'aviation', 'items', 'tweed-triple.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 6"><rect width="8" height="6" fill="#1565c0"/></svg>',
      );
    },
  });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: { host: AVIATION } });
function stateOf(html: string): PageState {
  const match = new RegExp(`<script type="application/json" id="${STATE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  return JSON.parse(match![1]!) as PageState;
}
const names = (state: PageState) => state.catalogue!.hits.map((hit) => hit.objectID);

describe('catalogue pages', () => {
  it("list a category's items, filtered and sorted by the URL, with counts OR within a facet", async () => {
    const page = await get('/rentals/seats/economy?color=Blue&color=Red&sort=price-asc');
    expect(page.statusCode).toBe(200);
    const state = stateOf(page.body);
    expect(names(state)).toEqual(['red-double', 'tweed-triple']);
    expect(state.catalogue!.total).toBe(2);
    // The colour facet counts as if no colour were chosen; the galley cart is outside the category.
    expect(state.catalogue!.facets.colors).toEqual(
      expect.arrayContaining([
        { value: 'Blue', count: 1, selected: true },
        { value: 'Grey', count: 1, selected: false },
      ]),
    );
    expect(state.catalogue!.facets.colors.map((facet) => facet.value)).not.toContain('Silver');
    // What a visitor sees: the names, rates in dollars, lazy photos with their size.
    expect(page.body).toContain('Economy Double, Red Leather');
    expect(page.body).not.toContain('Economy Row of Four, Grey');
    expect(page.body).toContain('$140.00');
    expect(page.body).toMatch(
      /<img src="\/items\/aviation\/tweed-triple\.svg" width="800" height="600" alt="Blue tweed triple seat" loading="lazy"/,
    );
    // Quantity is hidden when it is 1 (hideQtyIfEq1), shown otherwise.
    expect(page.body).toContain('12 in stock');
    expect(page.body).not.toContain('1 in stock');
    // Lists carry no long descriptions in the state block.
    expect(state.catalogue!.hits.every((hit) => !('description' in hit))).toBe(true);
  });

  it('filter by a custom field and price bin, and find by word (prefix and typo) on /search', async () => {
    expect(names(stateOf((await get('/rentals/seats?eras=1990s')).body))).toEqual(['red-double']);
    expect(names(stateOf((await get('/rentals?price=50-100')).body))).toEqual(['galley-cart']);
    expect(names(stateOf((await get('/search?q=galey')).body))).toEqual(['galley-cart']);
    const search = stateOf((await get('/search?q=tweed')).body);
    expect(search.catalogue).toMatchObject({ total: 1, query: { text: 'tweed' } });
    // Nothing found, with no filter set: the page says so of the words, not of filters.
    const none = (await get('/search?q=zeppelin')).body;
    expect(none).toContain('Nothing matches “zeppelin”.');
    expect(none).not.toContain('filters.');
    // The house's own synonyms, kept in its site settings: once "zeppelin" is a word for a cart, it finds the galley cart, at once.
    expect(
      (await editTenant(t, 'aviation', (tenant) => (tenant.site.searchSynonyms = ['zeppelin, cart']))).statusCode,
    ).toBe(200);
    expect(names(stateOf((await get('/search?q=zeppelin')).body))).toEqual(['galley-cart']);
    expect(
      (await editTenant(t, 'aviation', (tenant) => (tenant.site.searchSynonyms = ['zeppelin and cart']))).statusCode,
    ).toBe(400);
    expect((await editTenant(t, 'aviation', (tenant) => (tenant.site.searchSynonyms = []))).statusCode).toBe(200);
  });

  it('show an item on its own page, and a missing one as not found', async () => {
    const page = await get('/item/tweed-triple');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Boeing 737 Economy Triple, Blue Tweed | Jetway Props</title>');
    expect(page.body).toContain('$525.00');
    expect(page.body).toContain('1970s Wide-Body Era');
    expect((await get('/item/no-such-thing')).statusCode).toBe(404);
    expect((await get('/item/a/b')).statusCode).toBe(404);
  });

  it("show what a kit includes on its page, in the kit's order, each part linked with its photo", async () => {
    await t.app.itemStore.put(
      'aviation',
      seat('cabin-kit', {
        name: 'Economy Cabin Kit',
        kit: {
          kind: 'package',
          components: [
            { objectID: 'galley-cart', quantity: 1 },
            { objectID: 'tweed-triple', quantity: 2 },
          ],
        },
      }),
    );
    const page = await get('/item/cabin-kit');
    expect(page.statusCode).toBe(200);
    expect(stateOf(page.body).kitComponents?.map(({ quantity, item }) => [quantity, item.objectID])).toEqual([
      [1, 'galley-cart'],
      [2, 'tweed-triple'],
    ]);
    expect(page.body).toContain('Includes');
    expect(page.body).toMatch(
      /<a href="\/item\/tweed-triple" class="item-kit-part"><img src="[^"]+"[^>]*\/><span>2 × Boeing 737 Economy Triple, Blue Tweed<\/span><\/a>/,
    );
    // A plain item's page includes nothing.
    expect(stateOf((await get('/item/grey-row')).body).kitComponents).toBeUndefined();
  });

  it('show a changed item on the next render (cached pages follow the catalogue)', async () => {
    expect((await get('/rentals/seats/economy')).body).toContain('Economy Row of Four, Grey');
    await t.app.itemStore.update('aviation', 'grey-row', (item) => ({
      ...item,
      name: 'Economy Row of Four, Charcoal',
    }));
    await expect
      .poll(async () => (await get('/rentals/seats/economy')).body)
      .toContain('Economy Row of Four, Charcoal');
    expect((await get('/item/grey-row')).body).toContain('Charcoal');
  });

  it('answer hostile query strings with a page, text as text, and bounded work', async () => {
    const hostile =
      '/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E&color=%00&color=' +
      'x'.repeat(5000) +
      '&page=-5&sort=DROP%20TABLE&eras=%27%3B--&price=%2e%2e%2f';
    const page = await get(hostile);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)</script>');
    const state = stateOf(page.body);
    expect(state.catalogue!.query).toMatchObject({ text: '<script>alert(1)</script>', sort: 'relevance', page: 0 });
    expect(state.catalogue!.query.filters.colors!.every((value) => value.length <= 100)).toBe(true);
    expect(state.catalogue!.total).toBe(0);
    expect((await get('/rentals/seats?page=99999')).statusCode).toBe(200);
  });

  it('send a page compressed as the browser asks (Brotli, else gzip, else plain), a one-off search and a kept page alike', async () => {
    const get = (url: string, acceptEncoding?: string) =>
      t.app.inject({ url, headers: { host: AVIATION, ...(acceptEncoding && { 'accept-encoding': acceptEncoding }) } });
    for (const url of ['/search?q=economy&color=Blue&sort=name', '/rentals/seats']) {
      const brotli = await get(url, 'gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      const gzip = await get(url, 'br;q=0, gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('Economy');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('list the items of a tenant created while the server runs', async () => {
    const created = await t.as('platformStaff', {
      method: 'POST',
      url: '/api/tenants',
      payload: { id: 'late-props', name: 'Late Props', domain: 'www.late-props.example' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const tree = (await t.as('platformStaff', { url: '/api/tenants/late-props' })).json().categories;
    const group = tree.groups.find((candidate: { kind?: string }) => (candidate.kind ?? 'rental') === 'rental');
    await t.app.itemStore.put(
      'late-props',
      sampleItem('late-chair', {
        name: 'Late Director Chair',
        category: { group: group.slug, category: group.categories[0].slug },
        vendorId: 'late-props',
      }),
    );
    const page = await t.app.inject({ url: '/search?q=director', headers: { host: 'late-props.localhost' } });
    expect(stateOf(page.body).catalogue!.hits.map((hit) => hit.objectID)).toEqual(['late-chair']);
  });

  it("serve item photos from the tenant's items folder only, sandboxed", async () => {
    const photo = await get('/items/aviation/tweed-triple.svg');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/svg+xml');
    expect(photo.headers['content-security-policy']).toContain('sandbox');
    for (const url of [
      '/items/aviation/..%2fsite.json',
      '/items/aviation/site.json',
      '/items/nowhere/tweed-triple.svg',
      '/items/aviation/missing.svg',
    ])
      expect((await get(url)).statusCode, url).toBe(404);
  });
});
