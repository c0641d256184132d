/**
 * The API against hostile callers (issue 7): big bodies from anonymous callers, sessions after
 * logout, login CSRF, origins behind a proxy, and bodies that are not UTF-8 JSON.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, ORIGIN, PASSWORD, USERS, type TestApp } from '../helpers/server';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Sends a request over real HTTP; resolves with the status as soon as the server answers, even mid-upload. */
function send(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    // The server may answer and close before the upload ends: that is the point.
    request.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    request.end(options.body);
  });
}

describe('anonymous callers', () => {
  it('are refused before a big body is read, and /api/health stays responsive meanwhile', async () => {
    t = await buildTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // Not JSON at all: a parsed body would answer 400, an unread one 401.
    const malformed = Buffer.alloc(9.5 * 1024 * 1024, '[');
    const headers = { 'content-type': 'application/json', origin: ORIGIN };
    const puts = Array.from({ length: 10 }, () =>
      send(port, { method: 'PUT', path: '/api/tenants/aviation', headers, body: malformed }),
    );
    const health = await send(port, { method: 'GET', path: '/api/health' });
    expect(health.status).toBe(200);
    const answers = await Promise.all(puts);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(JSON.parse(answers[0]!.body).message).toBe('Log in to use the console.');
  });

  it('learn nothing about which ids are well formed: a malformed id answers 401 like a valid one', async () => {
    t = await buildTestApp();
    for (const url of [
      '/api/tenants/NOT..VALID!',
      '/api/tenants/aviation',
      '/api/tenants/aviation/history/%20bad',
      '/api/tenants/aviation/colors/x',
    ]) {
      expect((await t.as('anonymous', { url })).statusCode, url).toBe(401);
    }
  });

  it('cannot send a large body to a route that takes a small one, even logged in', async () => {
    t = await buildTestApp();
    const big = JSON.stringify({ email: USERS.platformStaff, password: 'x'.repeat(2 * 1024 * 1024) });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(login.statusCode).toBe(413);
  });
});

describe('sessions', () => {
  it('are refused at once after logout, whatever other cookies come with them', async () => {
    t = await buildTestApp();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: USERS.platformStaff, password: PASSWORD },
    });
    const session = String(login.headers['set-cookie']).split(';')[0]!;
    // Remembered in the session cache under one Cookie header …
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: `${session}; other=1` } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: session, origin: ORIGIN } }))
        .statusCode,
    ).toBe(204);
    // … and forgotten under every other.
    for (const cookie of [`${session}; other=1`, `theme=dark; ${session}`, session]) {
      expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode, cookie).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/tenants/aviation/colors/colorMap',
            headers: { cookie, origin: ORIGIN, 'if-match': '"any"' },
            payload: { items: [] },
          })
        ).statusCode,
      ).toBe(401);
    }
  });
});

describe('origins', () => {
  it('refuses a login from a foreign page (login CSRF), and sets no cookie', async () => {
    t = await buildTestApp();
    const attempt = (headers: Record<string, string>) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: USERS.platformStaff, password: PASSWORD },
      });
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of foreign) {
      const refused = await attempt(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().message).toBe('Cross-site login refused: log in from this site.');
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    expect((await attempt({ origin: ORIGIN })).statusCode).toBe(200);
    // A client that is not a browser sends no Origin at all (curl, the tests' own helper).
    expect((await attempt({})).statusCode).toBe(200);
  });

  it('does not trust the Host header: a non-loopback host naming itself is refused on a local install', async () => {
    t = await buildTestApp();
    const cookie = t.cookieOf('platformStaff');
    // Before: Origin equal to Host passed, so a DNS name pointed at the server (rebinding) was "same origin".
    const rebound = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, host: 'evil.example', origin: 'http://evil.example' },
    });
    expect(rebound.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { cookie, host: 'aviation.localhost:3000', origin: 'http://aviation.localhost:3000' },
        })
      ).statusCode,
    ).toBe(204);
  });

  it('compares with BACKLOT_PUBLIC_URL, and honours X-Forwarded-Proto only with BACKLOT_TRUST_PROXY', async () => {
    t = await buildTestApp({
      env: { BACKLOT_PUBLIC_URL: 'https://console.example.com/admin/', BACKLOT_TRUST_PROXY: '1' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'console.example.com', origin: 'https://console.example.com', 'x-forwarded-proto': 'https' },
      payload: { email: USERS.platformStaff, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // Behind https, the cookie is Secure (its name carries the __Secure- prefix).
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Secure-backlot\.session_token=/);
    expect(setCookie).toContain('Secure');
    const cookie = setCookie.split(';')[0]!;
    const logout = (origin: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, host: 'console.example.com', origin, 'x-forwarded-proto': 'https' },
      });
    expect((await logout('http://localhost:80')).statusCode).toBe(403);
    expect((await logout('https://console.example.com')).statusCode).toBe(204);
  });

  it('ignores X-Forwarded-Proto unless a proxy is trusted', async () => {
    const logoutOverHttps = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: {
          cookie: app.cookieOf('platformStaff'),
          host: 'aviation.localhost:3000',
          origin: 'https://aviation.localhost:3000',
          'x-forwarded-proto': 'https',
        },
      });
    t = await buildTestApp();
    expect((await logoutOverHttps(t)).statusCode).toBe(403);
    await t.close();
    t = await buildTestApp({ env: { BACKLOT_TRUST_PROXY: 'true' } });
    expect((await logoutOverHttps(t)).statusCode).toBe(204);
  });
});

