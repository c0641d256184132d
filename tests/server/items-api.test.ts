/**
 * The console's items API over the real app: lists the ra-data-simple-rest way, writes checked
 * against the item schema and the tenant with problems named by field, stale edits refused with
 * 412, bulk tag and category changes all or nothing, and each tenant's items only to its admins.
 */
import { TINY_PNG } from '../fixtures/tiny-png';
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
  sampleItem(objectID, {
    name: `Galley Cart ${objectID}`,
    category: { group: 'sets', category: 'galleys' },
    vendorId: 'acme',
    colors: ['Red'],
    ...overrides,
  });
const create = (item: unknown, who: 'acmeAdmin' | 'aviationAdmin' | 'platformStaff' = 'acmeAdmin') =>
  t.as(who, { method: 'POST', url: '/api/tenants/acme/items', payload: item as object });

describe('the items API', () => {
  it('adds items, lists them with Content-Range, filters by text, category and colour, and reads one with its version', async () => {
    for (const [id, overrides] of [
      ['cart-a', {}],
      ['cart-b', { colors: ['Blue'] as string[] }],
      [
        'cockpit',
        {
          name: 'Airliner Cockpit Shell',
          category: { group: 'sets', category: 'cockpits', subcategory: 'airliner-cockpit' },
        },
      ],
    ] as const) {
      const answer = await create(acmeItem(id, overrides));
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

  it('sets the fields the server owns: a new item needs no timestamps or house, and a replacement keeps when it was made', async () => {
    const { createdAt: _c, updatedAt: _u, vendorId: _v, ...bare } = acmeItem('owned-fields');
    const created = await create({ ...bare, vendorId: 'someone-else' });
    expect(created.statusCode, created.body).toBe(201);
    const made = (await t.as('acmeAdmin', { url: '/api/tenants/acme/items/owned-fields' })).json();
    expect(made).toMatchObject({
      vendorId: 'acme',
      createdAt: expect.stringMatching(/^\d{4}-/),
      updatedAt: made.createdAt,
    });
    const replaced = await t.as('acmeAdmin', {
      method: 'PUT',
      url: '/api/tenants/acme/items/owned-fields',
      payload: { ...bare, name: 'Renamed', createdAt: '2000-01-01T00:00:00.000Z' },
      headers: { 'if-match': `"${made.version}"` },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Renamed', createdAt: made.createdAt, vendorId: 'acme' });
    expect(replaced.json().updatedAt >= made.updatedAt).toBe(true);
  });

  it('filters by tags and by each custom field: any value within a filter, every filter together; a bad value is a 400 naming the filter', async () => {
    const rows: Array<[string, Partial<Item>]> = [
      ['f-1', { tags: ['f-spare', 'f-hero'], customFields: { eras: ['1960s'] } }],
      ['f-2', { tags: ['f-hero'], customFields: { eras: ['present-day'] }, colors: ['Blue'] }],
      ['f-3', { tags: ['f-spare'] }],
      ['f-4', { customFields: { eras: ['1960s', 'present-day'] }, colors: ['Blue'] }],
    ];
    for (const [id, overrides] of rows) {
      const answer = await create(acmeItem(id, overrides));
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const list = (filter: object) =>
      t.as('acmeAdmin', { url: `/api/tenants/acme/items?filter=${encodeURIComponent(JSON.stringify(filter))}` });
    const ids = async (filter: object) => {
      const answer = await list(filter);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer
        .json()
        .map((r: { id: string }) => r.id)
        .filter((id: string) => id.startsWith('f-'))
        .sort();
    };
    expect(await ids({ tags: 'f-hero' })).toEqual(['f-1', 'f-2']);
    expect(await ids({ tags: ['f-hero', 'f-spare'] })).toEqual(['f-1', 'f-2', 'f-3']);
    expect(await ids({ tags: ['no-such-tag'] })).toEqual([]);
    expect(await ids({ customFields: { eras: ['1960s'] } })).toEqual(['f-1', 'f-4']);
    expect(await ids({ customFields: { eras: 'present-day' } })).toEqual(['f-2', 'f-4']);
    expect(await ids({ customFields: { eras: ['1960s', 'present-day'] } })).toEqual(['f-1', 'f-2', 'f-4']);
    // Across filters, all of them.
    expect(await ids({ tags: ['f-spare'], customFields: { eras: ['1960s'] } })).toEqual(['f-1']);
    expect(await ids({ tags: ['f-hero', 'f-spare'], colors: ['Blue'] })).toEqual(['f-2']);
    expect(await ids({ q: 'f-4', customFields: { eras: ['present-day'] } })).toEqual(['f-4']);
    // A cleared input (react-admin sends [] or '') filters nothing.
    const everything = (await t.as('acmeAdmin', { url: '/api/tenants/acme/items' })).headers['content-range'];
    const cleared = await list({ tags: [], customFields: { eras: [] } });
    expect(cleared.headers['content-range']).toBe(everything);

    // Each filter's bad values, named by the filter.
    for (const [filter, field, words] of [
      [{ tags: ['Hero Prop'] }, 'filter.tags', /^The tags filter takes slugs .*"Hero Prop" is not one$/],
      [{ tags: 7 }, 'filter.tags', /^The tags filter takes slugs/],
      [{ customFields: ['eras'] }, 'filter.customFields', /^The customFields filter takes an object/],
      [
        { customFields: { decades: ['1960s'] } },
        'filter.customFields.decades',
        /^The customFields\.decades filter names no custom field of this tenant \(its fields: eras\)$/,
      ],
      [
        { customFields: { eras: ['1960s', '1890s'] } },
        'filter.customFields.eras',
        /^The customFields\.eras filter has "1890s", not an option of Eras \(its options: 1960s, present-day\)$/,
      ],
      [
        { customFields: { eras: [{ slug: '1960s' }] } },
        'filter.customFields.eras',
        /^The customFields\.eras filter takes slugs/,
      ],
    ] as const) {
      const answer = await list(filter);
      expect(answer.statusCode, JSON.stringify(filter)).toBe(400);
      expect(answer.json().message).toMatch(words);
      expect(answer.json().errors).toEqual({ [field]: answer.json().message });
    }

    // The tags in use, for the filter's choices.
    const tags = await t.as('acmeAdmin', { url: '/api/tenants/acme/item-tags' });
    expect(tags.statusCode).toBe(200);
    expect(tags.json()).toEqual(
      expect.arrayContaining([
        { id: 'f-hero', count: 2 },
        { id: 'f-spare', count: 2 },
      ]),
    );
    expect([403, 404]).toContain((await t.as('aviationAdmin', { url: '/api/tenants/acme/item-tags' })).statusCode);
  });

  it('filters by day-rate bin and by vendor, as the storefront facets do; an unknown bin is a 400 naming it', async () => {
    for (const [id, day] of [
      ['b-cheap', 40],
      ['b-mid', 120],
      ['b-dear', 1200],
    ] as const) {
      const answer = await create(acmeItem(id, { rates: { day } }));
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const list = (filter: object) =>
      t.as('acmeAdmin', { url: `/api/tenants/acme/items?filter=${encodeURIComponent(JSON.stringify(filter))}` });
    const ids = async (filter: object) =>
      (await list(filter))
        .json()
        .map((r: { id: string }) => r.id)
        .filter((id: string) => id.startsWith('b-'))
        .sort();
    expect(await ids({ priceBin: 'under-50' })).toEqual(['b-cheap']);
    expect(await ids({ priceBin: ['100-250', '1000-plus'] })).toEqual(['b-dear', 'b-mid']);
    expect(await ids({ priceBin: ['100-250'], vendorId: 'acme' })).toEqual(['b-mid']);
    expect(await ids({ vendorId: 'someone-else' })).toEqual([]);
    const unknown = await list({ priceBin: ['cheap'] });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([
      400,
      {
        'filter.priceBin': expect.stringMatching(
          /^The priceBin filter has "cheap", not a day-rate bin \(the bins: under-50, /,
        ),
      },
    ]);
  });

  it('uploads an item photo through the asset rules: stored under a content-hashed name, served, refused as the tenant images are', async () => {
    // A real 2×1 PNG.
    const png = TINY_PNG;
    const upload = (name: string, bytes: Buffer, who: 'acmeAdmin' | 'aviationAdmin' = 'acmeAdmin') =>
      t.as(who, {
        method: 'POST',
        url: '/api/tenants/acme/item-photos',
        payload: { name, data: bytes.toString('base64') },
      });
    const uploaded = await upload('jump_seat.v2.png', png);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toEqual({
      url: expect.stringMatching(/^\/items\/acme\/jump-seat-v2-[0-9a-f]{10}\.png$/),
      type: 'image/png',
      size: png.length,
      width: 2,
      height: 1,
    });
    const { url } = uploaded.json();
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    // The same file again is the same photo; an item takes its address.
    expect((await upload('jump_seat.v2.png', png)).json().url).toBe(url);
    const withPhoto = await create(
      acmeItem('photo-item', { images: [{ url, width: 2, height: 1, alt: 'A jump seat' }] }),
    );
    expect(withPhoto.statusCode, withPhoto.body).toBe(201);

    // Refused with the very words the tenant image upload uses, and nothing is written.
    const asAsset = (name: string, bytes: Buffer) =>
      t.as('acmeAdmin', {
        method: 'PUT',
        url: `/api/tenants/acme/assets/${name}`,
        payload: { data: bytes.toString('base64') },
      });
    for (const [name, bytes] of [
      ['fake.png', Buffer.from('this is plain text, not a picture')],
      ['huge.png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])],
      [
        'sneaky.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>'),
      ],
    ] as const) {
      const refused = await upload(name, bytes);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().errors).toEqual({ data: refused.json().message });
      expect(refused.json().message).toBe((await asAsset(name, bytes)).json().message);
    }
    // A name the asset rules refuse (the asset route refuses it in its path, before the rules speak).
    const text = await upload('notes.txt', Buffer.from('hello'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/^Not uploaded: "notes\.txt" is not a usable file name/);
    // An icon is an asset, not a photo: the photo route would not serve it.
    const icon = await upload('favicon.ico', Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]));
    expect(icon.statusCode).toBe(400);
    expect(icon.json().message).toBe(
      'Not uploaded: favicon.ico is an icon (ICO), which pages do not show as a photo: upload an SVG, PNG, JPEG or WebP image.',
    );
    expect([403, 404]).toContain((await upload('intruder.png', png, 'aviationAdmin')).statusCode);
    expect(
      (
        await t.as('anonymous', {
          method: 'POST',
          url: '/api/tenants/acme/item-photos',
          payload: { name: 'a.png', data: png.toString('base64') },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses an item the schema or the tenant refuses, naming each field, and an id taken', async () => {
    const bad = await create(acmeItem('bad', { colors: ['Teal'], category: { group: 'sets', category: 'lounges' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Not saved: 2 problems to fix',
      errors: {
        'category.category': expect.stringContaining('no category "lounges" in group "sets"'),
        'colors.0': 'colour "Teal" is not in the colour map (site.json colorMap)',
      },
    });
    const negative = await create({ ...acmeItem('neg'), quantity: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toMatchObject({ quantity: 'must be at least 0 (found -1)' });
    await create(acmeItem('taken'));
    const taken = await create(acmeItem('taken'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ objectID: 'An item with the id "taken" exists' });
  });

  it("refuses an item whose photos or text point at another tenant's files, and keeps its own", async () => {
    const foreign = await create(
      acmeItem('borrowed', {
        images: [{ url: '/items/aviation/seat.svg', width: 640, height: 480, alt: 'A seat' }],
        description: 'See ![x](/assets/aviation/logo.svg)',
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({
      'images.0.url': expect.stringContaining('"/items/aviation/…" is another tenant\'s item photo'),
      description: expect.stringContaining('"/assets/aviation/…" is another tenant\'s image'),
    });
    const own = await create(
      acmeItem('own-photo', { images: [{ url: '/items/acme/seat.svg', width: 640, height: 480, alt: 'A seat' }] }),
    );
    expect(own.statusCode, own.body).toBe(201);
  });

  it('replaces an item only with its current version: a stale edit gets 412 and the newer version', async () => {
    await create(acmeItem('edit-me'));
    const { version } = (await t.as('acmeAdmin', { url: '/api/tenants/acme/items/edit-me' })).json();
    const put = (item: Item, ifMatch?: string) =>
      t.as('acmeAdmin', {
        method: 'PUT',
        url: '/api/tenants/acme/items/edit-me',
        payload: item,
        headers: ifMatch ? { 'if-match': `"${ifMatch}"` } : {},
      });
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
    const renamed = await put(
      acmeItem('other-id'),
      (await t.as('acmeAdmin', { url: '/api/tenants/acme/items/edit-me' })).json().version,
    );
    expect(renamed.json().errors).toEqual({ objectID: 'must stay "edit-me": an item\'s id does not change' });
  });

  it('keeps a kit of catalogue items, kits within it, and refuses one that would contain itself, naming the way round', async () => {
    for (const id of ['kit-shell', 'kit-seat', 'kit-lamp']) expect((await create(acmeItem(id))).statusCode).toBe(201);
    const lighting = acmeItem('kit-lighting', {
      name: 'Lighting kit',
      kit: { kind: 'package', components: [{ objectID: 'kit-lamp', quantity: 2 }] },
    });
    expect((await create(lighting)).statusCode).toBe(201);
    const cockpit = acmeItem('kit-cockpit', {
      name: 'Cockpit set',
      kit: {
        kind: 'fixed',
        components: [
          { objectID: 'kit-shell', quantity: 1 },
          { objectID: 'kit-seat', quantity: 2 },
          { objectID: 'kit-lighting', quantity: 1 },
        ],
      },
    });
    const kept = await create(cockpit);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().kit.components).toHaveLength(3);
    // Unknown, and the lighting kit made to hold the cockpit set that holds it.
    const unknown = await create(
      acmeItem('kit-bad', { kit: { kind: 'fixed', components: [{ objectID: 'no-such-item', quantity: 1 }] } }),
    );
    expect(unknown.json().errors).toEqual({ 'kit.components.0.objectID': 'is not in the catalogue (no-such-item)' });
    const { version } = (await t.as('acmeAdmin', { url: '/api/tenants/acme/items/kit-lighting' })).json();
    const looped = await t.as('acmeAdmin', {
      method: 'PUT',
      url: '/api/tenants/acme/items/kit-lighting',
      payload: {
        ...lighting,
        kit: { kind: 'package', components: [...lighting.kit!.components, { objectID: 'kit-cockpit', quantity: 1 }] },
      },
      headers: { 'if-match': `"${version}"` },
    });
    expect(looped.statusCode).toBe(400);
    expect(looped.json().errors).toEqual({
      'kit.components.1.objectID':
        'contains this kit (Lighting kit → Cockpit set → Lighting kit): a kit cannot contain itself',
    });
    // An item a kit holds is not removed from under it.
    const removed = await t.as('acmeAdmin', { method: 'DELETE', url: '/api/tenants/acme/items/kit-seat' });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe('Cockpit set holds Galley Cart kit-seat: take it out of that kit first.');
    // Priced from its components: their rates summed less the discount, and again when one's rates change.
    expect((await create(acmeItem('kit-bulb', { rates: { day: 10, week: 30 } }))).statusCode).toBe(201);
    const bundle = await create(
      acmeItem('kit-bundle', {
        rates: { day: 999 },
        kit: {
          kind: 'package',
          price: 'components',
          discountPercent: 10,
          components: [
            { objectID: 'kit-bulb', quantity: 3 },
            { objectID: 'kit-lighting', quantity: 1 },
          ],
        },
      }),
    );
    // 3 × 10 and the lighting kit at its own 175 (a week: 3 × 30 and 525), less 10%.
    expect(bundle.json().rates).toEqual({ day: 184.5, week: 553.5 });
    const bulb = (await t.as('acmeAdmin', { url: '/api/tenants/acme/items/kit-bulb' })).json();
    const repriced = await t.as('acmeAdmin', {
      method: 'PUT',
      url: '/api/tenants/acme/items/kit-bulb',
      payload: { ...acmeItem('kit-bulb'), rates: { day: 20, week: 60 } },
      headers: { 'if-match': `"${bulb.version}"` },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect((await t.as('acmeAdmin', { url: '/api/tenants/acme/items/kit-bundle' })).json().rates).toEqual({
      day: 211.5,
      week: 634.5,
    });
    // The schema's own bounds: a kit of nothing, a quantity of none.
    const empty = await create({ ...acmeItem('kit-empty'), kit: { kind: 'fixed', components: [] } });
    expect(Object.keys(empty.json().errors)).toEqual(['kit.components']);
    const none = await create({
      ...acmeItem('kit-none'),
      kit: { kind: 'fixed', components: [{ objectID: 'kit-seat', quantity: 0 }] },
    });
    expect(Object.keys(none.json().errors)).toEqual(['kit.components.0.quantity']);
  });

  it('adds and removes tags, or moves items, in bulk: all of them or, on a problem, none', async () => {
    await create(acmeItem('bulk-1', { tags: ['vintage'] }));
    await create(acmeItem('bulk-2'));
    const bulk = (payload: object) =>
      t.as('acmeAdmin', { method: 'POST', url: '/api/tenants/acme/items/bulk', payload });
    const tagged = await bulk({ ids: ['bulk-1', 'bulk-2'], addTags: ['hero-prop'], removeTags: ['vintage'] });
    expect(tagged.json()).toEqual({ updated: 2 });
    const tagsOf = async (id: string) =>
      (await t.as('acmeAdmin', { url: `/api/tenants/acme/items/${id}` })).json().tags;
    expect([await tagsOf('bulk-1'), await tagsOf('bulk-2')]).toEqual([['hero-prop'], ['hero-prop']]);
    const nowhere = await bulk({ ids: ['bulk-1', 'bulk-2'], category: { group: 'sets', category: 'nowhere' } });
    expect(nowhere.statusCode).toBe(400);
    const moved = await bulk({ ids: ['bulk-1'], category: { group: 'sets', category: 'cockpits' } });
    expect(moved.json()).toEqual({ updated: 1 });
    expect((await t.as('acmeAdmin', { url: '/api/tenants/acme/items/bulk-2' })).json().category).toEqual({
      group: 'sets',
      category: 'galleys',
    });
    expect((await bulk({ ids: ['bulk-1', 'ghost'], addTags: ['x'] })).statusCode).toBe(404);
  });

  it("removes an item, and keeps each tenant's items to its own admins", async () => {
    await create(acmeItem('gone'));
    expect((await t.as('acmeAdmin', { method: 'DELETE', url: '/api/tenants/acme/items/gone' })).statusCode).toBe(200);
    expect((await t.as('acmeAdmin', { url: '/api/tenants/acme/items/gone' })).statusCode).toBe(404);
    expect([403, 404]).toContain((await t.as('aviationAdmin', { url: '/api/tenants/acme/items' })).statusCode);
    expect([403, 404]).toContain((await create(acmeItem('intruder'), 'aviationAdmin')).statusCode);
    expect((await t.as('anonymous', { url: '/api/tenants/acme/items' })).statusCode).toBe(401);
    expect((await t.as('platformStaff', { url: '/api/tenants/acme/items/cart-a' })).statusCode).toBe(200);
  });
});
