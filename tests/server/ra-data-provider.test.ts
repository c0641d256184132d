/**
 * The console's data provider (admin/dataProvider, the real ra-data-simple-rest 5 with ra-core's
 * fetchJson) driven from Node against the real server over HTTP, for every resource and every
 * data-provider method react-admin calls. Each call either behaves as react-admin expects or is
 * refused with a status and message the console shows.
 */
import type { AddressInfo } from 'node:net';
import { fetchUtils, HttpError, type DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../admin/dataProvider';
import { buildTestApp, PASSWORD, USERS, type TestApp } from '../helpers/server';
import { ACME_SUB_RESOURCES } from '../fixtures/sub-resources';

let t: TestApp;
let provider: DataProvider;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: USERS.platformStaff, password: PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  // What a browser adds by itself on this origin.
  const browser: typeof fetchUtils.fetchJson = (url, options = {}) => {
    const headers = new Headers(options.headers);
    headers.set('cookie', cookie);
    headers.set('origin', origin);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  provider = createDataProvider(`${origin}/api/`, browser);
});
afterAll(() => t.close());

/** The HttpError a call is refused with. */
async function refusal(call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('tenants', () => {
  it('lists with range, sort and filter, and reads one or many with their versions', async () => {
    const page = await provider.getList('tenants', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'DESC' },
      filter: { q: 'props' },
    });
    expect(page.total).toBe(2);
    expect(page.data.map((r) => r.id)).toEqual(['aviation']);
    const one = await provider.getOne('tenants', { id: 'acme' });
    expect(one.data).toMatchObject({ id: 'acme', version: expect.any(String), site: { appTitle: 'Acme Props' } });
    const many = await provider.getMany('tenants', { ids: ['acme', 'aviation'] });
    expect(many.data.map((r) => r.id).sort()).toEqual(['acme', 'aviation']);
  });

  it('updates with If-Match from previousData, and a stale update is refused with 412', async () => {
    const { data: previousData } = await provider.getOne('tenants', { id: 'acme' });
    const updated = await provider.update('tenants', {
      id: 'acme',
      data: { ...previousData, site: { ...previousData.site, appTitle: 'Acme Renamed' } },
      previousData,
    });
    expect(updated.data).toMatchObject({ id: 'acme', site: { appTitle: 'Acme Renamed' } });
    expect(updated.data.version).not.toBe(previousData.version);
    const stale = await refusal(provider.update('tenants', { id: 'acme', data: previousData, previousData }));
    expect(stale.status).toBe(412);
    expect(stale.message).toContain('Someone else saved a change');
  });

  it('creates, deletes (archives) and deletes many, one at a time', async () => {
    for (const id of ['newco', 'oldco', 'midco']) {
      const created = await provider.create('tenants', {
        data: { id, name: `${id} Props`, domain: `www.${id}.example` },
      });
      expect(created.data).toMatchObject({ id, version: expect.any(String) });
    }
    const { data: previousData } = await provider.getOne('tenants', { id: 'newco' });
    expect((await provider.delete('tenants', { id: 'newco', previousData })).data).toMatchObject({ id: 'newco' });
    expect((await provider.deleteMany('tenants', { ids: ['oldco', 'midco'] })).data).toEqual(['oldco', 'midco']);
    expect(
      (
        await provider.getList('tenants', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        })
      ).data.map((r) => r.id),
    ).toEqual(['acme', 'aviation']);
  });
});

