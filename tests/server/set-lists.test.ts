/**
 * Favourites and set lists over the real app: only a signed-in visitor of this storefront keeps
 * them; items are checked against this tenant's catalogue and stock, with the field named; the
 * profile's lists and counters stay true under concurrent changes; another visitor's list is
 * nobody's business (404); a shared list's link shows it read-only until sharing stops; deleting
 * the list or the account takes it away.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetLists } from '../../server/catalogue/set-lists';
import { cookieHeader } from '../../server/identity/cookies';
import { expectNoTradeFields } from '../helpers/visitor-fields';
import type { ProfileStore } from '../../server/stores/profile-store';
import { SqliteSetListStore } from '../../server/stores/sqlite-set-list-store';
import { sampleItem } from '../contract/item-store.contract';
import { buildTestApp, type TestApp } from '../helpers/server';

const AVIATION = 'aviation.localhost';
const PASSWORD = 'a long enough passphrase';
const ITEMS = Array.from({ length: 24 }, (_, index) =>
  sampleItem(`prop-${index}`, { name: `Prop ${index}`, quantity: 3 }),
);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    identity: { attemptsPerMinute: 1000 },
    beforeStart: (tenants) =>
      writeFile(
        path.join(tenants, 'aviation', 'catalogue.json'),
        JSON.stringify({ items: [sampleItem('galley-cart', { name: 'Atlas Galley Cart', quantity: 3 }), ...ITEMS] }),
      ),
  });
  await t.app.itemStore.put(
    'acme',
    sampleItem('acme-only', { category: { group: 'sets', category: 'galleys' }, vendorId: 'acme' }),
  );
});
afterAll(() => t.close());

const cookieOf = (response: LightMyRequestResponse) =>
  cookieHeader([response.headers['set-cookie'] ?? []].flat().map(String));
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { host: AVIATION, origin: `http://${AVIATION}`, ...(cookie && { cookie }) },
  });
async function visitor(email: string) {
  const token = (
    await t.app.inject({ url: '/api/identity/bot-check?action=signup', headers: { host: AVIATION } })
  ).json().token;
  const signedUp = await call('POST', '/api/identity/signup', undefined, {
    email,
    password: PASSWORD,
    botCheckToken: token,
  });
  expect(signedUp.statusCode, signedUp.body).toBe(201);
  return { uid: signedUp.json().uid as string, cookie: cookieOf(signedUp) };
}
const profileOf = async (uid: string) => (await t.app.profileStore.get('aviation', uid))!;

describe('favourites', () => {
  it('are kept for a signed-in visitor, newest first, counted, and only for items of this catalogue', async () => {
    expect((await call('PUT', '/api/favorites/galley-cart')).statusCode).toBe(401);
    const guest = cookieOf(await call('POST', '/api/identity/anonymous'));
    expect((await call('PUT', '/api/favorites/galley-cart', guest)).json().message).toBe(
      'Log in on this storefront to keep favourites and set lists.',
    );

    const { uid, cookie } = await visitor('fav@studio.example');
    expect((await call('PUT', '/api/favorites/galley-cart', cookie)).json()).toEqual({
      favorites: ['galley-cart'],
      favoriteCount: 1,
    });
    expect((await call('PUT', '/api/favorites/prop-1', cookie)).json()).toEqual({
      favorites: ['prop-1', 'galley-cart'],
      favoriteCount: 2,
    });
    expect((await call('PUT', '/api/favorites/galley-cart', cookie)).json()).toEqual({
      favorites: ['galley-cart', 'prop-1'],
      favoriteCount: 2,
    });
    const unknown = await call('PUT', '/api/favorites/no-such-item', cookie);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'No item "no-such-item" in this catalogue.']);
    expect((await call('PUT', '/api/favorites/acme-only', cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/favorites/Bad%20Id', cookie)).statusCode).toBe(400);
    expect(
      (await call('GET', '/api/favorites', cookie)).json().items.map((item: { name: string }) => item.name),
    ).toEqual(['Atlas Galley Cart', 'Prop 1']);
    expect((await call('DELETE', '/api/favorites/galley-cart', cookie)).json()).toEqual({
      favorites: ['prop-1'],
      favoriteCount: 1,
    });
    expect((await profileOf(uid)).stats).toMatchObject({ favoriteCount: 1 });
  });

  it('are refused from another site (CSRF)', async () => {
    const { cookie } = await visitor('csrf@studio.example');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/favorites/galley-cart',
      headers: { host: AVIATION, origin: 'https://evil.example', cookie },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('set lists', () => {
  it('hold items of this catalogue, no more than in stock, each problem named', async () => {
    const { uid, cookie } = await visitor('sets@studio.example');
    const blank = await call('POST', '/api/set-lists', cookie, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors)).toEqual(['name']);
    const created = await call('POST', '/api/set-lists', cookie, { name: ' Ep 3: galley ', notes: 'Stage 4, Tuesday' });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json();
    expect(list).toMatchObject({ name: 'Ep 3: galley', notes: 'Stage 4, Tuesday', lines: [] });
    expect(list).not.toHaveProperty('uid');

    const put = (objectID: string, quantity: unknown) =>
      call('PUT', `/api/set-lists/${list.id}/lines/${objectID}`, cookie, { quantity });
    expect((await put('galley-cart', 2)).json().lines).toMatchObject([
      { objectID: 'galley-cart', quantity: 2, item: { name: 'Atlas Galley Cart' } },
    ]);
    const tooMany = await put('galley-cart', 4);
    expect([tooMany.statusCode, tooMany.json().errors]).toEqual([400, { quantity: 'only 3 in stock' }]);
    const none = await put('galley-cart', 0);
    expect([none.statusCode, Object.keys(none.json().errors)]).toEqual([400, ['quantity']]);
    expect((await put('no-such-item', 1)).statusCode).toBe(404);
    expect((await put('acme-only', 1)).statusCode).toBe(404);
    expect((await put('prop-2', 1)).json().lines.map((line: { objectID: string }) => line.objectID)).toEqual([
      'prop-2',
      'galley-cart',
    ]);
    expect((await put('galley-cart', 3)).json().lines.map((line: { quantity: number }) => line.quantity)).toEqual([
      1, 3,
    ]);
    expect((await call('DELETE', `/api/set-lists/${list.id}/lines/prop-2`, cookie)).json().lines).toHaveLength(1);

    expect(
      (await call('PATCH', `/api/set-lists/${list.id}`, cookie, { name: 'Ep 3: galley and aisle' })).json(),
    ).not.toHaveProperty('notes');
    const profile = await profileOf(uid);
    expect(profile.setLists).toEqual([list.id]);
    expect(profile.setListItems).toEqual([`${list.id}/galley-cart`]);
    expect(profile.stats).toMatchObject({ setListCount: 1, setListItemCount: 1 });
    const summaries = (await call('GET', '/api/set-lists', cookie)).json().setLists;
    expect(summaries).toMatchObject([{ id: list.id, name: 'Ep 3: galley and aisle', itemCount: 1, shared: false }]);
    // What the visitor reads of lists and favourites: nothing of the house's trade or staff.
    for (const url of ['/api/set-lists', `/api/set-lists/${list.id}`, '/api/favorites'])
      expectNoTradeFields((await call('GET', url, cookie)).json(), ['notes']);
  });

  it("keep the profile's counters true under concurrent changes", async () => {
    const { uid, cookie } = await visitor('busy@studio.example');
    const [a, b] = await Promise.all([
      call('POST', '/api/set-lists', cookie, { name: 'Cockpit' }),
      call('POST', '/api/set-lists', cookie, { name: 'Cabin' }),
    ]);
    const ids = [a.json().id, b.json().id];
    const answers = await Promise.all([
      ...ITEMS.map((item, index) =>
        call('PUT', `/api/set-lists/${ids[index % 2]}/lines/${item.objectID}`, cookie, { quantity: 1 }),
      ),
      ...ITEMS.slice(0, 10).map((item) => call('PUT', `/api/favorites/${item.objectID}`, cookie)),
      // Added and taken off again at once: it ends off the list, on the profile too.
      call('PUT', `/api/set-lists/${ids[0]}/lines/galley-cart`, cookie, { quantity: 1 }).then(() =>
        call('DELETE', `/api/set-lists/${ids[0]}/lines/galley-cart`, cookie),
      ),
    ]);
    expect(answers.map((answer) => answer.statusCode).every((status) => status === 200)).toBe(true);
    const profile = await profileOf(uid);
    expect(profile.stats).toMatchObject({ setListCount: 2, setListItemCount: 24, favoriteCount: 10 });
    expect(new Set(profile.setListItems)).toEqual(
      new Set(ITEMS.map((item, index) => `${ids[index % 2]}/${item.objectID}`)),
    );
    const lines = await Promise.all(
      ids.map(async (id) => (await call('GET', `/api/set-lists/${id}`, cookie)).json().lines.length),
    );
    expect(lines).toEqual([12, 12]);
  });

  it("keep the profile's counters true when two servers change one list and record it in the other order", async () => {
    const { uid, cookie } = await visitor('twoservers@studio.example');
    const list = (await call('POST', '/api/set-lists', cookie, { name: 'Galley' })).json() as { id: string };
    const owner = { tenantId: 'aviation', uid };
    // Server A: the app's own service. Server B: a second service on its own connection to the
    // same set-list file and profile store, as another server is. The one test double is the
    // gate on A's profile writes (named here): it holds A's record of the list until B has
    // changed the list and recorded it, the order a slow server meets on shared stores.
    const [storeA, storeB] = [0, 1].map(() => new SqliteSetListStore(path.join(t.root, '.data', 'set-lists.sqlite')));
    const serverB = new SetLists({ profiles: t.app.profileStore, setLists: storeB!, items: t.app.catalogueItems });
    let release!: () => void;
    const bDone = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    const gatedProfiles = Object.create(t.app.profileStore) as ProfileStore;
    gatedProfiles.update = async (...args) => {
      if (!held) {
        held = true;
        await bDone;
      }
      return t.app.profileStore.update(...args);
    };
    const serverA = new SetLists({ profiles: gatedProfiles, setLists: storeA!, items: t.app.catalogueItems });
    const onA = serverA.setLine(owner, list.id, 'prop-1', 1);
    await expect.poll(() => held).toBe(true);
    await serverB.setLine(owner, list.id, 'prop-2', 1);
    release();
    await onA;
    await Promise.all([storeA!.close(), storeB!.close()]);
    const profile = await profileOf(uid);
    expect(profile.stats).toMatchObject({ setListCount: 1, setListItemCount: 2 });
    expect(new Set(profile.setListItems)).toEqual(new Set([`${list.id}/prop-1`, `${list.id}/prop-2`]));
  });

  it("are nobody else's business, and a shared one is readable by its link until sharing stops", async () => {
    const owner = await visitor('owner@studio.example');
    const other = await visitor('other@studio.example');
    const list = (await call('POST', '/api/set-lists', owner.cookie, { name: 'Hero <b>cabin</b>' })).json();
    await call('PUT', `/api/set-lists/${list.id}/lines/galley-cart`, owner.cookie, { quantity: 2 });
    for (const [method, url] of [
      ['GET', `/api/set-lists/${list.id}`],
      ['PATCH', `/api/set-lists/${list.id}`],
      ['DELETE', `/api/set-lists/${list.id}`],
      ['PUT', `/api/set-lists/${list.id}/lines/prop-1`],
      ['POST', `/api/set-lists/${list.id}/share`],
    ] as const) {
      const answer = await call(
        method,
        url,
        other.cookie,
        method === 'PUT' ? { quantity: 1 } : method === 'PATCH' ? { name: 'Mine now' } : undefined,
      );
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }

    const shared = (await call('POST', `/api/set-lists/${list.id}/share`, owner.cookie)).json();
    expect(shared.sharePath).toMatch(/^\/set-lists\/shared\/[A-Za-z0-9_-]{32}$/);
    expect((await call('POST', `/api/set-lists/${list.id}/share`, owner.cookie)).json().sharePath).toBe(
      shared.sharePath,
    );
    const page = await t.app.inject({ url: shared.sharePath, headers: { host: AVIATION } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hero &lt;b&gt;cabin&lt;/b&gt;');
    expect(page.body).toContain('Atlas Galley Cart');
    expect(page.body).toContain('<meta name="robots" content="noindex"');
    // Another storefront does not know the link.
    expect((await t.app.inject({ url: shared.sharePath, headers: { host: 'acme.localhost' } })).statusCode).toBe(404);

    await call('DELETE', `/api/set-lists/${list.id}/share`, owner.cookie);
    expect((await t.app.inject({ url: shared.sharePath, headers: { host: AVIATION } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/set-lists/shared/not-a-token', headers: { host: AVIATION } })).statusCode).toBe(
      404,
    );
  });

  it('go with their list or with the account', async () => {
    const { uid, cookie } = await visitor('leaving@studio.example');
    const list = (await call('POST', '/api/set-lists', cookie, { name: 'Gone soon' })).json();
    await call('PUT', `/api/set-lists/${list.id}/lines/galley-cart`, cookie, { quantity: 1 });
    const kept = (await call('POST', '/api/set-lists', cookie, { name: 'Kept a while' })).json();
    const { sharePath } = (await call('POST', `/api/set-lists/${kept.id}/share`, cookie)).json();
    expect((await call('DELETE', `/api/set-lists/${list.id}`, cookie)).statusCode).toBe(204);
    expect((await profileOf(uid)).stats).toMatchObject({ setListCount: 1, setListItemCount: 0 });
    expect((await call('GET', `/api/set-lists/${list.id}`, cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/identity/delete', cookie, { password: PASSWORD })).statusCode).toBe(204);
    expect(await t.app.setLists.listsOf({ tenantId: 'aviation', uid })).toEqual([]);
    expect((await t.app.inject({ url: sharePath, headers: { host: AVIATION } })).statusCode).toBe(404);
  });
});
