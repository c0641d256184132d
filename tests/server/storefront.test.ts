/**
 * The storefront as the server renders it (the production build in dist/storefront, through the
 * real app): every §2 route by Host, 404s, head tags from config, the tracking script only when
 * configured, hostile config inert, changes shown on the next load, assets with versioned URLs.
 * What a browser does with the pages (dropdowns, hydration, axe) is in tests/e2e.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_ROUTES } from '../../schema/routes';
import { buildTestApp, editTenant, type TestApp } from '../helpers/server';
import { SPEC_CONTENT_ROUTES } from '../fixtures/spec-footer';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (host: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
/** The file store and the asset catalogue look at the disk again at most once a second. */
const afterRevalidation = () => new Promise((resolve) => setTimeout(resolve, 1100));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="backlot-state">([^<]*)<\/script>/.exec(html)![1]!);

async function putSite(change: (site: Record<string, unknown>) => void, tenantId = 'aviation') {
  const saved = await editTenant(t, tenantId, (tenant) => change(tenant.site));
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('storefront pages', () => {
  it("names each page's own script chunks for preloading, and serves every one", async () => {
    const preloadsOf = async (path: string) =>
      [
        ...(await get('aviation.localhost', path)).body.matchAll(
          /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
        ),
      ].map((match) => match[1]!);
    const home = await preloadsOf('/');
    const search = await preloadsOf('/search');
    expect(home.some((href) => /\/HomePage-[\w-]+\.js$/.test(href))).toBe(true);
    expect(search.some((href) => /\/SearchPage-[\w-]+\.js$/.test(href))).toBe(true);
    // The search page's filters and cards are not the home page's download.
    expect(home.some((href) => /CatalogueResults/.test(href))).toBe(false);
    for (const href of [...home, ...search]) expect((await get('aviation.localhost', href)).statusCode, href).toBe(200);
  });

  it("answers every §2 route with 200, its title and the hydration script (the content routes are aviation's own pages)", async () => {
    for (const route of [...STOREFRONT_ROUTES, ...SPEC_CONTENT_ROUTES.map((path) => ({ path }))]) {
      const page = await get('aviation.localhost', route.path);
      expect(page.statusCode, route.path).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(titleOf(page.body), route.path).toMatch(/Jetway Props/);
      expect(page.body).toMatch(/<script type="module" crossorigin src="\/_storefront\/[^"]+\.js"><\/script>/);
    }
    expect(titleOf((await get('aviation.localhost', '/rentals')).body)).toBe('Prop &#38; Set Rentals | Jetway Props');
    expect(titleOf((await get('aviation.localhost', '/pages/tips')).body)).toBe('TIPS | Jetway Props');
  });

  it("serves each tenant its own content pages only: acme's, never aviation's", async () => {
    expect((await get('acme.localhost', '/pages/credits')).statusCode).toBe(200);
    for (const path of ['/pages/custom-aviation-sets', '/pages/testimonials'])
      expect((await get('acme.localhost', path)).statusCode, path).toBe(404);
  });

  it('renders category pages at each depth and 404s unknown routes and categories with the navigation around them', async () => {
    const group = await get('aviation.localhost', '/rentals/aviation-sets');
    expect(group.statusCode).toBe(200);
    expect(group.body).toContain('href="/rentals/aviation-sets/cockpits"');
    const sub = await get('aviation.localhost', '/rentals/aviation-sets/cockpits/airliner-cockpit');
    expect(sub.statusCode).toBe(200);
    expect(titleOf(sub.body)).toBe('Airliner Cockpit · Cockpits · Aviation Sets | Jetway Props');
    for (const url of [
      '/nope',
      '/rentals/nope',
      '/rentals/aviation-sets/nope',
      '/rentals/aviation-sets/cockpits/airliner-cockpit/deeper',
      '/pages/unknown',
    ]) {
      const missing = await get('aviation.localhost', url);
      expect(missing.statusCode, url).toBe(404);
      expect(titleOf(missing.body), url).toBe('Page not found | Jetway Props');
      expect(missing.body, url).toContain('aria-label="Main"');
    }
    const api = await get('aviation.localhost', '/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
  });

  it('picks the tenant by Host: exact domain, <tenantId>.localhost, else the default tenant', async () => {
    expect(titleOf((await get('www.acme-props.example', '/pages/credits')).body)).toBe('Credits | Acme Props');
    expect(titleOf((await get('acme.localhost:3000', '/pages/credits')).body)).toBe('Credits | Acme Props');
    expect(titleOf((await get('unknown.example', '/')).body)).toMatch(/^Jetway Props/);
  });

  it('writes the head from config: title, description, lang, favicon, social cards, theme', async () => {
    const page = await get('aviation.localhost:3000', '/');
    const html = page.body;
    const site = JSON.parse(await readFile(path.join(t.tenants, 'aviation/site.json'), 'utf8'));
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(html).toContain(`<title>${site.meta.title.replace('&', '&#38;')}</title>`);
    expect(html).toContain(`<meta name="description" content="${site.meta.description}">`);
    expect(html).toMatch(
      /<link rel="icon" href="\/assets\/aviation\/favicon\.svg\?v=[\w-]{10}" type="image\/svg\+xml">/,
    );
    // Absolute links name the tenant's public address, whatever Host the request carried.
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/www\.jetwayprops\.com\/assets\/aviation\/share\.jpg\?v=[\w-]{10}">/,
    );
    expect(html).toContain('<link rel="canonical" href="https://www.jetwayprops.com/">');
    expect((await get('evil.example', '/rentals?x=1')).body).toContain(
      '<link rel="canonical" href="https://www.jetwayprops.com/rentals">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`--color-primary:${site.theme.primaryColor}`);
    // The theme's one inline style is allowed by its hash; scripts only from this origin and the tag manager.
    const inlineStyle = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    expect(page.headers['content-security-policy']).toContain(
      `style-src 'self' 'sha256-${createHash('sha256').update(inlineStyle).digest('base64')}'`,
    );
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://www.googletagmanager.com;");
  });

  it('includes the tracking script only when a gaTrackingId is configured', async () => {
    const withTracking = await get('aviation.localhost', '/');
    expect(withTracking.body).toContain(
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-JETWAY2026"></script>',
    );
    const without = await get('acme.localhost', '/');
    expect(without.body).not.toContain('googletagmanager');
    expect(without.headers['content-security-policy']).not.toContain('googletagmanager');
  });

  it('gives a tenant with no assets of its own a complete page from the schema defaults (shared favicon and placeholder)', async () => {
    const html = (await get('acme.localhost', '/rentals')).body;
    expect(html).toMatch(/<link rel="icon" href="\/assets\/favicon\.svg\?v=[\w-]{10}"/);
    expect(html).toMatch(/<img class="card-image" src="\/assets\/placeholder\.svg\?v=[\w-]{10}"/);
    expect(html).toContain('class="brand-name">Acme Props</span>');
  });

  it('renders a content page from its Markdown with raw HTML shown as text and unsafe links dropped', async () => {
    const page = await get('acme.localhost', '/pages/about-us');
    expect(titleOf(page.body)).toBe('About Acme | Acme Props');
    expect(page.body).toContain(
      '<meta name="description" content="Acme Props has dressed sets in Burbank since 1998.">',
    );
    expect(page.body).toContain('<h2>Who we are</h2>');
    expect(page.body).toContain('<strong>Burbank</strong>');
    expect(page.body).toContain('<a href="tel:+18185550100">Call us</a>');
    expect(page.body).toContain('&lt;script&gt;alert(');
    expect(page.body).not.toContain("<script>alert('x')");
    expect(page.body).not.toMatch(/href="javascript:/i);
    // A content route without a page shows the empty state, not an error.
    const empty = await get('acme.localhost', '/pages/tips');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('class="empty-state"');
  });

  it('describes the vendor on the contact page as schema.org LocalBusiness, with tel: and mailto: links', async () => {
    const html = (await get('aviation.localhost', '/contact-us')).body;
    const data = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Jetway Props',
      telephone: '+1 818 555 0140',
      email: 'rentals@jetwayprops.com',
      address: { '@type': 'PostalAddress', addressLocality: 'Sun Valley', postalCode: '91352' },
      geo: { latitude: 34.2189 },
    });
    expect(data.image).toMatch(/^https:\/\/www\.jetwayprops\.com\/assets\/aviation\/share\.jpg\?v=/);
    expect(html).toContain('href="tel:+18185550140"');
    expect(html).toContain('href="tel:+18185550142"');
    expect(html).toContain('href="mailto:rentals@jetwayprops.com"');
    expect(html).toContain('href="https://maps.google.com/?q=10950+Tuxford+St,+Sun+Valley,+CA+91352"');
  });

  it('keeps GL codes out of the page and its state', async () => {
    const html = (await get('aviation.localhost', '/categories')).body;
    expect(html).not.toContain('glCode');
    expect(stateOf(html).configuration.categories.groups[0]).not.toHaveProperty('glCode');
  });

  it('renders hostile config strings as inert text, in the markup, the head and the state block', async () => {
    const hostile = `</script><script>alert(1)</script><img src=x onerror=alert(2)>"'&`;
    await putSite((site) => {
      site.appTitle = hostile;
      (site.meta as Record<string, string>).description = hostile;
      (site.footerLinks as Array<Record<string, string>>)[0]!.label = hostile;
    });
    const html = (await get('aviation.localhost', '/rentals')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/script>/g)).toHaveLength(html.match(/<script/g)!.length);
    const escaped =
      '&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;img src=x onerror=alert(2)&#62;&#34;&#39;&#38;';
    expect(titleOf(html)).toBe(`${escaped} | ${escaped}`);
    expect(stateOf(html).configuration.site.appTitle).toBe(hostile);
  });

  it('shows a change saved through the API, and one made on disk, on the next page load', async () => {
    await putSite((site) => {
      site.appTitle = 'Jetway Props Studio';
    });
    expect(titleOf((await get('aviation.localhost', '/pages/credits')).body)).toBe('Credits | Jetway Props Studio');

    const file = path.join(t.tenants, 'acme/site.json');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('"appTitle": "Acme Props"', '"appTitle": "Acme Props & Sets"'),
    );
    await afterRevalidation();
    expect(titleOf((await get('acme.localhost', '/pages/credits')).body)).toBe('Credits | Acme Props &#38; Sets');
  });

  it('keeps serving the last valid version while a file is broken by hand, and the console API shows where and restores', async () => {
    // A save first, so the history holds a valid version (#1); the page is served from it.
    await putSite((site) => (site.appTitle = 'Acme Props Saved'), 'acme');
    expect(titleOf((await get('acme.localhost', '/pages/credits')).body)).toBe('Credits | Acme Props Saved');
    const file = path.join(t.tenants, 'acme/site.json');
    const original = await readFile(file, 'utf8');
    await writeFile(
      file,
      original.replace(/"locale": "[^"]+"/, '"locale": "english"').replace('Acme Props Saved', 'Acme Broken'),
    );
    await afterRevalidation();
    const page = await get('acme.localhost', '/pages/credits');
    expect(page.statusCode).toBe(200);
    expect(titleOf(page.body)).toBe('Credits | Acme Props Saved');

    // The console reads why, with the file's lines, and the version to restore over.
    const refused = await t.as('acmeAdmin', { url: '/api/tenants/acme' });
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.version).toMatch(/\S/);
    expect(body.issues).toEqual([
      expect.objectContaining({
        file: 'site',
        pointer: '/locale',
        message: expect.stringContaining('must be a BCP 47 language tag'),
        excerpt: expect.arrayContaining([
          expect.objectContaining({ text: expect.stringContaining('"locale": "english"') }),
        ]),
      }),
    ]);
    const history = await t.as('acmeAdmin', { url: '/api/tenants/acme/history' });
    expect(history.statusCode).toBe(200);
    expect(history.headers.etag).toBe(`"${body.version}"`);
    const restored = await t.as('acmeAdmin', {
      method: 'POST',
      url: '/api/tenants/acme/history/1/restore',
      headers: { 'if-match': `"${body.version}"` },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await t.as('acmeAdmin', { url: '/api/tenants/acme' })).statusCode).toBe(200);
    expect(await readFile(file, 'utf8')).not.toContain('"locale": "english"');
  });

  it('answers a calm 503 page, naming no internals, only when no valid version is at hand', async () => {
    const fresh = await buildTestApp({
      beforeStart: async (tenants) => {
        const file = path.join(tenants, 'acme/vendor.json');
        await writeFile(file, (await readFile(file, 'utf8')).replace('"country"', '"country": 7, "x"'));
      },
    });
    try {
      const page = await fresh.app.inject({ method: 'GET', url: '/', headers: { host: 'acme.localhost' } });
      expect(page.statusCode).toBe(503);
      expect(page.body).toContain('This storefront is being updated');
      expect(page.body).not.toContain('vendor.json');
    } finally {
      await fresh.close();
    }
  });
});

