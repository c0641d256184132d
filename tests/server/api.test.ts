/** The console API through app.inject: sessions, tenants, sub-resources, history, list conventions. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTenant, MAX_TENANT_FILE_BYTES } from '../../schema/loader';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { buildTestApp, ORIGIN, PASSWORD, USERS, type TestApp } from '../helpers/server';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const etagOf = async (url: string) => String((await t.as('platform', { url })).headers.etag);

describe('health and docs', () => {
  it('answers /api/health and serves OpenAPI built from the schemas', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok', store: 'file' });
    const docs = (await t.app.inject('/api/docs/json')).json();
    expect(docs.openapi).toBe('3.1.0');
    expect(Object.keys(docs.paths)).toEqual(expect.arrayContaining(['/api/tenants', '/api/tenants/{tenantId}', '/api/tenants/{tenantId}/colors/{id}', '/api/auth/login']));
    const putBody = docs.paths['/api/tenants/{tenantId}'].put.requestBody.content['application/json'].schema;
    expect(putBody.properties.site).toEqual({ $ref: '#/components/schemas/site' });
    // The components are the schema files themselves: labels, bounds and widget hints included.
    expect(docs.components.schemas.site.properties.maxColumnCount).toMatchObject({ title: 'Maximum grid columns', minimum: 1, maximum: 6, default: 3 });
    expect(docs.components.schemas['defs-hexColor']).toMatchObject({ pattern: expect.any(String), 'x-ui': { widget: 'color' } });
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
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: USERS.acmeAdmin, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email: USERS.acmeAdmin, role: 'tenant-admin', tenants: ['acme'] });
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/^backlot\.session_token=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toMatch(/SameSite=Strict/i);
    const session = cookie.split(';')[0]!;
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: session } })).json()).toMatchObject({ email: USERS.acmeAdmin });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session, origin: ORIGIN } })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: session } })).statusCode).toBe(401);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: USERS.platform, password: 'not the password' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'not the password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('rate-limits logins per address', async () => {
    const attempts = [];
    for (let i = 0; i < 12; i++) attempts.push((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: USERS.platform, password: `guess ${i}` } })).statusCode);
    expect(attempts.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(attempts.at(-1)).toBe(429);
  });

  it('refuses cookie-authenticated changes from another origin, or with no origin at all', async () => {
    const url = '/api/tenants/acme/settings/site';
    const current = (await t.as('platform', { url })).json();
    const ifMatch = await etagOf(url);
    const change = { ...current, appTitle: 'Changed' };
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null', referer: 'https://evil.example/page' }, { origin: undefined as never }]) {
      const refused = await t.as('platform', { method: 'PUT', url, payload: change, headers: { 'if-match': ifMatch, ...headers } });
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const viaReferer = await t.as('platform', { method: 'PUT', url, payload: change, headers: { 'if-match': ifMatch, origin: undefined as never, referer: `${ORIGIN}/admin/` } });
    expect(viaReferer.statusCode).toBe(200);
  });

  it('creates the first platform account from the environment only once', async () => {
    expect(await t.app.accounts.ensureBootstrapAdmin('boss@backlot.example', 'first password 123')).toBe('created');
    expect(await t.app.accounts.ensureBootstrapAdmin('boss@backlot.example', 'other password 456')).toBe('exists');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'boss@backlot.example', password: 'first password 123' } });
    expect(login.json()).toMatchObject({ role: 'platform' });
  });
});

describe('the tenants resource', () => {
  it('lists what the caller may reach, with Content-Range', async () => {
    const all = await t.as('platform', { url: '/api/tenants' });
    expect(all.headers['content-range']).toBe('tenants 0-1/2');
    expect(all.json().map((r: { id: string }) => r.id)).toEqual(['acme', 'aviation']);
    const mine = await t.as('acmeAdmin', { url: '/api/tenants' });
    expect(mine.json().map((r: { id: string }) => r.id)).toEqual(['acme']);
    expect(mine.headers['content-range']).toBe('tenants 0-0/1');
  });

  it('reads range, sort and filter as ra-data-simple-rest sends them', async () => {
    const sorted = await t.as('platform', { url: `/api/tenants?sort=${encodeURIComponent('["displayName","DESC"]')}&range=${encodeURIComponent('[0,0]')}` });
    expect(sorted.json().map((r: { id: string }) => r.id)).toEqual(['aviation']);
    expect(sorted.headers['content-range']).toBe('tenants 0-0/2');
    const searched = await t.as('platform', { url: `/api/tenants?filter=${encodeURIComponent('{"q":"jetway"}')}` });
    expect(searched.json().map((r: { id: string }) => r.id)).toEqual(['aviation']);
    const byId = await t.as('platform', { url: `/api/tenants?filter=${encodeURIComponent('{"id":["acme"]}')}` });
    expect(byId.json().map((r: { id: string }) => r.id)).toEqual(['acme']);
    const bad = await t.as('platform', { url: '/api/tenants?range=oops' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('range must be JSON');
  });

  it('returns the whole tenant with an ETag, and replaces it with If-Match', async () => {
    const got = await t.as('acmeAdmin', { url: '/api/tenants/acme' });
    expect(got.statusCode).toBe(200);
    const body = got.json();
    expect(Object.keys(body).sort()).toEqual(['categories', 'id', 'site', 'vendor']);
    const etag = String(got.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    body.site.appTitle = 'Acme Props Rebranded';
    const put = await t.as('acmeAdmin', { method: 'PUT', url: '/api/tenants/acme', payload: body, headers: { 'if-match': etag } });
    expect(put.statusCode).toBe(200);
    expect(put.headers.etag).not.toBe(etag);
    expect(JSON.parse(await readFile(path.join(t.tenants, 'acme/site.json'), 'utf8')).appTitle).toBe('Acme Props Rebranded');
    const stale = await t.as('acmeAdmin', { method: 'PUT', url: '/api/tenants/acme', payload: body, headers: { 'if-match': etag } });
    expect(stale.statusCode).toBe(412);
    expect(stale.headers.etag).toBe(put.headers.etag);
    const missing = await t.as('acmeAdmin', { method: 'PUT', url: '/api/tenants/acme', payload: body });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ error: 'Precondition Required', message: expect.stringContaining('If-Match') });
  });

  it('answers an invalid tenant with 400 and the fields named, and keeps the file as it was', async () => {
    const got = await t.as('acmeAdmin', { url: '/api/tenants/acme' });
    const before = await readFile(path.join(t.tenants, 'acme/vendor.json'), 'utf8');
    const body = got.json();
    body.vendor.weeklyDiscounts = [0.5, 0.5, 1];
    body.site.footerLinks = [{ label: 'Somewhere', target: '/pages/nowhere' }];
    const put = await t.as('acmeAdmin', { method: 'PUT', url: '/api/tenants/acme', payload: body, headers: { 'if-match': String(got.headers.etag) } });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toEqual({
      'vendor.weeklyDiscounts': 'must hold exactly 8 numbers (found 3)',
      'site.footerLinks.0.target': expect.stringContaining('is not a storefront route'),
    });
    expect(await readFile(path.join(t.tenants, 'acme/vendor.json'), 'utf8')).toBe(before);
  });

  it('lets platform staff create a tenant from the template or from another tenant; not tenant admins', async () => {
    const created = await t.as('platform', { method: 'POST', url: '/api/tenants', payload: { id: 'studio-b', name: 'Studio B', domain: 'www.studio-b.example', from: 'aviation' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: 'studio-b', site: { appTitle: 'Studio B', domain: 'www.studio-b.example' } });
    expect((await loadTenant(path.join(t.tenants, 'studio-b'))).issues).toEqual([]);
    const again = await t.as('platform', { method: 'POST', url: '/api/tenants', payload: { id: 'studio-b', name: 'Studio B', domain: 'www.studio-c.example' } });
    expect(again.statusCode).toBe(409);
    const refused = await t.as('acmeAdmin', { method: 'POST', url: '/api/tenants', payload: { id: 'mine', name: 'Mine', domain: 'www.mine.example' } });
    expect(refused.statusCode).toBe(403);
  });
});

describe('sub-resources the console edits', () => {
  it('edits colours: create, update, move and delete, each versioned', async () => {
    const url = '/api/tenants/acme/colors';
    const list = await t.as('acmeAdmin', { url });
    expect(list.headers['content-range']).toBe('colors 0-1/2');
    let etag = String(list.headers.etag);
    const created = await t.as('acmeAdmin', { method: 'POST', url, payload: { name: 'Gold', swatch: ['#d4af37'], position: 0 }, headers: { 'if-match': etag } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: '0', position: 0, name: 'Gold', swatch: ['#d4af37'] });
    etag = String(created.headers.etag);
    const renamed = await t.as('acmeAdmin', { method: 'PUT', url: `${url}/2`, payload: { id: '2', name: 'Navy', swatch: ['#000080'], position: 1 }, headers: { 'if-match': etag } });
    expect(renamed.json()).toEqual({ id: '1', position: 1, name: 'Navy', swatch: ['#000080'] });
    etag = String(renamed.headers.etag);
    const dup = await t.as('acmeAdmin', { method: 'PUT', url: `${url}/1`, payload: { name: 'gold', swatch: ['#000080'] }, headers: { 'if-match': etag } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ name: expect.stringContaining('already in the colour map') });
    const deleted = await t.as('acmeAdmin', { method: 'DELETE', url: `${url}/0`, headers: { 'if-match': etag } });
    expect(deleted.json()).toMatchObject({ id: '0', name: 'Gold' });
    expect((await t.as('acmeAdmin', { url })).json().map((c: { name: string }) => c.name)).toEqual(['Navy', 'Red']);
  });

  it('edits settings and the vendor, with errors on the record’s own fields', async () => {
    const settingsUrl = '/api/tenants/acme/settings/site';
    const settings = (await t.as('acmeAdmin', { url: settingsUrl })).json();
    expect(settings).not.toHaveProperty('colorMap');
    const bad = await t.as('acmeAdmin', { method: 'PUT', url: settingsUrl, payload: { ...settings, maxColumnCount: 9, apTitle: 'x' }, headers: { 'if-match': await etagOf(settingsUrl) } });
    expect(bad.json().errors).toEqual({ maxColumnCount: 'must be at most 6 (found 9)', apTitle: 'unknown key "apTitle"' });
    const listsElsewhere = await t.as('acmeAdmin', { method: 'PUT', url: settingsUrl, payload: { ...settings, colorMap: [] }, headers: { 'if-match': await etagOf(settingsUrl) } });
    expect(listsElsewhere.json().errors).toEqual({ colorMap: 'colorMap is edited through the colors resource' });

    const vendorUrl = '/api/tenants/acme/vendor/acme';
    const vendor = (await t.as('acmeAdmin', { url: vendorUrl })).json();
    const saved = await t.as('acmeAdmin', { method: 'PUT', url: vendorUrl, payload: { ...vendor, weeklyDiscounts: [1, 1, 1, 1, 1, 0.5, 0.5, 0.25] }, headers: { 'if-match': await etagOf(vendorUrl) } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().weeklyDiscounts).toEqual([1, 1, 1, 1, 1, 0.5, 0.5, 0.25]);
  });

  it('edits links by kind, and refuses javascript: targets naming the field', async () => {
    const url = '/api/tenants/acme/links';
    const links = (await t.as('acmeAdmin', { url })).json();
    expect(links.map((l: { id: string }) => l.id)).toEqual(['header-0', 'header-1', 'footer-0', 'social-0']);
    const evil = await t.as('acmeAdmin', { method: 'POST', url, payload: { kind: 'footer', label: 'Click', target: 'javascript:alert(1)' }, headers: { 'if-match': await etagOf(url) } });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().errors).toEqual({ target: expect.stringContaining('javascript: are refused') });
    const added = await t.as('acmeAdmin', { method: 'POST', url, payload: { kind: 'footer', label: 'Categories', target: '/categories' }, headers: { 'if-match': await etagOf(url) } });
    expect(added.json()).toMatchObject({ id: 'footer-1', kind: 'footer', label: 'Categories' });
  });

  it('edits the category tree flattened, GL codes included', async () => {
    const url = '/api/tenants/acme/categories';
    const nodes = (await t.as('acmeAdmin', { url })).json();
    expect(nodes.slice(0, 3)).toEqual([
      { id: 'sets', parentId: null, level: 'group', position: 0, name: 'Sets', slug: 'sets', kind: 'rental', glCode: '4100' },
      { id: 'sets/cockpits', parentId: 'sets', level: 'category', position: 0, name: 'Cockpits', slug: 'cockpits' },
      { id: 'sets/cockpits/airliner-cockpit', parentId: 'sets/cockpits', level: 'subcategory', position: 0, name: 'Airliner Cockpit', slug: 'airliner-cockpit' },
    ]);
    const created = await t.as('acmeAdmin', { method: 'POST', url, payload: { parentId: 'sets', name: 'Galley Carts', slug: 'galley-carts', glCode: '4120' }, headers: { 'if-match': await etagOf(url) } });
    expect(created.json()).toMatchObject({ id: 'sets/galley-carts', parentId: 'sets', level: 'category', position: 2, glCode: '4120' });
    const updated = await t.as('acmeAdmin', { method: 'PUT', url: `${url}/${encodeURIComponent('sets/cockpits')}`, payload: { name: 'Cockpits', slug: 'cockpits', glCode: '4105' }, headers: { 'if-match': await etagOf(url) } });
    expect(updated.json()).toMatchObject({ id: 'sets/cockpits', glCode: '4105' });
    const duplicate = await t.as('acmeAdmin', { method: 'POST', url, payload: { parentId: 'sets', name: 'cockpits', slug: 'cockpits-2' }, headers: { 'if-match': await etagOf(url) } });
    expect(duplicate.json().errors).toEqual({ name: expect.stringContaining('already used') });
    const removed = await t.as('acmeAdmin', { method: 'DELETE', url: `${url}/${encodeURIComponent('sets/galley-carts')}`, headers: { 'if-match': await etagOf(url) } });
    expect(removed.statusCode).toBe(200);
    expect((await t.as('acmeAdmin', { url })).json().some((n: { id: string }) => n.id === 'sets/galley-carts')).toBe(false);
  });

  it('keeps a history that can be read, diffed and restored', async () => {
    const url = '/api/tenants/acme/settings/site';
    const first = await etagOf(url);
    const settings = (await t.as('acmeAdmin', { url })).json();
    const saved = await t.as('acmeAdmin', { method: 'PUT', url, payload: { ...settings, appTitle: 'Second Title' }, headers: { 'if-match': first } });
    const history = await t.as('acmeAdmin', { url: '/api/tenants/acme/history' });
    expect(history.headers['content-range']).toBe('history 0-0/1');
    const [entry] = history.json();
    expect(entry).toMatchObject({ id: String(saved.headers.etag).replaceAll('"', ''), actor: USERS.acmeAdmin, changed: ['/site/appTitle'] });
    const detail = (await t.as('acmeAdmin', { url: `/api/tenants/acme/history/${entry.id}` })).json();
    expect(detail.diff).toEqual([{ op: 'replace', path: '/site/appTitle', value: 'Second Title' }]);
    const restored = await t.as('acmeAdmin', { method: 'POST', url: `/api/tenants/acme/history/${first.replaceAll('"', '')}/restore`, headers: { 'if-match': String(saved.headers.etag) } });
    expect(restored.statusCode).toBe(200);
    expect(restored.headers.etag).toBe(first);
    expect(restored.json().site.appTitle).toBe('Acme Props');
  });
});

describe('bad input', () => {
  const put = async (payload: string | object, headers: Record<string, string> = {}) => {
    const etag = await etagOf('/api/tenants/acme');
    return t.as('acmeAdmin', { method: 'PUT', url: '/api/tenants/acme', payload, headers: { 'if-match': etag, 'content-type': 'application/json', ...headers } });
  };
  const acme = async () => (await t.as('acmeAdmin', { url: '/api/tenants/acme' })).json();

  it('answers malformed JSON with 400, and a body over the limit with 413', async () => {
    const malformed = await put('{"site": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/i);
    // The limit admits three tenant files at their size limit, and nothing much bigger.
    const large = await put(JSON.stringify({ ...(await acme()), id: undefined, site: { ...(await acme()).site, meta: { description: 'x'.repeat(2 * 1024 * 1024) } } }));
    expect(large.statusCode).toBe(400);
    expect(large.json().errors['site.meta.description']).toContain('must be at most 320 characters');
    const huge = await put(JSON.stringify({ site: { appTitle: 'x'.repeat(3 * MAX_TENANT_FILE_BYTES + 2 * 1024 * 1024) } }));
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
    const ctor = await put(JSON.stringify(body).replace('"vendor":{', '"vendor":{"constructor":{"prototype":{"admin":true}},'));
    expect(ctor.statusCode).toBe(400);
    expect(ctor.json().errors).toEqual({ 'vendor.constructor': 'unknown key "constructor"' });
    const js = await put({ ...body, site: { ...body.site, footerLinks: [{ label: 'x', target: 'javascript:alert(1)' }] } });
    expect(js.statusCode).toBe(400);
    expect(js.json().errors['site.footerLinks.0.target']).toContain('javascript: are refused');
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses path-traversing tenant ids without touching anything outside tenants/', async () => {
    for (const id of ['..', '%2e%2e', '..%2F..%2Fetc', 'acme%2F..%2Faviation', 'ACME', '.data']) {
      const got = await t.as('platform', { url: `/api/tenants/${id}` });
      expect([400, 404], id).toContain(got.statusCode);
      const written = await t.as('platform', { method: 'PUT', url: `/api/tenants/${id}`, payload: await acme(), headers: { 'if-match': '"x"' } });
      expect([400, 404], id).toContain(written.statusCode);
    }
    expect((await t.as('platform', { url: '/api/tenants' })).json().map((r: { id: string }) => r.id)).toEqual(['acme', 'aviation']);
  });

  it('hides the details of server errors', async () => {
    // Routes cannot be added to a running app, so this one is built apart, on the same tenants.
    const app = await buildApp({ config: configFromEnv({ BACKLOT_TENANTS_DIR: t.tenants, BACKLOT_DATA_DIR: path.join(t.root, '.data-boom') } as NodeJS.ProcessEnv) });
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
