/**
 * The authorization matrix: every per-tenant route × {anonymous, tenant-admin of another tenant,
 * tenant-admin of this tenant, platform staff}. The first two never get the tenant's data, and
 * each gets exactly the status the server promises (401; 404, as for a tenant that does not exist).
 * Each case reads the version it sends just before it, and no case changes the tenant (writes send
 * the record as it is), so the cases pass in any order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type Who } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const read = async (url: string) => (await t.as('platformStaff', { url })).json();
const RESOURCES: Record<string, string> = {
  settings: 'site',
  vendor: 'acme',
  colors: 'colorMap',
  links: 'footerLinks',
  'custom-fields': 'customFields',
  categories: 'tree',
  pages: 'pages',
};

/** Routes on tenant "acme", with the status a caller who may reach acme gets; bodies are the current records. */
const routes: Array<{ method: Method; url: string; reachable: number; body?: () => Promise<object> }> = [
  { method: 'GET', url: '/api/tenants/acme', reachable: 200 },
  { method: 'PUT', url: '/api/tenants/acme', reachable: 200, body: () => read('/api/tenants/acme') },
  { method: 'GET', url: '/api/tenants/acme/history', reachable: 200 },
  ...Object.entries(RESOURCES).flatMap(([name, id]) => [
    { method: 'GET' as Method, url: `/api/tenants/acme/${name}`, reachable: 200 },
    { method: 'GET' as Method, url: `/api/tenants/acme/${name}/${id}`, reachable: 200 },
    {
      method: 'PUT' as Method,
      url: `/api/tenants/acme/${name}/${id}`,
      reachable: 200,
      body: () => read(`/api/tenants/acme/${name}/${id}`),
    },
    { method: 'POST' as Method, url: `/api/tenants/acme/${name}`, reachable: 405, body: async () => ({}) },
    { method: 'DELETE' as Method, url: `/api/tenants/acme/${name}/${id}`, reachable: 405 },
  ]),
];

const expected = (who: Who, reachable: number): number =>
  ({ anonymous: 401, aviationAdmin: 404, acmeAdmin: reachable, platformStaff: reachable })[who];

/** Strings only acme's data contains. */
const acmeSecrets = ['www.acme-props.example', 'hello@acme-props.example', '100 Stage Road', 'Acme Props'];

describe('authorization matrix', () => {
  for (const who of ['anonymous', 'aviationAdmin', 'acmeAdmin', 'platformStaff'] as const) {
    for (const route of routes) {
      it(`${who} ${route.method} ${route.url} → ${expected(who, route.reachable)}`, async () => {
        const payload = route.body ? await route.body() : undefined;
        const version = String((await t.as('platformStaff', { url: '/api/tenants/acme' })).headers.etag);
        const response = await t.as(who, {
          method: route.method,
          url: route.url,
          payload,
          headers: { 'if-match': version },
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(expected(who, route.reachable));
        if (who === 'anonymous' || who === 'aviationAdmin') {
          for (const secret of acmeSecrets) expect(response.body).not.toContain(secret);
          expect(response.headers.etag).toBeUndefined();
        }
        // Nothing in the matrix changes the tenant.
        expect(String((await t.as('platformStaff', { url: '/api/tenants/acme' })).headers.etag)).toBe(version);
      });
    }
  }

  it('lists only reachable tenants; only platform staff may create or archive one', async () => {
    expect((await t.as('anonymous', { url: '/api/tenants' })).statusCode).toBe(401);
    expect((await t.as('aviationAdmin', { url: '/api/tenants' })).json().map((r: { id: string }) => r.id)).toEqual([
      'aviation',
    ]);
    const create = {
      method: 'POST' as const,
      url: '/api/tenants',
      payload: { id: 'newco', name: 'New Co', domain: 'www.newco.example' },
    };
    expect((await t.as('anonymous', create)).statusCode).toBe(401);
    expect((await t.as('acmeAdmin', create)).statusCode).toBe(403);
    expect((await t.as('platformStaff', create)).statusCode).toBe(201);
    const version = String((await t.as('platformStaff', { url: '/api/tenants/newco' })).headers.etag);
    const archive = { method: 'DELETE' as const, url: '/api/tenants/newco', headers: { 'if-match': version } };
    expect((await t.as('anonymous', archive)).statusCode).toBe(401);
    expect((await t.as('aviationAdmin', archive)).statusCode).toBe(403);
    expect((await t.as('platformStaff', archive)).statusCode).toBe(200);
  });
});
