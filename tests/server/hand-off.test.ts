/**
 * The platform hands a signed-in production to a house (trust issue, point 18), over the real app
 * (file tenants, the local identity library): "Open it at Soho Prop Hire" asks the platform for a
 * one-use link; following it at the house signs the same identity in there and opens the page.
 * A ticket works once, at the house it names only, for a real visitor's own session only (never a
 * guest's or a staff view's), and only to a page on that house.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, withShippedHouses, type TestApp } from '../helpers/server';
import { sessionCookieOf, storefrontVisitor } from '../helpers/storefront-visitor';

const PLATFORM = 'platform.localhost';
const LONDON = 'london.localhost';
let t: TestApp;
let visitor: { uid: string; email: string; cookie: string };

beforeAll(async () => {
  t = await buildTestApp({ beforeStart: withShippedHouses });
  await t.app.ready();
  visitor = await storefrontVisitor(t, 'designer@production.example', true, 'platform');
});
afterAll(() => t.close());

const askHandOff = (payload: object, cookie = visitor.cookie, host = PLATFORM) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/hand-off',
    payload,
    headers: { host, origin: `http://${host}`, cookie },
  });
const follow = (url: string, host = new URL(url).hostname, cookie?: string) => {
  const link = new URL(url);
  return t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host, ...(cookie && { cookie }) } });
};
const sessionAt = async (host: string, cookie: string) =>
  (await t.app.inject({ url: '/api/identity/session', headers: { host, cookie } })).json();
const REFUSED = '/auth/login?problem=invalidHandOffTicket';

describe("the platform's hand-off to a house", () => {
  it('signs the production in at the house and opens the page, once', async () => {
    const asked = await askHandOff({ house: 'london', path: '/quotes/pr-0123' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.headers['cache-control']).toBe('no-store');
    const url = new URL(asked.json().url);
    expect(url.hostname).toBe(LONDON);
    expect(url.pathname).toBe('/api/identity/hand-off');

    const followed = await follow(url.href);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/quotes/pr-0123');
    const cookie = sessionCookieOf(followed);
    expect(await sessionAt(LONDON, cookie)).toMatchObject({
      status: 'authenticated',
      uid: visitor.uid,
      email: visitor.email,
    });
    expect((await t.app.profileStore.get('london', visitor.uid))?.email).toBe(visitor.email);
    // The platform's own session goes on beside it.
    expect((await sessionAt(PLATFORM, visitor.cookie)).uid).toBe(visitor.uid);

    // Used: a second follow is refused, and the login page says why.
    expect((await follow(url.href)).headers.location).toBe(REFUSED);
    expect((await follow(url.href.replace(/token=[^&]+/, 'token=forged'))).headers.location).toBe(REFUSED);
  });

  it('is nothing at another house than the one it names', async () => {
    const { url } = (await askHandOff({ house: 'london', path: '/quotes' })).json();
    const elsewhere = await follow(url, 'aviation.localhost');
    expect(elsewhere.headers.location).toBe(REFUSED);
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
  });

  it("replaces another person's session at the house, and keeps the production's own", async () => {
    const other = await storefrontVisitor(t, 'someone-else@studio.example', true, 'london');
    const { url } = (await askHandOff({ house: 'london', path: '/quotes' })).json();
    const followed = await follow(url, LONDON, other.cookie);
    expect(followed.headers.location).toBe('/quotes');
    expect((await sessionAt(LONDON, sessionCookieOf(followed))).uid).toBe(visitor.uid);
    // Already signed in there as the production: on to the page, no new session.
    const again = (await askHandOff({ house: 'london', path: '/quotes' })).json();
    const same = await follow(again.url, LONDON, sessionCookieOf(followed));
    expect(same.headers.location).toBe('/quotes');
    expect(same.headers['set-cookie']).toBeUndefined();
  });

  it('is refused to a guest, off the platform, for a house not listed, and for a page off the house', async () => {
    const guest = sessionCookieOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/identity/anonymous',
        headers: { host: PLATFORM, origin: `http://${PLATFORM}` },
      }),
    );
    expect((await askHandOff({ house: 'london', path: '/quotes' }, guest)).statusCode).toBe(401);
    expect((await askHandOff({ house: 'london', path: '/quotes' }, '')).statusCode).toBe(401);
    const atAHouse = await storefrontVisitor(t, 'house-visitor@studio.example', true, 'aviation');
    expect(
      (await askHandOff({ house: 'london', path: '/quotes' }, atAHouse.cookie, 'aviation.localhost')).statusCode,
    ).toBe(404);
    const unlisted = await askHandOff({ house: 'no-such-house', path: '/quotes' });
    expect(unlisted.statusCode).toBe(404);
    expect(unlisted.json().message).toBe('No house "no-such-house" is listed on the platform.');
    expect((await askHandOff({ house: 'platform', path: '/quotes' })).statusCode).toBe(404);
    for (const path of ['//evil.example/quotes', '/\\evil.example', 'https://evil.example/', '/quotes x'])
      expect((await askHandOff({ house: 'london', path })).statusCode, path).toBe(400);
  });

  it('is refused to platform staff viewing the storefront as the production', async () => {
    const issued = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/platform/users/${visitor.uid}/impersonation`,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const ticket = new URL(issued.json().url).hash.replace('#impersonate=', '');
    const viewing = await t.app.inject({
      method: 'POST',
      url: '/api/identity/impersonation',
      payload: { ticket },
      headers: { host: PLATFORM, origin: `http://${PLATFORM}` },
    });
    expect(viewing.statusCode, viewing.body).toBe(200);
    const refused = await askHandOff({ house: 'london', path: '/quotes' }, sessionCookieOf(viewing));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('A staff view cannot open a house as the visitor.');
  });
});