describe('storefront assets', () => {
  it('serves a tenant asset for a year at its hashed URL, revalidates any other, and answers 304 to a matching ETag', async () => {
    const html = (await get('aviation.localhost', '/')).body;
    const logo = /src="(\/assets\/aviation\/logo\.svg\?v=([\w-]+))"/.exec(html)!;
    const versioned = await get('aviation.localhost', logo[1]!);
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['content-type']).toBe('image/svg+xml');
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers['content-security-policy']).toContain('sandbox');
    expect(versioned.body).toContain('<svg');
    const stale = await get('aviation.localhost', '/assets/aviation/logo.svg?v=old');
    expect(stale.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const notModified = await get('aviation.localhost', '/assets/aviation/logo.svg', {
      'if-none-match': String(versioned.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('gives a changed file a new URL on the next page load', async () => {
    const logoUrl = async () =>
      /src="\/assets\/aviation\/logo\.svg\?v=([\w-]+)"/.exec((await get('aviation.localhost', '/')).body)![1];
    const before = await logoUrl();
    const file = path.join(t.tenants, 'aviation/assets/logo.svg');
    await writeFile(file, (await readFile(file, 'utf8')).replace('JETWAY', 'JETWAY '));
    await afterRevalidation();
    expect(await logoUrl()).not.toBe(before);
  });

  it('refuses paths outside the asset folders', async () => {
    for (const url of [
      '/assets/aviation/..%2Fsite.json',
      '/assets/..%2F..%2Fpackage.json',
      '/assets/aviation/site.json',
      '/assets/aviation/.hidden.svg',
      '/assets/nope/logo.svg',
      '/assets/Aviation/logo.svg',
    ]) {
      expect((await get('aviation.localhost', url)).statusCode, url).toBe(404);
    }
  });
});