describe.each(Object.entries(ACME_SUB_RESOURCES))('tenants/acme/%s', (name, ids) => {
  const resource = `tenants/acme/${name}`;

  it('lists, reads one and many, and updates each record with its version', async () => {
    const list = await provider.getList(resource, {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list.total).toBe(ids.length);
    expect(list.data.map((r) => r.id)).toEqual([...ids].sort());
    const filtered = await provider.getList(resource, {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { id: ids[0] },
    });
    expect(filtered.data.map((r) => r.id)).toEqual([ids[0]]);
    expect((await provider.getMany(resource, { ids })).data.map((r) => r.id)).toEqual(ids);
    for (const id of ids) {
      const { data: previousData } = await provider.getOne(resource, { id });
      expect(previousData.version).toEqual(expect.any(String));
      const { data } = await provider.update(resource, { id, data: previousData, previousData });
      expect(data.id).toBe(id);
    }
  });

  it('refuses create, delete and deleteMany with 405 and a message', async () => {
    const created = await refusal(provider.create(resource, { data: { name: 'x' } }));
    expect(created.status).toBe(405);
    expect(created.message).toContain('cannot be created');
    const { data: previousData } = await provider.getOne(resource, { id: ids[0]! });
    expect((await refusal(provider.delete(resource, { id: ids[0]!, previousData }))).status).toBe(405);
    expect((await refusal(provider.deleteMany(resource, { ids }))).status).toBe(405);
  });
});

describe('bulk and field errors', () => {
  it('updateMany merges the changed fields into each record and writes them one after another', async () => {
    const result = await provider.updateMany('tenants/acme/settings', {
      ids: ['site'],
      data: { appTitle: 'Bulk Title' },
    });
    expect(result.data).toEqual(['site']);
    expect((await provider.getOne('tenants/acme/settings', { id: 'site' })).data.appTitle).toBe('Bulk Title');
    const both = await provider.updateMany('tenants/acme/links', { ids: ['headerLinks', 'footerLinks'], data: {} });
    expect(both.data).toEqual(['headerLinks', 'footerLinks']);
  });

  it('puts server validation errors on the fields they concern', async () => {
    const { data: previousData } = await provider.getOne('tenants/acme/settings', { id: 'site' });
    const invalid = await refusal(
      provider.update('tenants/acme/settings', {
        id: 'site',
        data: { ...previousData, maxColumnCount: 9 },
        previousData,
      }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ maxColumnCount: 'must be at most 6 (found 9)' });
  });

  it("moves errors about another part of the tenant out of the record's field errors", async () => {
    // Acme's header links to /rentals/sets/cockpits: renaming that slug would break the link.
    const { data: previousData } = await provider.getOne('tenants/acme/categories', { id: 'tree' });
    const groups = structuredClone(previousData.groups) as Array<{ slug: string; categories: Array<{ slug: string }> }>;
    groups.find((group) => group.slug === 'sets')!.categories.find((category) => category.slug === 'cockpits')!.slug =
      'flight-decks';
    const refused = await refusal(
      provider.update('tenants/acme/categories', { id: 'tree', data: { ...previousData, groups }, previousData }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors, JSON.stringify(refused.body)).toBeUndefined();
    expect(Object.keys(refused.body.elsewhere)).toEqual(['site.headerLinks.1.children.1.target']);
    expect(refused.body.elsewhere['site.headerLinks.1.children.1.target']).toMatch(
      /link target "\/rentals\/sets\/cockpits" is not a storefront route/,
    );
    // A record's own field errors stay where react-admin puts them on inputs.
    const own = await refusal(
      provider.update('tenants/acme/categories', {
        id: 'tree',
        data: { ...previousData, groups: [{ ...groups[0], slug: 'Not A Slug' }, ...groups.slice(1)] },
        previousData,
      }),
    );
    expect(Object.keys(own.body.errors)).toEqual(['groups.0.slug']);
    expect(own.body.elsewhere).toBeUndefined();
  });

  it('reads the history with unique ids', async () => {
    const history = await provider.getList('tenants/acme/history', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'at', order: 'DESC' },
      filter: {},
    });
    expect(history.total).toBeGreaterThan(0);
    expect(new Set(history.data.map((r) => r.id)).size).toBe(history.data.length);
    const { data } = await provider.getOne('tenants/acme/history', { id: history.data[0]!.id });
    expect(data).toMatchObject({ id: history.data[0]!.id, tenant: expect.any(Object), diff: expect.any(Array) });
  });
});
