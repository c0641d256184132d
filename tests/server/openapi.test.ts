/**
 * The served OpenAPI document is valid (swagger-parser), self-contained, and true: every status
 * an operation is seen to answer, probed over the real app as each kind of caller and with each
 * kind of bad request, is documented for it with a body schema (or none, for 204/304).
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProfile } from '../../server/identity/profile';
import { sampleItem } from '../contract/item-store.contract';
import { buildTestApp, type TestApp, type Who } from '../helpers/server';

let t: TestApp;
let document: {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
        parameters?: Array<{ in: string; name: string }>;
      }
    >
  >;
};
beforeAll(async () => {
  t = await buildTestApp();
  // One write, so history/1 exists.
  const site = (await t.as('platformStaff', { url: '/api/tenants/acme/settings/site' })).json();
  await t.as('platformStaff', {
    method: 'PUT',
    url: '/api/tenants/acme/settings/site',
    headers: { 'if-match': `"${site.version}"` },
    payload: { ...site, appTitle: 'Acme Docs' },
  });
  // A visitor of acme, for the users routes to answer about.
  await t.app.profileStore.create(
    'acme',
    'probe-user',
    newProfile({ email: 'probe@studio.example', vendorId: 'acme', vendorName: 'Acme Props', now: new Date() }),
  );
  // Items of acme, enough for the probes that remove one to leave others.
  await t.app.itemStore.putMany(
    'acme',
    ['probe-a', 'probe-b', 'probe-c', 'probe-d'].map((id) =>
      sampleItem(id, { category: { group: 'sets', category: 'galleys' }, vendorId: 'acme' }),
    ),
  );
  document = (await t.app.inject('/api/docs/json')).json();
});
afterAll(() => t.close());

it("compiles every route's request schemas (each is otherwise compiled on its first request)", () => {
  // A schema Ajv refuses throws here; there are one or more validators (body, params, query) a route.
  expect(t.app.compileRouteValidators()).toBeGreaterThan(Object.keys(document.paths).length);
});

/** A concrete URL for a documented path, on tenant acme. */
async function concrete(path: string): Promise<string> {
  let url = path.replace('{tenantId}', 'acme');
  if (url.includes('/history/{id}')) return url.replace('{id}', '1');
  // Tenant acme has no images of its own: the probes upload, read and remove this one.
  if (url.includes('/assets/{id}')) return url.replace('{id}', 'probe.png');
  // The test server has mailed nothing: its outbox is empty.
  if (url.includes('/outbox/{id}')) return url.replace('{id}', 'none.eml');
  if (url.endsWith('/bot-check')) return `${url}?action=signup`;
  // A file in a format: the catalogue as CSV.
  if (url.includes('.{format}')) url = url.replace('{format}', 'csv');
  if (url.includes('/users/{id}/')) return url.replace('{id}', 'probe-user');
  // A visitor's set lists and favourites: no visitor is signed in here, so any ids will do.
  if (url.includes('/set-lists/{id}') || url.includes('{objectID}'))
    return url.replace('{id}', 'probe-list').replace('{objectID}', 'probe-item');
  // A quote request's steps: acme has none, so any id will do; each step by its name.
  // A sub-hire's steps are its customer's (the asking house's): decline, as on a storefront.
  if (url.includes('/{action}'))
    url = url.replace('{action}', url.startsWith('/api/quotes/') || url.includes('/sub-hires/') ? 'decline' : 'hold');
  if (url.includes('/quote-requests/{id}') || url.startsWith('/api/quotes/{id}'))
    return url.replace('{id}', 'probe-quote').replace('{theirId}', 'probe-sub-hire');
  // A production request: made on the platform's storefront only, so none here; any key will do.
  if (url.startsWith('/api/production-requests/{id}')) return url.replace('{id}', 'probe-production-request');
  // Houses' applications: none has been sent here, so any id will do.
  if (url.startsWith('/api/house-applications/{id}')) return url.replace('{id}', 'probe-house-application');
  // Acme keeps no customer accounts: any id will do.
  if (url.includes('/accounts/{id}')) return url.replace('{id}', 'probe-account');
  if (url.endsWith('/{id}')) {
    const list = (await t.as('platformStaff', { url: url.slice(0, -'/{id}'.length) })).json() as Array<{ id: string }>;
    if (!list[0]) throw new Error(`nothing listed at ${url}: ${JSON.stringify(list)}`);
    url = url.replace('{id}', encodeURIComponent(list[0]!.id));
  }
  return url;
}

/** A body the operation would accept from platform staff (undefined when it takes none). */
async function bodyFor(path: string, method: string, url: string): Promise<unknown> {
  if (method === 'DELETE' || path.endsWith('/restore') || path.endsWith('/logout')) return undefined;
  if (path === '/api/tenants')
    return {
      id: `probe-${Math.random().toString(36).slice(2, 8)}`,
      name: 'Probe Props',
      domain: `www.probe-${Date.now()}.example`,
    };
  if (path === '/api/auth/login' || path === '/api/identity/login' || path === '/api/identity/signup')
    return { email: 'nobody@example.com', password: 'not the password' };
  if (path.includes('/users/')) return { isAuthorized: true };
  if (path.endsWith('/quote')) return { adjustments: {}, services: [] };
  if (path.endsWith('/move-ahead')) return { of: 'probe-request' };
  if (path.endsWith('/change'))
    return {
      items: [{ objectID: 'galley-cart', quantity: 1 }],
      startDate: '2027-01-04',
      endDate: '2027-01-06',
      pricing: { adjustments: {}, services: [] },
    };
  if (path.endsWith('/exemption-certificate')) return { data: 'JVBERi0xLjQKJSVFT0YK' };
  if (path.includes('/accounts')) return { name: 'Probe Pictures', kind: 'studio', terms: { method: 'card' } };
  if (path.includes('/assets/'))
    return { data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==' };
  if (method === 'PUT') return (await t.as('platformStaff', { url })).json();
  return {};
}

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
  );

