/**
 * A category tree edit that moves or renames categories, over the real app (file tenant store,
 * SQLite items): the items filed there move along in the same save, the old pages answer 301 to
 * the new ones (query kept), a removal that would strand items is refused naming how many, and a
 * save refused for the tenant (a stale version) leaves the items where they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../schema/types.generated';
import { sampleItem } from '../contract/item-store.contract';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (const [id, category] of [
    ['galley-cart', { group: 'sets', category: 'galleys' }],
    ['galley-oven', { group: 'sets', category: 'galleys' }],
    ['yoke', { group: 'sets', category: 'cockpits', subcategory: 'vintage-cockpit' }],
  ] as const) {
    const created = await t.as('acmeAdmin', {
      method: 'POST',
      url: '/api/tenants/acme/items',
      payload: sampleItem(id, { name: id, category, vendorId: 'acme', colors: ['Red'] }),
    });
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(() => t.close());

type Tree = {
  version: string;
  groups: Array<{
    name: string;
    slug: string;
    origin?: string;
    categories: Array<{
      name: string;
      slug: string;
      origin?: string;
      subcategories?: Array<{ name: string; slug: string; origin?: string }>;
    }>;
  }>;
};
const url = '/api/tenants/acme/categories/tree';
const tree = async () => (await t.as('acmeAdmin', { url })).json() as Tree;
const save = (body: Tree, version = body.version) =>
  t.as('acmeAdmin', { method: 'PUT', url, payload: body, headers: { 'if-match': `"${version}"` } });
const item = async (id: string) => (await t.as('acmeAdmin', { url: `/api/tenants/acme/items/${id}` })).json() as Item;
const page = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { host: 'acme.localhost' } });

describe('moving categories with their items', () => {
  it('reads each entry with its origin, and counts the items filed under each path', async () => {
    const read = await tree();
    expect(read.groups[0]!.categories[0]).toMatchObject({
      slug: 'cockpits',
      origin: 'sets/cockpits',
      subcategories: [{ origin: 'sets/cockpits/airliner-cockpit' }, { origin: 'sets/cockpits/vintage-cockpit' }],
    });
    const counts = (await t.as('acmeAdmin', { url: '/api/tenants/acme/category-counts' })).json();
    expect(counts).toMatchObject({
      sets: 3,
      'sets/galleys': 2,
      'sets/cockpits': 1,
      'sets/cockpits/vintage-cockpit': 1,
    });
  });

  it('moves the items of a moved subcategory and a renamed category in the same save, and sends the old pages on (301)', async () => {
    const edited = await tree();
    const [cockpits, galleys] = edited.groups[0]!.categories;
    // Vintage Cockpit moves under Galleys; Galleys is renamed (new slug).
    const [vintage] = cockpits!.subcategories!.splice(1, 1);
    galleys!.subcategories = [vintage!];
    galleys!.slug = 'galley-carts';
    const saved = await save(edited);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().groups[0].categories[1]).toMatchObject({ slug: 'galley-carts', origin: 'sets/galley-carts' });
    expect((await item('galley-cart')).category).toEqual({ group: 'sets', category: 'galley-carts' });
    expect((await item('yoke')).category).toEqual({
      group: 'sets',
      category: 'galley-carts',
      subcategory: 'vintage-cockpit',
    });
    const moved = await page('/rentals/sets/galleys?sort=name');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/rentals/sets/galley-carts?sort=name');
    expect((await page('/rentals/sets/cockpits/vintage-cockpit')).headers.location).toBe(
      '/rentals/sets/galley-carts/vintage-cockpit',
    );
    const listing = await page('/rentals/sets/galley-carts');
    expect(listing.statusCode).toBe(200);
    expect(listing.body).toContain('galley-oven');
    const redirects = (await t.as('acmeAdmin', { url: '/api/tenants/acme' })).json().categories.redirects as Array<{
      from: string;
      to: string;
    }>;
    expect([...redirects].sort((a, b) => a.from.localeCompare(b.from))).toEqual([
      { from: '/rentals/sets/cockpits/vintage-cockpit', to: '/rentals/sets/galley-carts/vintage-cockpit' },
      { from: '/rentals/sets/galleys', to: '/rentals/sets/galley-carts' },
    ]);
  });

  it('refuses to remove a category that holds items, saying which and how many, and changes nothing', async () => {
    const edited = await tree();
    edited.groups[0]!.categories.splice(1, 1);
    const refused = await save(edited);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.items).toMatch(
      /^Not saved: sets\/galley-carts holds 2 items; sets\/galley-carts\/vintage-cockpit holds 1 item\. Move those items/,
    );
    expect((await tree()).groups[0]!.categories).toHaveLength(2);
  });

  it('leaves the items where they were when the tenant write is refused (a stale version)', async () => {
    const edited = await tree();
    edited.groups[0]!.categories[1]!.slug = 'carts';
    const stale = await save(edited, 'not-the-current-version');
    expect(stale.statusCode).toBe(412);
    expect((await item('galley-cart')).category).toEqual({ group: 'sets', category: 'galley-carts' });
    expect((await page('/rentals/sets/galley-carts')).statusCode).toBe(200);
  });
});

describe('a whole-tenant PUT (what `backlot push` sends), without origins', () => {
  const whole = async () => {
    const read = await t.as('acmeAdmin', { url: '/api/tenants/acme' });
    return { body: read.json() as { categories: Tree }, etag: String(read.headers.etag) };
  };
  const put = (body: object, etag: string) =>
    t.as('acmeAdmin', { method: 'PUT', url: '/api/tenants/acme', payload: body, headers: { 'if-match': etag } });

  it('moves the items of a category moved to another group, and sends its old page on', async () => {
    const { body, etag } = await whole();
    const sets = body.categories.groups.find((group) => group.slug === 'sets')!;
    const carts = sets.categories.splice(
      sets.categories.findIndex((category) => category.slug === 'galley-carts'),
      1,
    )[0]!;
    body.categories.groups.splice(1, 0, { name: 'Dressing', slug: 'dressing', categories: [carts] });
    const saved = await put(body, etag);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await item('galley-oven')).category).toEqual({ group: 'dressing', category: 'galley-carts' });
    expect((await item('yoke')).category).toEqual({
      group: 'dressing',
      category: 'galley-carts',
      subcategory: 'vintage-cockpit',
    });
    const listing = await page('/rentals/dressing/galley-carts');
    expect(listing.statusCode).toBe(200);
    expect(listing.body).toContain('galley-oven');
    const old = await page('/rentals/sets/galley-carts');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/rentals/dressing/galley-carts');
  });

  it('refuses to drop a category that holds items, naming it and how many, and changes nothing', async () => {
    const { body, etag } = await whole();
    body.categories.groups = body.categories.groups.filter((group) => group.slug !== 'dressing');
    const refused = await put(body, etag);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.items).toMatch(
      /^Not saved: dressing\/galley-carts holds 2 items; dressing\/galley-carts\/vintage-cockpit holds 1 item\. Move those items/,
    );
    expect((await whole()).body.categories.groups.map((group) => group.slug)).toContain('dressing');
    expect((await item('galley-oven')).category.group).toBe('dressing');
  });
});
