/**
 * The server with BACKLOT_IDENTITY=firebase, against the Firebase Auth emulator (started here on a
 * free port): the storefront's calls work the same on it: sign-up with the profile, session,
 * logout and login, a guest upgraded in place (the same uid), a staff view from the console, and
 * the account's changes (password, email, delete).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../server/identity/cookies';
import { EMULATOR_PROJECT, startAuthEmulator, type AuthEmulator } from '../helpers/auth-emulator';
import { mailedLink } from '../helpers/mailed-links';
import { buildTestApp, type TestApp } from '../helpers/server';

const AVIATION = 'aviation.localhost';
const PASSWORD = 'a long enough passphrase';
let emulator: AuthEmulator;
let t: TestApp;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  // firebase-admin reads these from the process's environment.
  Object.assign(process.env, {
    METADATA_SERVER_DETECTION: 'none',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    GOOGLE_CLOUD_PROJECT: EMULATOR_PROJECT,
  });
  t = await buildTestApp({
    env: {
      BACKLOT_IDENTITY: 'firebase',
      BACKLOT_FIREBASE_API_KEY: 'emulator-key',
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    },
  });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await emulator?.stop();
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  delete process.env.GOOGLE_CLOUD_PROJECT;
});

const cookieOf = (response: LightMyRequestResponse, before = '') =>
  cookieHeader([response.headers['set-cookie'] ?? []].flat().map(String), before);
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: AVIATION, origin: `http://${AVIATION}`, ...headers } });
const token = async () =>
  (await t.app.inject({ url: '/api/identity/bot-check?action=signup', headers: { host: AVIATION } })).json()
    .token as string;
const session = (cookie: string) => t.app.inject({ url: '/api/identity/session', headers: { host: AVIATION, cookie } });

describe('visitors on Firebase Authentication', () => {
  it('sign up with a profile, log out, and log in again', async () => {
    const signedUp = await post('/api/identity/signup', {
      email: 'fay@studio.example',
      password: PASSWORD,
      botCheckToken: await token(),
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    expect(signedUp.json()).toMatchObject({
      status: 'authenticated',
      vendors: ['aviation'],
      next: '/onboarding/profile',
      profile: { displayName: 'fay', isAuthorized: null },
    });
    const cookie = cookieOf(signedUp);
    expect((await session(cookie)).json()).toMatchObject({ status: 'authenticated', email: 'fay@studio.example' });
    expect(
      (
        await post('/api/identity/signup', {
          email: 'fay@studio.example',
          password: PASSWORD,
          botCheckToken: await token(),
        })
      ).json().message,
    ).toBe('This email address is already registered. Please log in.');
    const out = await post('/api/identity/logout', {}, { cookie });
    expect(out.statusCode).toBe(204);
    // The browser's cookies are cleared. (Firebase revokes sessions by time, to the second: a copy
    // of a cookie made in the same second as the logout would still pass; the note says so.)
    expect(String(out.headers['set-cookie'])).toMatch(/backlot\.fb_session=; Max-Age=0/);
    expect((await session(cookieOf(out, cookie))).json()).toEqual({ status: 'notAuthenticated', reason: 'noToken' });
    expect(
      (await post('/api/identity/login', { email: 'fay@studio.example', password: 'not the passphrase' })).json()
        .reason,
    ).toBe('wrongPassword');
    const login = await post('/api/identity/login', { email: 'fay@studio.example', password: PASSWORD });
    expect(login.json()).toMatchObject({ status: 'authenticated', uid: signedUp.json().uid });
  });

  it('keep the uid when a guest signs up, in a later second than it arrived', async () => {
    const guest = await post('/api/identity/anonymous', {});
    expect(guest.json()).toEqual({ status: 'anonymous' });
    const guestCookie = cookieOf(guest);
    // Firebase counts sessions by whole seconds: signing up in the next one is what a 500 came
    // from once (the linked session read as revoked, dated from the guest's arrival).
    await new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));
    const upgraded = await post(
      '/api/identity/signup',
      { email: 'gil@studio.example', password: PASSWORD, botCheckToken: await token() },
      { cookie: guestCookie },
    );
    expect(upgraded.statusCode, upgraded.body).toBe(201);
    expect(upgraded.json()).toMatchObject({ profile: { wasAnonymous: true } });
    const { uid } = upgraded.json();
    expect((await session(cookieOf(upgraded, guestCookie))).json()).toMatchObject({ status: 'authenticated', uid });
  });

  it('open a staff view from the console, bannered with the staff email', async () => {
    const { uid } = (
      await post('/api/identity/signup', {
        email: 'hoa@studio.example',
        password: PASSWORD,
        botCheckToken: await token(),
      })
    ).json();
    const issued = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/aviation/users/${uid}/impersonation`,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const ticket = new URL(issued.json().url).hash.replace('#impersonate=', '');
    const redeemed = await post('/api/identity/impersonation', { ticket });
    expect(redeemed.json()).toMatchObject({
      status: 'authenticated',
      uid,
      impersonatedBy: { email: 'staff@backlot.example' },
    });
  });

  it('change their password and email only with the current password, and delete the account', async () => {
    const signedUp = await post('/api/identity/signup', {
      email: 'ida@studio.example',
      password: PASSWORD,
      botCheckToken: await token(),
    });
    const { uid } = signedUp.json();
    let cookie = cookieOf(signedUp);
    expect(
      (
        await post(
          '/api/identity/password',
          { password: 'not the passphrase', newPassword: 'a brand new passphrase' },
          { cookie },
        )
      ).json().reason,
    ).toBe('requiresRecentLogin');
    const changed = await post(
      '/api/identity/password',
      { password: PASSWORD, newPassword: 'a brand new passphrase' },
      { cookie },
    );
    expect(changed.statusCode, changed.body).toBe(204);
    cookie = cookieOf(changed, cookie);
    expect((await session(cookie)).json()).toMatchObject({ status: 'authenticated', uid });
    expect((await post('/api/identity/login', { email: 'ida@studio.example', password: PASSWORD })).json().reason).toBe(
      'wrongPassword',
    );

    expect(
      (
        await post(
          '/api/identity/email',
          { password: 'a brand new passphrase', newEmail: 'fay@studio.example' },
          { cookie },
        )
      ).json().reason,
    ).toBe('firebaseEmailAlreadyInUse');
    const emailChanged = await post(
      '/api/identity/email',
      { password: 'a brand new passphrase', newEmail: 'ida@new.example' },
      { cookie },
    );
    expect(emailChanged.statusCode, emailChanged.body).toBe(202);
    expect((await session(cookie)).json()).toMatchObject({
      email: 'ida@studio.example',
      profile: { email: 'ida@studio.example' },
    });
    const link = new URL(await mailedLink(t.app, 'ida@new.example', 'emailChange'));
    expect(
      (await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: AVIATION } })).headers.location,
    ).toBe('/onboarding/profile?emailConfirmed=1');
    // Firebase ends every session on an email change: the visitor logs in with the new address.
    const again = await post('/api/identity/login', { email: 'ida@new.example', password: 'a brand new passphrase' });
    expect(again.statusCode, again.body).toBe(200);
    cookie = cookieOf(again);
    expect((await session(cookie)).json()).toMatchObject({
      email: 'ida@new.example',
      profile: { email: 'ida@new.example', isEmailVerified: true },
    });

    expect((await post('/api/identity/delete', { password: 'wrong passphrase!' }, { cookie })).json().reason).toBe(
      'requiresRecentLogin',
    );
    const deleted = await post('/api/identity/delete', { password: 'a brand new passphrase' }, { cookie });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.app.profileStore.get('aviation', uid)).toBeUndefined();
    expect(
      (await post('/api/identity/login', { email: 'ida@new.example', password: 'a brand new passphrase' })).json()
        .reason,
    ).toBe('firebaseUserNotFound');
  });
});