describe('the OpenAPI document', () => {
  it('validates with swagger-parser and references only its own components', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const external: string[] = [];
    JSON.stringify(document, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#/')) external.push(value);
      return value;
    });
    expect(external).toEqual([]);
  });

  it('gives every response a body schema, except 204 and 304', () => {
    for (const { path, method } of operations()) {
      for (const [status, response] of Object.entries(document.paths[path]![method.toLowerCase()]!.responses)) {
        if (status === '204' || status === '304')
          expect(response.content, `${method} ${path} ${status}`).toBeUndefined();
        else expect(Object.values(response.content ?? {})[0]?.schema, `${method} ${path} ${status}`).toBeTruthy();
      }
    }
  });

  it('documents If-Match on every write that needs it', async () => {
    for (const { path, method } of operations()) {
      if (method === 'GET' || path.endsWith('/logout')) continue;
      const url = await concrete(path);
      const response = await t.as('platformStaff', {
        method: method,
        url,
        payload: (await bodyFor(path, method, url)) as string,
      });
      const documented = (document.paths[path]![method.toLowerCase()]!.parameters ?? []).some(
        (p) => p.in === 'header' && p.name === 'if-match',
      );
      expect(documented, `${method} ${path} answered ${response.statusCode}`).toBe(response.statusCode === 428);
    }
  });

  it('documents every status each operation is seen to answer', async () => {
    const seen: string[] = [];
    for (const { path, method } of operations()) {
      const url = await concrete(path);
      const documented = Object.keys(document.paths[path]![method.toLowerCase()]!.responses);
      const write = method !== 'GET';
      const current = String((await t.as('platformStaff', { url: '/api/tenants/acme' })).headers.etag);
      const body = write ? await bodyFor(path, method, url) : undefined;
      const probes: Array<{ who: Who; headers?: Record<string, string | undefined>; payload?: unknown; url?: string }> =
        [
          { who: 'anonymous' },
          { who: 'aviationAdmin', headers: { 'if-match': current } },
          { who: 'platformStaff', headers: { 'if-match': current }, payload: body },
          { who: 'platformStaff', url: url.replace('/acme', '/NOT_AN_ID') },
          ...(write
            ? [
                { who: 'platformStaff' as Who, headers: { 'if-match': '"stale"' }, payload: body },
                { who: 'platformStaff' as Who, payload: body },
                {
                  who: 'platformStaff' as Who,
                  headers: { 'content-type': 'text/plain', 'if-match': current },
                  payload: 'hello',
                },
                {
                  who: 'platformStaff' as Who,
                  headers: { origin: 'https://evil.example', 'if-match': current },
                  payload: body,
                },
              ]
            : []),
        ];
      for (const probe of probes) {
        // Never archive for real, nor log the probing session out; those have their own tests.
        if (probe.who !== 'anonymous' && path.endsWith('/logout')) continue;
        // An event stream that is let in stays open (inject would wait for ever): its own test reads it.
        if (
          (path.endsWith('/quote-requests/events') || path.endsWith('/conversations/events')) &&
          probe.who === 'platformStaff' &&
          !probe.url
        )
          continue;
        if (
          probe.who === 'platformStaff' &&
          method === 'DELETE' &&
          path === '/api/tenants/{tenantId}' &&
          probe.headers?.['if-match'] === current
        )
          continue;
        const response = await t.as(probe.who, {
          method: method,
          url: probe.url ?? url,
          headers: probe.headers,
          payload: probe.payload as string,
        });
        seen.push(`${method} ${path} ${response.statusCode}`);
        expect(
          documented,
          `${method} ${path} as ${probe.who} ${JSON.stringify(probe.headers ?? {})}: ${response.body.slice(0, 200)}`,
        ).toContain(String(response.statusCode));
        // And in the media type the document gives for that status (a PDF, a CSV, an event stream, else JSON).
        const sent = String(response.headers['content-type'] ?? '').split(';')[0]!;
        const declared = Object.keys(
          document.paths[path]![method.toLowerCase()]!.responses[String(response.statusCode)]?.content ?? {},
        );
        if (sent && response.statusCode !== 204 && response.statusCode !== 304) {
          expect(declared, `${method} ${path} ${response.statusCode} sent ${sent}`).toContain(sent);
          if (sent !== 'application/json') seen.push(`${method} ${path} sent ${sent}`);
        }
      }
    }
    // A file was among what the probes were sent, and its media type is the documented one.
    expect(seen).toContain('GET /api/tenants/{tenantId}/items/export.{format} sent text/csv');
    // The probes reached the statuses that matter.
    for (const status of [200, 201, 204, 400, 401, 403, 404, 405, 412, 415, 428])
      expect(
        seen.some((line) => line.endsWith(` ${status}`)),
        String(status),
      ).toBe(true);
  });
});
