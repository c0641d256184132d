/**
 * The authorization matrix: every per-tenant route × {anonymous, tenant-admin of another tenant,
 * tenant-admin of this tenant, platform staff}. The first two never get the tenant's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type Who } from '../helpers/server';

let t: TestApp;
let version: string;
beforeAll(async () => {
  t = await buildTestApp();
  version = String((await t.as('platform', { url: '/api/tenants/acme' })).headers.etag);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
let serial = 0;
/** A name no earlier request used, so each caller's create is accepted on its own merits. */
const fresh = (base: string) => `${base} ${++serial}`;
/** Routes on tenant "acme", with a body that would be accepted (so an allowed caller gets 2xx). */
const routes: Array<{ method: Method; url: string; body?: () => Promise<object> }> = [
  { method: 'GET', url: '/api/tenants/acme' },
  { method: 'PUT', url: '/api/tenants/acme', body: async () => (await t.as('platform', { url: '/api/tenants/acme' })).json() },
  ...['settings', 'vendor', 'colors', 'links', 'categories', 'history'].map((name) => ({ method: 'GET' as Method, url: `/api/tenants/acme/${name}` })),
  { method: 'GET', url: '/api/tenants/acme/settings/site' },
  { method: 'PUT', url: '/api/tenants/acme/settings/site', body: async () => (await t.as('platform', { url: '/api/tenants/acme/settings/site' })).json() },
  { method: 'GET', url: '/api/tenants/acme/vendor/acme' },
  { method: 'PUT', url: '/api/tenants/acme/vendor/acme', body: async () => (await t.as('platform', { url: '/api/tenants/acme/vendor/acme' })).json() },
  { method: 'GET', url: '/api/tenants/acme/colors/0' },
  { method: 'PUT', url: '/api/tenants/acme/colors/0', body: async () => ({ name: 'Red', swatch: ['#d32f2f'] }) },
  { method: 'POST', url: '/api/tenants/acme/colors', body: async () => ({ name: fresh('Teal'), swatch: ['#008080'] }) },
  { method: 'DELETE', url: '/api/tenants/acme/colors/1' },
  { method: 'GET', url: '/api/tenants/acme/links/footer-0' },
  { method: 'PUT', url: '/api/tenants/acme/links/footer-0', body: async () => ({ kind: 'footer', label: 'Contact', target: '/contact-us' }) },
  { method: 'POST', url: '/api/tenants/acme/links', body: async () => ({ kind: 'footer', label: fresh('About'), target: '/pages/about-us' }) },
  { method: 'DELETE', url: '/api/tenants/acme/links/footer-0' },
  { method: 'GET', url: `/api/tenants/acme/categories/${encodeURIComponent('sets/galleys')}` },
  { method: 'PUT', url: `/api/tenants/acme/categories/${encodeURIComponent('sets/galleys')}`, body: async () => ({ name: 'Galleys', slug: 'galleys', glCode: '4111' }) },
  { method: 'POST', url: '/api/tenants/acme/categories', body: async () => {
      const name = fresh('Props');
      return { parentId: 'sets', name, slug: name.toLowerCase().replace(' ', '-') };
    },
  },
  { method: 'DELETE', url: `/api/tenants/acme/categories/${encodeURIComponent('sets/galleys')}` },
];

const expected: Record<Who, (method: Method) => number[]> = {
  anonymous: () => [401],
  aviationAdmin: () => [403, 404],
  acmeAdmin: (method) => (method === 'POST' ? [201] : [200]),
  platform: (method) => (method === 'POST' ? [201] : [200]),
};

/** Strings only acme's data contains. */
const acmeSecrets = ['www.acme-props.example', 'hello@acme-props.example', '100 Stage Road', 'Acme Props'];

describe('authorization matrix', () => {
  for (const who of ['anonymous', 'aviationAdmin', 'acmeAdmin', 'platform'] as const) {
    for (const route of routes) {
      it(`${who} ${route.method} ${route.url}`, async () => {
        const payload = route.body ? await route.body() : undefined;
        const response = await t.as(who, { method: route.method, url: route.url, payload, headers: { 'if-match': version } });
        expect(expected[who](route.method), response.body.slice(0, 300)).toContain(response.statusCode);
        if (response.headers.etag) version = String(response.headers.etag);
        if (who === 'anonymous' || who === 'aviationAdmin') {
          for (const secret of acmeSecrets) expect(response.body).not.toContain(secret);
          expect(response.headers.etag).toBeUndefined();
        }
        // Restore what a delete removed, so the next caller finds it.
        if (route.method === 'DELETE' && response.statusCode === 200) {
          const deleted = response.json();
          const collection = route.url.slice(0, route.url.lastIndexOf('/'));
          const restored = await t.as('platform', { method: 'POST', url: collection, payload: { ...deleted, id: undefined }, headers: { 'if-match': version } });
          expect(restored.statusCode, restored.body).toBe(201);
          version = String(restored.headers.etag);
        }
      });
    }
  }

  it('lists only reachable tenants, and only platform staff may create one', async () => {
    expect((await t.as('anonymous', { url: '/api/tenants' })).statusCode).toBe(401);
    expect((await t.as('aviationAdmin', { url: '/api/tenants' })).json().map((r: { id: string }) => r.id)).toEqual(['aviation']);
    const create = { method: 'POST' as const, url: '/api/tenants', payload: { id: 'newco', name: 'New Co', domain: 'www.newco.example' } };
    expect((await t.as('anonymous', create)).statusCode).toBe(401);
    expect((await t.as('acmeAdmin', create)).statusCode).toBe(403);
    expect((await t.as('platform', create)).statusCode).toBe(201);
  });
});
