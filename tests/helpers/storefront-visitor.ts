/**
 * A visitor of the aviation storefront on a test app (tests/helpers/server.ts): signed up through
 * the identity API with a bot-check token, then approved (true), refused (false) or left waiting
 * (null) by writing the profile as an admin's decision would. Returns their uid, email and the
 * session cookie their browser would send.
 */
import type { LightMyRequestResponse } from 'fastify';
import { cookieHeader } from '../../server/identity/cookies';
import type { TestApp } from './server';

export const AVIATION_HOST = 'aviation.localhost';
const PASSWORD = 'a long enough passphrase';

export const sessionCookieOf = (response: LightMyRequestResponse) => cookieHeader([response.headers['set-cookie'] ?? []].flat().map(String));

export async function storefrontVisitor(t: TestApp, email: string, approved: boolean | null = true): Promise<{ uid: string; email: string; cookie: string }> {
  const token = (await t.app.inject({ url: '/api/identity/bot-check?action=signup', headers: { host: AVIATION_HOST } })).json().token;
  const signedUp = await t.app.inject({
    method: 'POST',
    url: '/api/identity/signup',
    payload: { email, password: PASSWORD, botCheckToken: token },
    headers: { host: AVIATION_HOST, origin: `http://${AVIATION_HOST}` },
  });
  const { uid } = signedUp.json();
  if (approved !== null) await t.app.profileStore.update('aviation', uid, (profile) => ({ ...profile, isAuthorized: approved }));
  return { uid, email, cookie: sessionCookieOf(signedUp) };
}
