/**
 * Previews of unsaved changes, over the real app: a draft is made from one record as a save
 * would make it (refused with the same field errors when a save would be), kept for its maker
 * only, and rendered by the storefront sandboxed (no script, framed by its own origin only),
 * with site links kept inside the preview. Nothing is saved. The draft store's expiry is shown
 * with a clock it is given.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_TTL_MS, PreviewDrafts } from '../../server/storefront/preview-drafts';
import type { Tenant } from '../../schema/types.generated';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function draft(
  who: 'platformStaff' | 'aviationAdmin' | 'acmeAdmin',
  change: (site: Record<string, unknown>) => void,
  path = '/',
) {
  const site = (await t.as('platformStaff', { url: '/api/tenants/aviation/settings/site' })).json() as Record<
    string,
    unknown
  >;
  change(site);
  return t.as(who, {
    method: 'POST',
    url: '/api/tenants/aviation/previews',
    payload: { resource: 'settings', id: 'site', record: site, path },
  });
}

describe('previews', () => {
  it('renders the unsaved record with the storefront, sandboxed, and saves nothing', async () => {
    const made = await draft('aviationAdmin', (site) => (site.appTitle = 'Jetway Draft'), '/pages/credits');
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^\/preview\/[A-Za-z0-9_-]{24}\/pages\/credits$/);
    const shown = await t.as('aviationAdmin', { url });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<title>Credits | Jetway Draft</title>');
    const csp = String(shown.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('sandbox allow-same-origin');
    expect(csp).toContain("script-src 'none'");
    expect(shown.body).not.toMatch(/<script\b[^>]*\bsrc=/);
    // Site links stay in the preview; assets and other sites are left alone.
    const token = url.split('/')[2]!;
    expect(shown.body).toContain(`href="/preview/${token}/rentals"`);
    expect(shown.body).toMatch(/href="\/assets\/aviation\/favicon\.svg\?v=/);
    // The home page's address ends in a slash.
    expect((await t.as('aviationAdmin', { url: `/preview/${token}/` })).body).toContain('Jetway Draft');
    // Saved: nothing.
    const saved = await t.as('platformStaff', { url: '/api/tenants/aviation/settings/site' });
    expect(saved.json().appTitle).not.toBe('Jetway Draft');
    const storefront = await t.app.inject({ url: '/pages/credits', headers: { host: 'aviation.localhost' } });
    expect(storefront.body).not.toContain('Jetway Draft');
  });

  it('refuses what a save would refuse, with the same field errors', async () => {
    const refused = await draft('aviationAdmin', (site) => (site.maxColumnCount = 9));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['maxColumnCount']);
    // The write policy too: a tenant admin may not move the domain.
    const domain = await draft('aviationAdmin', (site) => (site.domain = 'elsewhere.example'));
    expect(domain.statusCode).toBe(403);
  });

  it('keeps each draft to its maker, and tenants to their admins', async () => {
    const { url } = (await draft('aviationAdmin', (site) => (site.appTitle = 'Mine'))).json() as { url: string };
    expect((await t.as('platformStaff', { url })).statusCode).toBe(404);
    expect((await t.as('anonymous', { url })).statusCode).toBe(401);
    expect(
      (await t.as('aviationAdmin', { url: url.replace(/preview\/[^/]+/, 'preview/not-a-token') })).statusCode,
    ).toBe(404);
    expect((await draft('acmeAdmin', (site) => (site.appTitle = 'Theirs'))).statusCode).toBe(404);
    const unknown = await t.as('aviationAdmin', {
      method: 'POST',
      url: '/api/tenants/aviation/previews',
      payload: { resource: 'settings', id: 'nope', record: {} },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PreviewDrafts', () => {
  it("forgets a draft after ten minutes, an editor's older drafts, and the oldest when full", () => {
    let now = 0;
    const drafts = new PreviewDrafts(2, () => now);
    const tenant = {} as Tenant;
    const first = drafts.create('a', 'aviation', tenant).token;
    now = PREVIEW_TTL_MS - 1;
    expect(drafts.get(first, 'a')).toBeDefined();
    now = PREVIEW_TTL_MS;
    expect(drafts.get(first, 'a')).toBeUndefined();
    // One editor keeps its last two drafts of a tenant.
    const [x, y, z] = [
      drafts.create('a', 'aviation', tenant).token,
      drafts.create('a', 'aviation', tenant).token,
      drafts.create('a', 'aviation', tenant).token,
    ];
    expect([drafts.get(x, 'a'), drafts.get(y, 'a'), drafts.get(z, 'a')].map(Boolean)).toEqual([false, true, true]);
    // Full (two here): the oldest goes, whoever made it.
    const other = drafts.create('b', 'platform', tenant).token;
    expect([drafts.get(y, 'a'), drafts.get(z, 'a'), drafts.get(other, 'b')].map(Boolean)).toEqual([false, true, true]);
  });
});
