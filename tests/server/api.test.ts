/** The console API through app.inject: sessions, tenants, sub-resources, history, list conventions. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTenant, MAX_TENANT_FILE_BYTES } from '../../schema/node/loader';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { buildTestApp, ORIGIN, PASSWORD, USERS, type TestApp } from '../helpers/server';
import { ACME_SUB_RESOURCES } from '../fixtures/sub-resources';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const etagOf = async (url: string) => String((await t.as('platformStaff', { url })).headers.etag);

describe('health and docs', () => {
  it('answers /api/health and serves OpenAPI built from the schemas', async () => {
    // Once its start-up work is done: on a loaded machine it outlasts the 4 s a start waits for it.
    await t.app.startup.done();
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok', store: 'file' });
    const docs = (await t.app.inject('/api/docs/json')).json();
    expect(docs.openapi).toBe('3.1.0');
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/tenants',
        '/api/tenants/{tenantId}',
        '/api/tenants/{tenantId}/colors/{id}',
        '/api/auth/login',
      ]),
    );
    const putBody = docs.paths['/api/tenants/{tenantId}'].put.requestBody.content['application/json'].schema;
    expect(putBody.properties.site).toEqual({ $ref: '#/components/schemas/site' });
    // The components are the schema files themselves: labels, bounds and widget hints included.
    expect(docs.components.schemas.site.properties.maxColumnCount).toMatchObject({
      title: 'Maximum grid columns',
      minimum: 1,
      maximum: 6,
      default: 3,
    });
    expect(docs.components.schemas['defs-hexColor']).toMatchObject({
      pattern: expect.any(String),
      'x-ui': { widget: 'color' },
    });
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('sends security headers', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('console sessions', () => {
  it('logs in with an HttpOnly SameSite cookie, reports the account, and logs out', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: USERS.acmeAdmin, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email: USERS.acmeAdmin, role: 'tenant-admin', tenants: ['acme'] });
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/^backlot\.session_token=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toMatch(/SameSite=Strict/i);
    const session = cookie.split(';')[0]!;
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: session } })).json()).toMatchObject({
      email: USERS.acmeAdmin,
    });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session, origin: ORIGIN } }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: session } })).statusCode).toBe(401);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: USERS.platformStaff, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('rate-limits logins per address', async () => {
    const attempts = [];
    for (let i = 0; i < 12; i++)
      attempts.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: USERS.platformStaff, password: `guess ${i}` },
          })
        ).statusCode,
      );
    expect(attempts.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(attempts.at(-1)).toBe(429);
  });

  it('refuses cookie-authenticated changes from another origin, or with no origin at all', async () => {
    const url = '/api/tenants/acme/settings/site';
    const current = (await t.as('platformStaff', { url })).json();
    const ifMatch = await etagOf(url);
    const change = { ...current, appTitle: 'Changed' };
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'null', referer: 'https://evil.example/page' },
      { origin: undefined as never },
    ]) {
      const refused = await t.as('platformStaff', {
        method: 'PUT',
        url,
        payload: change,
        headers: { 'if-match': ifMatch, ...headers },
      });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const viaReferer = await t.as('platformStaff', {
      method: 'PUT',
      url,
      payload: change,
      headers: { 'if-match': ifMatch, origin: undefined as never, referer: `${ORIGIN}/admin/` },
    });
    expect(viaReferer.statusCode).toBe(200);
  });

  it('creates the first platform account from the environment only once', async () => {
    expect(await t.app.accounts.ensureBootstrapAdmin('boss@backlot.example', 'first password 123')).toBe('created');
    expect(await t.app.accounts.ensureBootstrapAdmin('boss@backlot.example', 'other password 456')).toBe('exists');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'boss@backlot.example', password: 'first password 123' },
    });
    expect(login.json()).toMatchObject({ role: 'platform-staff' });
  });
});

describe('the tenants resource', () => {
  it('lists what the caller may reach, with Content-Range', async () => {
    const all = await t.as('platformStaff', { url: '/api/tenants' });
    expect(all.headers['content-range']).toBe('tenants 0-1/2');
    expect(all.json().map((r: { id: string }) => r.id)).toEqual(['acme', 'aviation']);
    const mine = await t.as('acmeAdmin', { url: '/api/tenants' });
    expect(mine.json().map((r: { id: string }) => r.id)).toEqual(['acme']);
    expect(mine.headers['content-range']).toBe('tenants 0-0/1');
  });

  it('reads range, sort and filter as ra-data-simple-rest sends them', async () => {
    const sorted = await t.as('platformStaff', {
      url: `/api/tenants?sort=${encodeURIComponent('["displayName","DESC"]')}&range=${encodeURIComponent('[0,0]')}`,
    });
    expect(sorted.json().map((r: { id: string }) => r.id)).toEqual(['aviation']);
    expect(sorted.headers['content-range']).toBe('tenants 0-0/2');
    const searched = await t.as('platformStaff', {
      url: `/api/tenants?filter=${encodeURIComponent('{"q":"jetway"}')}`,
    });
    expect(searched.json().map((r: { id: string }) => r.id)).toEqual(['aviation']);
    const byId = await t.as('platformStaff', { url: `/api/tenants?filter=${encodeURIComponent('{"id":["acme"]}')}` });
    expect(byId.json().map((r: { id: string }) => r.id)).toEqual(['acme']);
    const bad = await t.as('platformStaff', { url: '/api/tenants?range=oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('range must be JSON');
  });

  it('returns the whole tenant with an ETag, and replaces it with If-Match', async () => {
    const got = await t.as('acmeAdmin', { url: '/api/tenants/acme' });
    expect(got.statusCode).toBe(200);
    const body = got.json();
    expect(Object.keys(body).sort()).toEqual(['categories', 'id', 'pages', 'site', 'vendor', 'version']);
    const etag = String(got.headers.etag);
    expect(`"${body.version}"`).toBe(etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    body.site.appTitle = 'Acme Props Rebranded';
    const put = await t.as('acmeAdmin', {
      method: 'PUT',
      url: '/api/tenants/acme',
      payload: body,
      headers: { 'if-match': etag },
    });
    expect(put.statusCode).toBe(200);
    expect(put.headers.etag).not.toBe(etag);
    expect(JSON.parse(await readFile(path.join(t.tenants, 'acme/site.json'), 'utf8')).appTitle).toBe(
      'Acme Props Rebranded',
    );
    const stale = await t.as('acmeAdmin', {
      method: 'PUT',
      url: '/api/tenants/acme',
      payload: body,
      headers: { 'if-match': etag },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe(put.headers.etag);
    const missing = await t.as('acmeAdmin', { method: 'PUT', url: '/api/tenants/acme', payload: body });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({
      error: 'Precondition Required',
      message: expect.stringContaining('If-Match'),
    });
  });

  it('answers an invalid tenant with 400 and the fields named, and keeps the file as it was', async () => {
    const got = await t.as('acmeAdmin', { url: '/api/tenants/acme' });
    const before = await readFile(path.join(t.tenants, 'acme/vendor.json'), 'utf8');
    const body = got.json();
    body.vendor.weeklyDiscounts = [0.5, 0.5, 1];
    body.site.footerLinks = [{ label: 'Somewhere', target: '/pages/nowhere' }];
    const put = await t.as('acmeAdmin', {
      method: 'PUT',
      url: '/api/tenants/acme',
      payload: body,
      headers: { 'if-match': String(got.headers.etag) },
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toEqual({
      'vendor.weeklyDiscounts': 'must hold exactly 8 numbers (found 3)',
      'site.footerLinks.0.target': expect.stringContaining('is not a storefront route'),
    });
    expect(await readFile(path.join(t.tenants, 'acme/vendor.json'), 'utf8')).toBe(before);
  });

  it('lets platform staff create a tenant from the template or from another tenant; not tenant admins', async () => {
    const created = await t.as('platformStaff', {
      method: 'POST',
      url: '/api/tenants',
      payload: { id: 'studio-b', name: 'Studio B', domain: 'www.studio-b.example', from: 'aviation' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: 'studio-b',
      site: { appTitle: 'Studio B', domain: 'www.studio-b.example' },
    });
    expect((await loadTenant(path.join(t.tenants, 'studio-b'))).issues).toEqual([]);
    const again = await t.as('platformStaff', {
      method: 'POST',
      url: '/api/tenants',
      payload: { id: 'studio-b', name: 'Studio B', domain: 'www.studio-c.example' },
    });
    expect(again.statusCode).toBe(409);
    const refused = await t.as('acmeAdmin', {
      method: 'POST',
      url: '/api/tenants',
      payload: { id: 'mine', name: 'Mine', domain: 'www.mine.example' },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('sub-resources the console edits', () => {
  /** Replaces a record, sending If-Match from the version it was read at, as the console's data provider does. */
  const replace = (url: string, record: Record<string, unknown>) =>
    t.as('acmeAdmin', { method: 'PUT', url, payload: record, headers: { 'if-match': `"${String(record.version)}"` } });

  it('serves each list as records with fixed ids and the tenant version; create and delete answer 405', async () => {
    const { version } = (await t.as('acmeAdmin', { url: '/api/tenants/acme' })).json();
    for (const [resource, ids] of Object.entries(ACME_SUB_RESOURCES)) {
      const list = await t.as('acmeAdmin', { url: `/api/tenants/acme/${resource}` });
      expect(
        list.json().map((r: { id: string }) => r.id),
        resource,
      ).toEqual(ids);
      expect(
        list.json().every((r: { version: string }) => r.version === version),
        resource,
      ).toBe(true);
      expect(list.headers['content-range']).toBe(`${resource} 0-${ids.length - 1}/${ids.length}`);
      const created = await t.as('acmeAdmin', {
        method: 'POST',
        url: `/api/tenants/acme/${resource}`,
        payload: {},
        headers: { 'if-match': `"${version}"` },
      });
      expect(created.statusCode, resource).toBe(405);
      expect(created.headers.allow).toBe('GET');
      expect(created.json().message).toContain('cannot be created');
      const deleted = await t.as('acmeAdmin', {
        method: 'DELETE',
        url: `/api/tenants/acme/${resource}/${ids[0]}`,
        headers: { 'if-match': `"${version}"` },
      });
      expect(deleted.statusCode, resource).toBe(405);
    }
  });

  it('edits colours as one list: add, rename, move and remove keep the record id', async () => {
    const url = '/api/tenants/acme/colors/colorMap';
    const record = (await t.as('acmeAdmin', { url })).json();
    expect(record.items.map((c: { name: string }) => c.name)).toEqual(['Red', 'Blue']);
    const moved = await replace(url, {
      ...record,
      items: [{ name: 'Gold', swatch: ['#d4af37'] }, { name: 'Navy', swatch: ['#000080'] }, record.items[0]],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      id: 'colorMap',
      items: [{ name: 'Gold' }, { name: 'Navy' }, { name: 'Red' }],
    });
    expect(moved.json().version).toBe(String(moved.headers.etag).replaceAll('"', ''));
    const dup = await replace(url, {
      ...moved.json(),
      items: [...moved.json().items, { name: 'gold', swatch: ['#000080'] }],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ 'items.3.name': expect.stringContaining('already in the colour map') });
    const stale = await replace(url, { ...record, items: [] });
    expect(stale.statusCode).toBe(412);
  });

  it('edits settings and the vendor, with errors on the record’s own fields', async () => {
    const settingsUrl = '/api/tenants/acme/settings/site';
    const settings = (await t.as('acmeAdmin', { url: settingsUrl })).json();
    expect(settings).not.toHaveProperty('colorMap');
    const bad = await replace(settingsUrl, { ...settings, maxColumnCount: 9, apTitle: 'x' });
    expect(bad.json().errors).toEqual({
      maxColumnCount: 'must be at most 6 (found 9)',
      apTitle: 'unknown key "apTitle"',
    });
    const listsElsewhere = await replace(settingsUrl, { ...settings, colorMap: [] });
    expect(listsElsewhere.json().errors).toEqual({ colorMap: 'colorMap is edited through the colors resource' });

    const vendorUrl = '/api/tenants/acme/vendor/acme';
    const vendor = (await t.as('acmeAdmin', { url: vendorUrl })).json();
    const saved = await replace(vendorUrl, { ...vendor, weeklyDiscounts: [1, 1, 1, 1, 1, 0.5, 0.5, 0.25] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: 'acme', weeklyDiscounts: [1, 1, 1, 1, 1, 0.5, 0.5, 0.25] });
  });

  it('edits each link list as a record, and refuses javascript: targets naming the field', async () => {
    const url = '/api/tenants/acme/links/footerLinks';
    const footer = (await t.as('acmeAdmin', { url })).json();
    const evil = await replace(url, {
      ...footer,
      items: [...footer.items, { label: 'Click', target: 'javascript:alert(1)' }],
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().errors).toEqual({
      [`items.${footer.items.length}.target`]: expect.stringContaining('javascript: are refused'),
    });
    const added = await replace(url, {
      ...footer,
      items: [...footer.items, { label: 'Categories', target: '/categories' }],
    });
    expect(added.json()).toMatchObject({
      id: 'footerLinks',
      items: [...footer.items, { label: 'Categories', target: '/categories' }],
    });
    const unknown = await replace(url, { ...added.json(), kind: 'footer' });
    expect(unknown.json().errors).toEqual({ kind: expect.stringContaining('unknown field') });
  });

  it('edits the category tree as one record: a move across groups and a slug rename keep the id', async () => {
    const url = '/api/tenants/acme/categories/tree';
    const tree = (await t.as('acmeAdmin', { url })).json();
    expect(tree.groups[0]).toMatchObject({ name: 'Sets', slug: 'sets', glCode: '4100' });
    const groups = structuredClone(tree.groups);
    const [moving] = groups[0].categories[0].subcategories.splice(0, 1);
    (groups[0].categories[1].subcategories ??= []).push({ ...moving, slug: 'flight-deck', glCode: '4105' });
    const saved = await replace(url, { ...tree, groups });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().id).toBe('tree');
    expect(saved.json().groups[0].categories[1].subcategories.at(-1)).toMatchObject({
      name: moving.name,
      slug: 'flight-deck',
      glCode: '4105',
    });
    const badGl = structuredClone(saved.json().groups);
    badGl[0].glCode = 'not a code';
    const refused = await replace(url, { ...saved.json(), groups: badGl });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['groups.0.glCode']);
  });

  it('keeps a history with unique ids that can be read, diffed and restored', async () => {
    const url = '/api/tenants/acme/settings/site';
    const settings = (await t.as('acmeAdmin', { url })).json();
    const first = settings.version;
    const second = await replace(url, { ...settings, appTitle: 'Second Title' });
    // Back to the first content: the same version hash again, but a new history entry.
    const third = await replace(url, { ...second.json(), appTitle: settings.appTitle });
    expect(third.json().version).toBe(first);
    const history = await t.as('acmeAdmin', { url: '/api/tenants/acme/history' });
    expect(history.headers['content-range']).toBe('history 0-1/2');
    expect(history.headers.etag).toBe(`"${first}"`);
    const entries = history.json();
    expect(entries.map((e: { id: string }) => e.id)).toEqual(['2', '1']);
    expect(entries[1]).toMatchObject({
      id: '1',
      version: second.json().version,
      actor: USERS.acmeAdmin,
      changed: ['/site/appTitle'],
    });
    const detail = (await t.as('acmeAdmin', { url: '/api/tenants/acme/history/1' })).json();
    expect(detail.diff).toEqual([{ op: 'replace', path: '/site/appTitle', value: 'Second Title' }]);
    const restored = await t.as('acmeAdmin', {
      method: 'POST',
      url: '/api/tenants/acme/history/1/restore',
      headers: { 'if-match': `"${first}"` },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      id: 'acme',
      version: second.json().version,
      site: { appTitle: 'Second Title' },
    });
    expect((await t.as('acmeAdmin', { url: '/api/tenants/acme/history/9' })).statusCode).toBe(404);
  });

  it('sorts the history by number, as react-admin asks for it (11, 10, 9 … 1, never 9 … 2, 11, 10, 1)', async () => {
    const url = '/api/tenants/acme/settings/site';
    let record = (await t.as('acmeAdmin', { url })).json();
    for (let n = 1; n <= 11; n++) record = (await replace(url, { ...record, appTitle: `Title ${n}` })).json();
    const ids = async (sort: string) =>
      (await t.as('acmeAdmin', { url: `/api/tenants/acme/history?sort=${encodeURIComponent(sort)}&range=[0,4]` }))
        .json()
        .map((e: { id: string }) => Number(e.id));
    const total = Number(
      (await t.as('acmeAdmin', { url: '/api/tenants/acme/history' })).headers['content-range']!.split('/')[1],
    );
    expect(total).toBeGreaterThanOrEqual(11);
    expect(await ids('["id","DESC"]')).toEqual([total, total - 1, total - 2, total - 3, total - 4]);
    expect(await ids('["id","ASC"]')).toEqual([1, 2, 3, 4, 5]);
    expect(await ids('["at","DESC"]')).toEqual([total, total - 1, total - 2, total - 3, total - 4]);
  });

  it('lets platform staff archive a tenant with If-Match; its host then serves the default tenant', async () => {
    const { version } = (await t.as('platformStaff', { url: '/api/tenants/acme' })).json();
    expect(
      (await t.as('acmeAdmin', { method: 'DELETE', url: '/api/tenants/acme', headers: { 'if-match': `"${version}"` } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.as('platformStaff', { method: 'DELETE', url: '/api/tenants/acme', headers: { 'if-match': '"stale"' } }))
        .statusCode,
    ).toBe(412);
    const archived = await t.as('platformStaff', {
      method: 'DELETE',
      url: '/api/tenants/acme',
      headers: { 'if-match': `"${version}"` },
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: 'acme', version, displayName: 'Acme Props' });
    expect((await t.as('platformStaff', { url: '/api/tenants/acme' })).statusCode).toBe(404);
    expect(t.app.resolveTenant('www.acme-props.example')).toBe('aviation');
    const archive = await readdir(path.join(t.root, '.data', 'archive'));
    expect(archive).toEqual([expect.stringMatching(/^acme-\d{4}-/)]);
  });
});

