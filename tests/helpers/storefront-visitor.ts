/**
 * A visitor of a storefront (aviation's unless another tenant is named) on a test app (tests/helpers/server.ts): signed up through
 * the identity API with a bot-check token, their email confirmed by following the mailed link
 * (unless `confirmed` is false), then approved (true), refused (false) or left waiting (null) by
 * writing the profile as an admin's decision would. Returns their uid, email and the session cookie
 * their browser would send.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cookieHeader } from '../../server/identity/cookies';
import { mailedLink } from './mailed-links';
import type { TestApp } from './server';

export const AVIATION_HOST = 'aviation.localhost';
const PASSWORD = 'a long enough passphrase';

export const sessionCookieOf = (response: LightMyRequestResponse) =>
  cookieHeader([response.headers['set-cookie'] ?? []].flat().map(String));

export async function storefrontVisitor(
  t: TestApp,
  email: string,
  approved: boolean | null = true,
  tenantId = 'aviation',
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<{ uid: string; email: string; cookie: string }> {
  const host = `${tenantId}.localhost`;
  const token = (await t.app.inject({ url: '/api/identity/bot-check?action=signup', headers: { host } })).json().token;
  const signedUp = await t.app.inject({
    method: 'POST',
    url: '/api/identity/signup',
    payload: { email, password: PASSWORD, botCheckToken: token },
    headers: { host, origin: `http://${host}` },
  });
  const { uid } = signedUp.json();
  if (confirmed) {
    const link = new URL(await mailedLink(t.app, email.trim().toLowerCase(), 'verifyEmail'));
    const followed = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host } });
    if (!String(followed.headers.location).includes('emailConfirmed=1'))
      throw new Error(`${email}'s confirmation link failed: ${followed.headers.location}`);
  }
  if (approved !== null)
    await t.app.profileStore.update(tenantId, uid, (profile) => ({ ...profile, isAuthorized: approved }));
  return { uid, email, cookie: sessionCookieOf(signedUp) };
}

/**
 * How many of an item a page says are free, as a visitor reads it: on a listing, the first count
 * after the item's link (its card's); on an item page, its line. NaN when the page says none.
 */
export async function freeSaidOn(t: TestApp, url: string, objectID: string): Promise<number> {
  const page = await t.app.inject({ url, headers: { host: AVIATION_HOST } });
  expect(page.statusCode).toBe(200);
  const from = url.startsWith('/item/') ? 0 : page.body.indexOf(`/item/${objectID}`);
  expect(from).toBeGreaterThanOrEqual(0);
  const said = /(\d+) free (?:on your dates|from)|Booked on your dates|None (?:more )?free from/.exec(
    page.body.slice(from),
  );
  return said ? Number(said[1] ?? 0) : NaN;
}
