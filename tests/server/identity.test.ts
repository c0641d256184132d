/**
 * Storefront visitors over the real app (better-auth on SQLite, SQLite profiles): sign-up with
 * §5's assertions and the bot check, §8's words for each failure, the profile made with its
 * defaults, sessions per tenant, rotation at login, logout, and the guards (console kept apart,
 * login CSRF, rate limits, no password in the log).
 */
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../server/identity/messages';
import { buildTestApp, ORIGIN, type TestApp } from '../helpers/server';

const AVIATION = 'aviation.localhost';
const ACME = 'acme.localhost';
const PASSWORD = 'a long enough passphrase';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'trace', stream }, identity: { attemptsPerMinute: 1000 } });
});
afterAll(() => t.close());

const cookieOf = (response: LightMyRequestResponse) =>
  [response.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
const botToken = async (host = AVIATION) => (await t.app.inject({ url: '/api/identity/bot-check?action=signup', headers: { host } })).json().token as string;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: AVIATION, origin: `http://${AVIATION}`, ...headers } });
const signUp = async (email: string, extra: Record<string, string> = {}) => post('/api/identity/signup', { email, password: PASSWORD, botCheckToken: await botToken() }, extra);
const session = (cookie: string, host = AVIATION) => t.app.inject({ url: '/api/identity/session', headers: { host, cookie } });

describe('sign-up', () => {
  it("fails with §5's words when the email is missing, then when the bot-check token is", async () => {
    const noEmail = await post('/api/identity/signup', { password: PASSWORD, botCheckToken: await botToken() });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ message: 'Missing email address', reason: 'missingEmail', errors: { email: 'Missing email address' } });
    const noToken = await post('/api/identity/signup', { email: 'dana@studio.example', password: PASSWORD });
    expect(noToken.json()).toMatchObject({ statusCode: 400, message: 'recaptcha not loaded', reason: 'botCheckNotLoaded' });
    const forged = await post('/api/identity/signup', { email: 'dana@studio.example', password: PASSWORD, botCheckToken: 'signup.9999999999999.x.forged' });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['set-cookie']).toBeUndefined();
  });

  it('signs the visitor up and in, makes their profile with every default, and sends them to onboarding', async () => {
    const token = await botToken();
    const answer = await post('/api/identity/signup', { email: "Dana.O'Neil+props@studio.example", password: PASSWORD, botCheckToken: token });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(String(answer.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(answer.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
    const body = answer.json();
    expect(body).toMatchObject({ status: 'authenticated', email: "dana.o'neil+props@studio.example", vendors: ['aviation'], next: '/onboarding/profile' });
    expect(body.profile).toMatchObject({
      displayName: 'danaoneilprops',
      orderByName: 'danaoneilprops',
      isAuthorized: null,
      vendorId: 'aviation',
      vendorName: 'Jetway Props',
      reCaptchaToken: token,
      wasAnonymous: false,
      stats: { quoteRequestCount: 0, favoriteCount: 0 },
    });
    const here = await session(cookieOf(answer));
    expect(here.headers['cache-control']).toBe('no-store');
    expect(here.json()).toMatchObject({ status: 'authenticated', profile: { email: "dana.o'neil+props@studio.example", isAuthorized: null } });
    expect(await t.app.profileStore.get('aviation', body.uid)).toMatchObject({ displayName: 'danaoneilprops' });
  });

  it("refuses an email that is already registered with §8's words", async () => {
    await signUp('sam@studio.example');
    const again = await signUp('SAM@studio.example');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: 'This email address is already registered. Please log in.',
      reason: 'firebaseEmailAlreadyInUse',
      errors: { email: AUTH_MESSAGES.firebaseEmailAlreadyInUse },
    });
  });

  it('names a short password, with the limit from the schema', async () => {
    const short = await post('/api/identity/signup', { email: 'kim@studio.example', password: 'short', botCheckToken: await botToken() });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toMatch(/10/);
  });
});