describe('bodies that are not UTF-8 JSON', () => {
  it('answers 415, naming what is accepted', async () => {
    t = await buildTestApp();
    const etag = String((await t.as('platformStaff', { url: '/api/tenants/aviation' })).headers.etag);
    const put = (contentType: string, payload: string) =>
      t!.as('platformStaff', {
        method: 'PUT',
        url: '/api/tenants/aviation',
        headers: { 'content-type': contentType, 'if-match': etag },
        payload,
      });
    const textPlain = await put('text/plain', '{"site":{}}');
    expect(textPlain.statusCode).toBe(415);
    expect(textPlain.json().message).toBe('Send the body as JSON: Content-Type: application/json (UTF-8).');
    const utf16 = await put('application/json; charset=utf-16', '{"site":{}}');
    expect(utf16.statusCode).toBe(415);
    expect(utf16.json().message).toContain('not utf-16');
    // UTF-8 declared (in any spelling) is parsed and reaches validation.
    expect((await put('application/json; charset=UTF-8', '{"site":{}}')).statusCode).toBe(400);
  });
});

describe('domains', () => {
  /** Replaces the whole tenant with `edit` applied, as `who`. */
  async function putTenant(
    app: TestApp,
    who: 'platformStaff' | 'aviationAdmin',
    edit: (tenant: Record<string, any>) => void,
  ) {
    const current = await app.as(who, { url: '/api/tenants/aviation' });
    const tenant = current.json();
    edit(tenant);
    return app.as(who, {
      method: 'PUT',
      url: '/api/tenants/aviation',
      headers: { 'if-match': String(current.headers.etag) },
      payload: tenant,
    });
  }

  it('a tenant admin cannot change the domain, on the whole tenant or on the settings record', async () => {
    t = await buildTestApp();
    const whole = await putTenant(t, 'aviationAdmin', (tenant) => (tenant.site.domain = 'platform.localhost'));
    expect(whole.statusCode).toBe(403);
    expect(whole.json().errors).toEqual({
      'site.domain': expect.stringContaining('only platform staff may change the domain'),
    });
    const settings = await t.as('aviationAdmin', { url: '/api/tenants/aviation/settings/site' });
    const record = { ...settings.json(), domain: 'www.elsewhere.example' };
    const single = await t.as('aviationAdmin', {
      method: 'PUT',
      url: '/api/tenants/aviation/settings/site',
      headers: { 'if-match': String(settings.headers.etag) },
      payload: record,
    });
    expect(single.statusCode).toBe(403);
    expect(single.json().errors).toEqual({ domain: expect.stringContaining('only platform staff') });
    // And the host still serves the tenant it served.
    expect(t.app.resolveTenant('www.jetwayprops.com')).toBe('aviation');
  });

  it("refuses another tenant's <id>.localhost, even to platform staff, and lets staff move a domain", async () => {
    t = await buildTestApp();
    const takeover = await putTenant(t, 'platformStaff', (tenant) => (tenant.site.domain = 'acme.localhost'));
    expect(takeover.statusCode).toBe(400);
    expect(takeover.json().errors['site.domain']).toContain('is reserved');
    expect(t.app.resolveTenant('acme.localhost')).toBe('acme');
    expect(
      (await putTenant(t, 'platformStaff', (tenant) => (tenant.site.domain = 'aviation.localhost'))).statusCode,
    ).toBe(200);
    expect(
      (await putTenant(t, 'platformStaff', (tenant) => (tenant.site.domain = 'props.jetway.example'))).statusCode,
    ).toBe(200);
    expect(t.app.resolveTenant('props.jetway.example')).toBe('aviation');
  });

  it('says a domain is taken without naming the tenant that has it, except to platform staff', async () => {
    // acme claims aviation's domain on disk; acme is indexed first, so it keeps it.
    t = await buildTestApp({
      beforeStart: async (tenants) => {
        const file = path.join(tenants, 'acme', 'site.json');
        await writeFile(
          file,
          (await readFile(file, 'utf8')).replace('"www.acme-props.example"', '"www.jetwayprops.com"'),
        );
      },
    });
    const admin = await putTenant(t, 'aviationAdmin', (tenant) => (tenant.site.appTitle = 'Jetway'));
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors['site.domain']).toBe(
      'domain "www.jetwayprops.com" is already taken; each domain serves one tenant',
    );
    expect(admin.body).not.toContain('acme');
    const staff = await putTenant(t, 'platformStaff', (tenant) => (tenant.site.appTitle = 'Jetway'));
    expect(staff.json().errors['site.domain']).toBe(
      'domain "www.jetwayprops.com" is already taken; each domain serves one tenant (by tenant "acme")',
    );
  });
});