describe('bad input', () => {
  const put = async (payload: string | object, headers: Record<string, string> = {}) => {
    const etag = await etagOf('/api/tenants/acme');
    return t.as('acmeAdmin', {
      method: 'PUT',
      url: '/api/tenants/acme',
      payload,
      headers: { 'if-match': etag, 'content-type': 'application/json', ...headers },
    });
  };
  const acme = async () => (await t.as('acmeAdmin', { url: '/api/tenants/acme' })).json();

  it('answers malformed JSON with 400, and a body over the limit with 413', async () => {
    const malformed = await put('{"site": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/i);
    // The limit admits three tenant files at their size limit, and nothing much bigger.
    const large = await put(
      JSON.stringify({
        ...(await acme()),
        id: undefined,
        site: { ...(await acme()).site, meta: { description: 'x'.repeat(2 * 1024 * 1024) } },
      }),
    );
    expect(large.statusCode).toBe(400);
    expect(large.json().errors['site.meta.description']).toContain('must be at most 320 characters');
    const huge = await put(
      JSON.stringify({ site: { appTitle: 'x'.repeat(3 * MAX_TENANT_FILE_BYTES + 2 * 1024 * 1024) } }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('names unknown keys, __proto__ and constructor keys, and javascript: URLs', async () => {
    const body = await acme();
    const unknown = await put({ ...body, site: { ...body.site, colour: 'red' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'site.colour': 'unknown key "colour"' });
    const proto = await put(`{"__proto__": {"admin": true}, ${JSON.stringify(body).slice(1)}`);
    expect(proto.statusCode).toBe(400);
    // (An object literal's __proto__ would set a prototype, so compare entries.)
    expect(Object.entries(proto.json().errors)).toEqual([['__proto__', 'unknown key "__proto__"']]);
    const ctor = await put(
      JSON.stringify(body).replace('"vendor":{', '"vendor":{"constructor":{"prototype":{"admin":true}},'),
    );
    expect(ctor.statusCode).toBe(400);
    expect(ctor.json().errors).toEqual({ 'vendor.constructor': 'unknown key "constructor"' });
    const js = await put({
      ...body,
      site: { ...body.site, footerLinks: [{ label: 'x', target: 'javascript:alert(1)' }] },
    });
    expect(js.statusCode).toBe(400);
    expect(js.json().errors['site.footerLinks.0.target']).toContain('javascript: are refused');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses path-traversing tenant ids without touching anything outside tenants/', async () => {
    for (const id of ['..', '%2e%2e', '..%2F..%2Fetc', 'acme%2F..%2Faviation', 'ACME', '.data']) {
      const got = await t.as('platformStaff', { url: `/api/tenants/${id}` });
      expect([400, 404], id).toContain(got.statusCode);
      const written = await t.as('platformStaff', {
        method: 'PUT',
        url: `/api/tenants/${id}`,
        payload: await acme(),
        headers: { 'if-match': '"x"' },
      });
      expect([400, 404], id).toContain(written.statusCode);
    }
    expect((await t.as('platformStaff', { url: '/api/tenants' })).json().map((r: { id: string }) => r.id)).toEqual([
      'acme',
      'aviation',
    ]);
  });

  it('hides the details of server errors', async () => {
    // Routes cannot be added to a running app, so this one is built apart, on the same tenants.
    const app = await buildApp({
      config: configFromEnv({ BACKLOT_TENANTS_DIR: t.tenants, BACKLOT_DATA_DIR: path.join(t.root, '.data-boom') }),
    });
    app.get('/api/boom', async () => {
      throw new Error('secret database password is hunter2');
    });
    const boom = await app.inject('/api/boom');
    await app.close();
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('hunter2');
    expect(boom.json().message).toBe('Something went wrong on our side. It has been logged.');
  });
});
