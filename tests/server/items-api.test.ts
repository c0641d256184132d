/**
 * The console's items API over the real app: lists the ra-data-simple-rest way, writes checked
 * against the item schema and the tenant with problems named by field, stale edits refused with
 * 412, bulk tag and category changes all or nothing, and each tenant's items only to its admins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../schema/types.generated';
import { sampleItem } from '../contract/item-store.contract';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const acmeItem = (objectID: string, overrides: Partial<Item> = {}): Item =>
  sampleItem(objectID, { name: `Galley Cart ${objectID}`, category: { group: 'sets', category: 'galleys' }, vendorId: 'acme', colors: ['Red'], ...overrides });
const create = (item: unknown, who: 'acmeAdmin' | 'aviationAdmin' | 'platform' = 'acmeAdmin') => t.as(who, { method: 'POST', url: '/api/tenants/acme/items', payload: item as object });

describe('the items API', () => {
  it('adds items, lists them with Content-Range, filters by text, category and colour, and reads one with its version', async () => {
    for (const [id, overrides] of [
      ['cart-a', {}],
      ['cart-b', { colors: ['Blue'] as string[] }],
      ['cockpit', { name: 'Airliner Cockpit Shell', category: { group: 'sets', category: 'cockpits', subcategory: 'airliner-cockpit' } }],
    ] as const) {
      const answer = await create(acmeItem(id, overrides as Partial<Item>));
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const list = await t.as('acmeAdmin', { url: '/api/tenants/acme/items?range=[0,1]&sort=["name","ASC"]' });
    expect(list.headers['content-range']).toBe('items 0-1/3');
    expect(list.json().map((r: { id: string }) => r.id)).toEqual(['cockpit', 'cart-a']);
    const filtered = async (filter: object) =>
      (await t.as('acmeAdmin', { url: `/api/tenants/acme/items?filter=${encodeURIComponent(JSON.stringify(filter))}` }))
        .json()
        .map((r: { id: string }) => r.id)
        .sort();
    expect(await filtered({ q: 'cockpit' })).toEqual(['cockpit']);
    expect(await filtered({ category: 'galleys' })).toEqual(['cart-a', 'cart-b']);
    expect(await filtered({ colors: ['Blue'] })).toEqual(['cart-b']);
    const one = await t.as('acmeAdmin', { url: '/api/tenants/acme/items/cart-a' });
    expect(one.json()).toMatchObject({ id: 'cart-a', objectID: 'cart-a', version: expect.any(String) });
    expect(one.headers.etag).toBe(`"${one.json().version}"`);
  });

  it('refuses an item the schema or the tenant refuses, naming each field, and an id taken', async () => {
    const bad = await create(acmeItem('bad', { colors: ['Teal'], category: { group: 'sets', category: 'lounges' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Not saved: 2 problems to fix',
      errors: { 'category.category': expect.stringContaining('no category "lounges" in group "sets"'), 'colors.0': 'colour "Teal" is not in the colour map (site.json colorMap)' },
    });
    const negative = await create({ ...acmeItem('neg'), quantity: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toMatchObject({ quantity: 'must be at least 0 (found -1)' });
    await create(acmeItem('taken'));
    const taken = await create(acmeItem('taken'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ objectID: 'An item with the id "taken" exists' });
  });

  it('replaces an item only with its current version: a stale edit gets 412 and the newer version', async () => {
    await create(acmeItem('edit-me'));
    const { version } = (await t.as('acmeAdmin', { url: '/api/tenants/acme/items/edit-me' })).json();
    const put = (item: Item, ifMatch?: string) => t.as('acmeAdmin', { method: 'PUT', url: '/api/tenants/acme/items/edit-me', payload: item, headers: ifMatch ? { 'if-match': `"${ifMatch}"` } : {} });
    expect((await put(acmeItem('edit-me', { quantity: 3 }))).statusCode).toBe(428);
    const saved = await put(acmeItem('edit-me', { quantity: 3 }), version);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ quantity: 3 });
    const stale = await put(acmeItem('edit-me', { quantity: 9 }), version);
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe(`"${saved.json().version}"`);
    expect((await t.as('acmeAdmin', { url: '/api/tenants/acme/items/edit-me' })).json().quantity).toBe(3);
    // The record as react-admin sends it back, with its own id and version, is accepted.
    const { version: latest } = saved.json();
    expect((await put({ ...saved.json(), quantity: 4 }, latest)).json()).toMatchObject({ quantity: 4 });
    const renamed = await put(acmeItem('other-id'), (await t.as('acmeAdmin', { url: '/api/tenants/acme/items/edit-me' })).json().version);
    expect(renamed.json().errors).toEqual({ objectID: 'must stay "edit-me": an item\'s id does not change' });
  });

  it('adds and removes tags, or moves items, in bulk: all of them or, on a problem, none', async () => {
    await create(acmeItem('bulk-1', { tags: ['vintage'] }));
    await create(acmeItem('bulk-2'));
    const bulk = (payload: object) => t.as('acmeAdmin', { method: 'POST', url: '/api/tenants/acme/items/bulk', payload });
    const tagged = await bulk({ ids: ['bulk-1', 'bulk-2'], addTags: ['hero-prop'], removeTags: ['vintage'] });
    expect(tagged.json()).toEqual({ updated: 2 });
    const tagsOf = async (id: string) => (await t.as('acmeAdmin', { url: `/api/tenants/acme/items/${id}` })).json().tags;
    expect([await tagsOf('bulk-1'), await tagsOf('bulk-2')]).toEqual([['hero-prop'], ['hero-prop']]);
    const nowhere = await bulk({ ids: ['bulk-1', 'bulk-2'], category: { group: 'sets', category: 'nowhere' } });
    expect(nowhere.statusCode).toBe(400);
    const moved = await bulk({ ids: ['bulk-1'], category: { group: 'sets', category: 'cockpits' } });
    expect(moved.json()).toEqual({ updated: 1 });
    expect((await t.as('acmeAdmin', { url: '/api/tenants/acme/items/bulk-2' })).json().category).toEqual({ group: 'sets', category: 'galleys' });
    expect((await bulk({ ids: ['bulk-1', 'ghost'], addTags: ['x'] })).statusCode).toBe(404);
  });

  it("removes an item, and keeps each tenant's items to its own admins", async () => {
    await create(acmeItem('gone'));
    expect((await t.as('acmeAdmin', { method: 'DELETE', url: '/api/tenants/acme/items/gone' })).statusCode).toBe(200);
    expect((await t.as('acmeAdmin', { url: '/api/tenants/acme/items/gone' })).statusCode).toBe(404);
    expect([403, 404]).toContain((await t.as('aviationAdmin', { url: '/api/tenants/acme/items' })).statusCode);
    expect([403, 404]).toContain((await create(acmeItem('intruder'), 'aviationAdmin')).statusCode);
    expect((await t.as('anonymous', { url: '/api/tenants/acme/items' })).statusCode).toBe(401);
    expect((await t.as('platform', { url: '/api/tenants/acme/items/cart-a' })).statusCode).toBe(200);
  });
});