describe('deep nesting', () => {
  const deep = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;

  it('is refused with 400 and the place, on the whole tenant and on sub-resources', async () => {
    t = await buildTestApp();
    const current = await t.as('platformStaff', { url: '/api/tenants/aviation' });
    const tenant = current.json();
    tenant.site.colorMap.push(deep(2000));
    const whole = await t.as('platformStaff', {
      method: 'PUT',
      url: '/api/tenants/aviation',
      headers: { 'if-match': String(current.headers.etag) },
      payload: tenant,
    });
    expect(whole.statusCode).toBe(400);
    const where = `site.colorMap.${tenant.site.colorMap.length - 1}.0.0.0`;
    expect(Object.keys(whole.json().errors)[0]).toMatch(new RegExp(`^${where.replace(/\./g, '\\.')}`));
    expect(whole.json().message).toContain('nested deeper than 64 levels');
    const settings = await t.as('platformStaff', { url: '/api/tenants/aviation/settings/site' });
    const record = { ...settings.json(), meta: deep(2000) };
    const single = await t.as('platformStaff', {
      method: 'PUT',
      url: '/api/tenants/aviation/settings/site',
      headers: { 'if-match': String(settings.headers.etag) },
      payload: record,
    });
    expect(single.statusCode).toBe(400);
    expect(Object.keys(single.json().errors)[0]).toMatch(/^meta\.0\.0/);
    // Nothing was written.
    expect((await t.as('platformStaff', { url: '/api/tenants/aviation' })).headers.etag).toBe(current.headers.etag);
  });

  it('in a file edited by hand answers 422 with the located issue, not 500', async () => {
    t = await buildTestApp({
      beforeStart: async (tenants) => {
        const file = path.join(tenants, 'aviation', 'vendor.json');
        await writeFile(
          file,
          (await readFile(file, 'utf8')).replace(
            '"weeklyDiscounts": [',
            `"weeklyDiscounts": [${'['.repeat(3000)}${']'.repeat(3000)},`,
          ),
        );
      },
    });
    const response = await t.as('platformStaff', { url: '/api/tenants/aviation' });
    expect(response.statusCode).toBe(422);
    expect(response.json().issues).toEqual([
      expect.objectContaining({
        file: 'vendor',
        rule: 'json-depth',
        message: expect.stringContaining('nested deeper than 64 levels'),
      }),
    ]);
    expect(response.json().issues[0].line).toBeGreaterThan(1);
  });
});