describe('login', () => {
  it("says §8's words for an unknown email and for a wrong password", async () => {
    await signUp('lee@studio.example');
    const unknown = await post('/api/identity/login', { email: 'nobody@studio.example', password: PASSWORD });
    expect(unknown.json()).toMatchObject({ statusCode: 401, message: 'There is no user record corresponding to this identifier. The user may have been deleted.', reason: 'firebaseUserNotFound' });
    const wrong = await post('/api/identity/login', { email: 'lee@studio.example', password: 'not the passphrase at all' });
    expect(wrong.json()).toMatchObject({ statusCode: 401, message: 'The password is invalid or the user does not have a password.', reason: 'wrongPassword' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('rotates the session: a login ends the session the browser had', async () => {
    const first = await signUp('ari@studio.example');
    const login = await post('/api/identity/login', { email: 'ari@studio.example', password: PASSWORD }, { cookie: cookieOf(first) });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).not.toHaveProperty('next');
    expect(cookieOf(login)).not.toBe(cookieOf(first));
    expect((await session(cookieOf(first))).json()).toEqual({ status: 'notAuthenticated', reason: 'noToken' });
    expect((await session(cookieOf(login))).json().status).toBe('authenticated');
    expect((await t.app.profileStore.get('aviation', login.json().uid))!.lastLoginAt).toBe(login.json().profile.lastLoginAt);
  });

  it('is a user of another tenant only after signing in there, which makes a profile there too', async () => {
    const signedUp = await signUp('jo@studio.example');
    // The same session presented to another tenant's storefront is not a user of it.
    expect((await session(cookieOf(signedUp), ACME)).json()).toEqual({ status: 'notAuthenticated', reason: 'tokenDoesntMatchUser' });
    const there = await post('/api/identity/login', { email: 'jo@studio.example', password: PASSWORD }, { host: ACME, origin: `http://${ACME}` });
    expect(there.json()).toMatchObject({ status: 'authenticated', vendors: ['acme', 'aviation'], next: '/onboarding/profile', profile: { vendorId: 'acme', isAuthorized: null } });
    expect((await t.app.inject({ url: `/api/tenants/acme/users`, headers: { cookie: t.cookieOf('acmeAdmin') } })).json().map((u: { email: string }) => u.email)).toContain('jo@studio.example');
  });

  it('is refused from a foreign page, and sets no cookie', async () => {
    await signUp('max@studio.example');
    for (const origin of ['https://evil.example', 'null']) {
      const refused = await post('/api/identity/login', { email: 'max@studio.example', password: PASSWORD }, { origin });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
  });
});

describe('a visitor session', () => {
  it('ends at logout', async () => {
    const signedUp = await signUp('pat@studio.example');
    const out = await post('/api/identity/logout', {}, { cookie: cookieOf(signedUp) });
    expect(out.statusCode).toBe(204);
    expect((await session(cookieOf(signedUp))).json()).toEqual({ status: 'notAuthenticated', reason: 'noToken' });
  });

  it('opens nothing in the console, and its password opens no console session', async () => {
    const signedUp = await signUp('vic@studio.example');
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: cookieOf(signedUp) } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/tenants/aviation/users', headers: { cookie: cookieOf(signedUp) } })).statusCode).toBe(401);
    const consoleLogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { origin: ORIGIN }, payload: { email: 'vic@studio.example', password: PASSWORD } });
    expect(consoleLogin.statusCode).toBe(401);
    expect(consoleLogin.headers['set-cookie']).toBeUndefined();
  });

  it('never puts a password in the log', () => {
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.join('\n')).not.toContain(PASSWORD);
  });
});

describe('rate limits', () => {
  it('answer 429 after too many sign-ups or logins from one address', async () => {
    const limited = await buildTestApp({ identity: { attemptsPerMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await limited.app.inject({ method: 'POST', url: '/api/identity/login', payload: { email: 'x@studio.example', password: PASSWORD } })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
