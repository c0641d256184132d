/**
 * Storefront visitors over the real app (better-auth on SQLite, SQLite profiles): sign-up with
 * §5's assertions and the bot check, §8's words for each failure, the profile made with its
 * defaults, sessions per tenant, rotation at login, logout, and the guards (console kept apart,
 * login CSRF, rate limits, no password in the log).
 */
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../server/identity/cookies';
import { AUTH_MESSAGES } from '../../server/identity/messages';
import type { OutboxSms } from '../../server/identity/sms';
import type { OutboxMailer } from '../../server/mail/mailer';
import { linkOfMail } from '../helpers/mailed-links';
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

/** The Cookie header the browser would send next, as a browser's cookie jar keeps them. */
const cookieOf = (response: LightMyRequestResponse) =>
  cookieHeader([response.headers['set-cookie'] ?? []].flat().map(String));
const botToken = async (host = AVIATION) =>
  (await t.app.inject({ url: '/api/identity/bot-check?action=signup', headers: { host } })).json().token as string;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { host: AVIATION, origin: `http://${AVIATION}`, ...headers } });
const signUp = async (email: string, extra: Record<string, string> = {}) =>
  post('/api/identity/signup', { email, password: PASSWORD, botCheckToken: await botToken() }, extra);
const session = (cookie: string, host = AVIATION) =>
  t.app.inject({ url: '/api/identity/session', headers: { host, cookie } });

describe('sign-up', () => {
  it("fails with §5's words when the email is missing, then when the bot-check token is", async () => {
    const noEmail = await post('/api/identity/signup', { password: PASSWORD, botCheckToken: await botToken() });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({
      message: 'Missing email address',
      reason: 'missingEmail',
      errors: { email: 'Missing email address' },
    });
    const noToken = await post('/api/identity/signup', { email: 'dana@studio.example', password: PASSWORD });
    expect(noToken.json()).toMatchObject({
      statusCode: 400,
      message: 'recaptcha not loaded',
      reason: 'botCheckNotLoaded',
    });
    const forged = await post('/api/identity/signup', {
      email: 'dana@studio.example',
      password: PASSWORD,
      botCheckToken: 'signup.9999999999999.x.forged',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['set-cookie']).toBeUndefined();
  });

  it('signs the visitor up and in, makes their profile with every default, and sends them to onboarding', async () => {
    const token = await botToken();
    const answer = await post('/api/identity/signup', {
      email: "Dana.O'Neil+props@studio.example",
      password: PASSWORD,
      botCheckToken: token,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(String(answer.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(answer.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
    const body = answer.json();
    expect(body).toMatchObject({
      status: 'authenticated',
      email: "dana.o'neil+props@studio.example",
      vendors: ['aviation'],
      next: '/onboarding/profile',
    });
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
    expect(here.json()).toMatchObject({
      status: 'authenticated',
      profile: { email: "dana.o'neil+props@studio.example", isAuthorized: null },
    });
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
    const short = await post('/api/identity/signup', {
      email: 'kim@studio.example',
      password: 'short',
      botCheckToken: await botToken(),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.password).toMatch(/10/);
  });
});

describe('login', () => {
  it("says §8's words for an unknown email and for a wrong password", async () => {
    await signUp('lee@studio.example');
    const unknown = await post('/api/identity/login', { email: 'nobody@studio.example', password: PASSWORD });
    expect(unknown.json()).toMatchObject({
      statusCode: 401,
      message: 'There is no user record corresponding to this identifier. The user may have been deleted.',
      reason: 'firebaseUserNotFound',
    });
    const wrong = await post('/api/identity/login', {
      email: 'lee@studio.example',
      password: 'not the passphrase at all',
    });
    expect(wrong.json()).toMatchObject({
      statusCode: 401,
      message: 'The password is invalid or the user does not have a password.',
      reason: 'wrongPassword',
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('rotates the session: a login ends the session the browser had', async () => {
    const first = await signUp('ari@studio.example');
    const login = await post(
      '/api/identity/login',
      { email: 'ari@studio.example', password: PASSWORD },
      { cookie: cookieOf(first) },
    );
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).not.toHaveProperty('next');
    expect(cookieOf(login)).not.toBe(cookieOf(first));
    expect((await session(cookieOf(first))).json()).toEqual({ status: 'notAuthenticated', reason: 'noToken' });
    expect((await session(cookieOf(login))).json().status).toBe('authenticated');
    expect((await t.app.profileStore.get('aviation', login.json().uid))!.lastLoginAt).toBe(
      login.json().profile.lastLoginAt,
    );
  });

  it('is a user of another tenant only after signing in there, which makes a profile there too', async () => {
    const signedUp = await signUp('jo@studio.example');
    // The same session presented to another tenant's storefront is not a user of it.
    expect((await session(cookieOf(signedUp), ACME)).json()).toEqual({
      status: 'notAuthenticated',
      reason: 'tokenDoesntMatchUser',
    });
    const there = await post(
      '/api/identity/login',
      { email: 'jo@studio.example', password: PASSWORD },
      { host: ACME, origin: `http://${ACME}` },
    );
    expect(there.json()).toMatchObject({
      status: 'authenticated',
      vendors: ['acme', 'aviation'],
      next: '/onboarding/profile',
      profile: { vendorId: 'acme', isAuthorized: null },
    });
    expect(
      (await t.app.inject({ url: `/api/tenants/acme/users`, headers: { cookie: t.cookieOf('acmeAdmin') } }))
        .json()
        .map((u: { email: string }) => u.email),
    ).toContain('jo@studio.example');
  });

  it('is refused from a foreign page, and sets no cookie', async () => {
    await signUp('max@studio.example');
    for (const origin of ['https://evil.example', 'null']) {
      const refused = await post(
        '/api/identity/login',
        { email: 'max@studio.example', password: PASSWORD },
        { origin },
      );
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
    expect(
      (await t.app.inject({ url: '/api/tenants/aviation/users', headers: { cookie: cookieOf(signedUp) } })).statusCode,
    ).toBe(401);
    const consoleLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { email: 'vic@studio.example', password: PASSWORD },
    });
    expect(consoleLogin.statusCode).toBe(401);
    expect(consoleLogin.headers['set-cookie']).toBeUndefined();
  });
});

describe("a visitor's own details", () => {
  const put = (cookie: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/identity/profile',
      payload,
      headers: { host: AVIATION, origin: `http://${AVIATION}`, cookie },
    });

  it('are saved and cleared, and nothing else about the profile can be changed this way', async () => {
    const cookie = cookieOf(await signUp('ray@studio.example'));
    const saved = await put(cookie, { firstName: ' Ray ', production: 'Red Eye 2', phone: '+1 818 555 0100' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      firstName: 'Ray',
      production: 'Red Eye 2',
      phone: '+1 818 555 0100',
      isAuthorized: null,
    });
    const cleared = await put(cookie, { firstName: 'Ray', phone: '' });
    expect(cleared.json()).toMatchObject({ firstName: 'Ray' });
    expect(cleared.json()).not.toHaveProperty('phone');
    expect(cleared.json()).not.toHaveProperty('production');

    const approvingThemselves = await put(cookie, { firstName: 'Ray', isAuthorized: true });
    expect(approvingThemselves.statusCode).toBe(400);
    expect(approvingThemselves.json().errors).toHaveProperty('isAuthorized');
    const badPhone = await put(cookie, { phone: 'call me' });
    expect(badPhone.statusCode).toBe(400);
    expect(Object.keys(badPhone.json().errors)).toContain('phone');
    expect((await session(cookie)).json().profile).toMatchObject({ firstName: 'Ray', isAuthorized: null });
  });

  it('need a signed-in visitor of this tenant', async () => {
    expect((await put('', { firstName: 'Nobody' })).statusCode).toBe(401);
    const cookie = cookieOf(await signUp('ora@studio.example'));
    const elsewhere = await t.app.inject({
      method: 'PUT',
      url: '/api/identity/profile',
      payload: { firstName: 'Ora' },
      headers: { host: ACME, origin: `http://${ACME}`, cookie },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('the live profile stream', () => {
  it("sends each change of the visitor's profile, as the approval lands", async () => {
    const answer = await signUp('liv@studio.example');
    const { uid } = answer.json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const events: string[] = [];
    const stream = await new Promise<IncomingMessage>((resolve, reject) =>
      get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/identity/events',
          headers: { host: `aviation.localhost:${port}`, cookie: cookieOf(answer) },
        },
        resolve,
      ).on('error', reject),
    );
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => events.push(chunk));
    const approved = await t.as('aviationAdmin', {
      method: 'PUT',
      url: `/api/tenants/aviation/users/${uid}`,
      payload: { isAuthorized: true },
    });
    expect(approved.statusCode).toBe(200);
    await expect.poll(() => events.join('')).toMatch(/event: profile\ndata: \{.*"isAuthorized":true/);
    stream.destroy();
    const anonymous = await new Promise<IncomingMessage>((resolve) =>
      get({ host: '127.0.0.1', port, path: '/api/identity/events' }, resolve),
    );
    expect(anonymous.statusCode).toBe(401);
    anonymous.resume();
  });
});

describe('rate limits', () => {
  it('answer 429 after too many sign-ups or logins from one address', async () => {
    const limited = await buildTestApp({ identity: { attemptsPerMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/identity/login',
              payload: { email: 'x@studio.example', password: PASSWORD },
            })
          ).statusCode,
        );
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the phone second factor', () => {
  const texts = () => (t.app.sms as OutboxSms).list();
  const lastCode = async (to: string) =>
    /\b(\d{6})\b/.exec((await texts()).filter((text) => text.to === to).at(-1)!.body)![1]!;
  const PHONE = '+1 818 555 0100';

  async function enrolled(email: string, phone = PHONE) {
    const cookie = cookieOf(await signUp(email));
    expect((await post('/api/identity/phone/code', { phoneNumber: phone }, { cookie })).statusCode).toBe(204);
    const wrongPassword = await post(
      '/api/identity/phone',
      { phoneNumber: phone, code: await lastCode(phone.replace(/ /g, '')), password: 'not the passphrase' },
      { cookie },
    );
    expect(wrongPassword.json()).toMatchObject({ statusCode: 401, reason: 'requiresRecentLogin' });
    const enrol = await post(
      '/api/identity/phone',
      { phoneNumber: phone, code: await lastCode(phone.replace(/ /g, '')), password: PASSWORD },
      { cookie },
    );
    expect(enrol.statusCode, enrol.body).toBe(204);
    // Turning the second factor on renews the session.
    return cookieOf(enrol);
  }

  it('is enrolled with a texted code and the password, then asked for at every login', async () => {
    const cookie = await enrolled('nia@studio.example');
    expect((await session(cookie)).json()).toMatchObject({ status: 'authenticated', phoneHint: '•••• 0100' });
    const first = await post('/api/identity/login', { email: 'nia@studio.example', password: PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'notAuthenticated', reason: 'waitingFor2ndFactor', phoneHint: '•••• 0100' });
    const pending = cookieOf(first);
    // No session yet: only the pending sign-in.
    expect((await session(pending)).json()).toEqual({ status: 'notAuthenticated', reason: 'noToken' });
    const text = (await texts()).at(-1)!;
    expect(text).toMatchObject({ to: '+18185550100', tenantId: 'aviation' });
    expect(text.body).toMatch(/^\d{6} is your Jetway Props sign-in code\. It expires in 5 minutes\./);

    const wrong = await post('/api/identity/second-factor/confirm', { code: '000000' }, { cookie: pending });
    expect(wrong.json()).toMatchObject({
      statusCode: 400,
      reason: 'invalidVerificationCode',
      errors: { code: AUTH_MESSAGES.invalidVerificationCode },
    });
    const right = await post(
      '/api/identity/second-factor/confirm',
      { code: await lastCode('+18185550100') },
      { cookie: pending },
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      status: 'authenticated',
      email: 'nia@studio.example',
      phoneHint: '•••• 0100',
    });
    expect((await session(cookieOf(right))).json().status).toBe('authenticated');
    // The log holds no code.
    expect(logLines.join('\n')).not.toContain(text.body.slice(0, 6));
  });

  it('ends the pending sign-in after too many wrong codes: the password comes first again', async () => {
    await enrolled('oli@studio.example', '+1 818 555 0177');
    const pending = cookieOf(await post('/api/identity/login', { email: 'oli@studio.example', password: PASSWORD }));
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await post('/api/identity/second-factor/confirm', { code: '000000' }, { cookie: pending })).json().reason,
      );
    expect(answers).toEqual(Array(5).fill('invalidVerificationCode'));
    // Even the right code is too late now.
    const last = await post(
      '/api/identity/second-factor/confirm',
      { code: await lastCode('+18185550177') },
      { cookie: pending },
    );
    expect(last.json()).toMatchObject({ statusCode: 429, reason: 'tooManyAttempts' });
    expect(String(last.headers['set-cookie'])).toMatch(/backlot\.two_factor=; Max-Age=0/);
  });

  it('answers a code with no pending sign-in as timed out', async () => {
    const none = await post('/api/identity/second-factor/confirm', { code: '123456' });
    expect(none.json()).toMatchObject({ statusCode: 401, reason: 'secondFactorTimedOut' });
  });
});

const mails = () => (t.app.mailer as OutboxMailer).list();
/** The link in the newest mail of `kind` to `to`, as the visitor would follow it (from aviation's storefront). */
const mailedLink = async (to: string, kind: 'magicLink' | 'verifyEmail' | 'emailChange' | 'emailChanged') => {
  const mail = (await mails()).find((entry) => entry.to === to && entry.kind === kind)!;
  expect(mail).toMatchObject({ kind, tenantId: 'aviation' });
  return linkOfMail(t.app, mail.file);
};

/** A mailed link followed in the browser, on aviation's storefront. */
const follow = (link: URL) => t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: AVIATION } });

describe('email confirmation', () => {
  const profileOf = async (cookie: string) => (await session(cookie)).json().profile;

  it('mails a link at sign-up that marks every profile confirmed, live', async () => {
    const signedUp = await signUp('cyd@studio.example');
    const cookie = cookieOf(signedUp);
    expect(signedUp.json().profile.isEmailVerified).toBe(false);
    const link = new URL(await mailedLink('cyd@studio.example', 'verifyEmail'));
    expect(link.origin).toBe(`http://${AVIATION}`);
    const followed = await follow(link);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/onboarding/profile?emailConfirmed=1');
    // Confirming signs nobody in: the link may be opened anywhere.
    expect(followed.headers['set-cookie']).toBeUndefined();
    expect(await profileOf(cookie)).toMatchObject({ isEmailVerified: true });
    const forged = await follow(new URL(`${link.origin}/api/identity/verify-email?token=not.a.token`));
    expect(forged.headers.location).toBe('/onboarding/profile?problem=invalidEmailVerificationLink');
  });

  it('sends another on request, only to a signed-in visitor, and nothing once the address is confirmed', async () => {
    expect((await post('/api/identity/email-verification', {})).statusCode).toBe(401);
    const cookie = cookieOf(await signUp('di@studio.example'));
    const before = (await mails()).length;
    expect((await post('/api/identity/email-verification', {}, { cookie })).statusCode).toBe(204);
    expect((await mails()).length).toBe(before + 1);
    await follow(new URL(await mailedLink('di@studio.example', 'verifyEmail')));
    expect(await profileOf(cookie)).toMatchObject({ isEmailVerified: true });
    // Confirmed: asking again mails nothing.
    const confirmed = (await mails()).length;
    await post('/api/identity/email-verification', {}, { cookie });
    expect((await mails()).length).toBe(confirmed);
  });
});

describe('sign-in links', () => {
  const linkIn = (to: string) => mailedLink(to, 'magicLink');

  it('mails a link in the tenant branding that signs the visitor in once', async () => {
    await signUp('uma@studio.example');
    const asked = await post('/api/identity/sign-in-link', { email: 'uma@studio.example' });
    expect(asked.statusCode).toBe(202);
    const link = new URL(await linkIn('uma@studio.example'));
    expect(link.origin).toBe(`http://${AVIATION}`);
    const followed = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: AVIATION } });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/?signedIn=link');
    expect((await session(cookieOf(followed))).json()).toMatchObject({
      status: 'authenticated',
      email: 'uma@studio.example',
    });
    const again = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: AVIATION } });
    expect(again.headers.location).toBe('/auth/login?problem=invalidEmailLoginLink');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('answers the same for an unknown email, and mails nothing', async () => {
    const before = (await mails()).length;
    expect((await post('/api/identity/sign-in-link', { email: 'ghost@studio.example' })).statusCode).toBe(202);
    expect((await mails()).length).toBe(before);
  });

  it('refuses a link for an account with a phone second factor', async () => {
    const cookie = cookieOf(await signUp('val@studio.example'));
    await post('/api/identity/phone/code', { phoneNumber: '+1 818 555 0199' }, { cookie });
    const code = /\b(\d{6})\b/.exec((await (t.app.sms as OutboxSms).list()).at(-1)!.body)![1]!;
    expect(
      (await post('/api/identity/phone', { phoneNumber: '+1 818 555 0199', code, password: PASSWORD }, { cookie }))
        .statusCode,
    ).toBe(204);
    await post('/api/identity/sign-in-link', { email: 'val@studio.example' });
    const link = new URL(await linkIn('val@studio.example'));
    const followed = await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: AVIATION } });
    expect(followed.headers.location).toBe('/auth/login?problem=emailNeeds2ndFactorVerification');
  });
});

describe('a staff view (impersonation)', () => {
  const ticketOf = (url: string) => new URL(url).hash.replace('#impersonate=', '');

  it('lets platform staff open the storefront as a visitor once, bannered, logged, and ended', async () => {
    const { uid } = (await signUp('zoe@studio.example')).json();
    expect(
      (await t.as('aviationAdmin', { method: 'POST', url: `/api/tenants/aviation/users/${uid}/impersonation` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.as('anonymous', { method: 'POST', url: `/api/tenants/aviation/users/${uid}/impersonation` })).statusCode,
    ).toBe(401);
    expect(
      (await t.as('platformStaff', { method: 'POST', url: '/api/tenants/aviation/users/nobody/impersonation' }))
        .statusCode,
    ).toBe(404);

    const issued = await t.as('platformStaff', {
      method: 'POST',
      url: `/api/tenants/aviation/users/${uid}/impersonation`,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const url = new URL(issued.json().url);
    expect(url.hostname).toBe('aviation.localhost');
    const ticket = ticketOf(issued.json().url);

    const redeemed = await post('/api/identity/impersonation', { ticket });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({
      status: 'authenticated',
      uid,
      email: 'zoe@studio.example',
      impersonatedBy: { email: 'staff@backlot.example' },
    });
    const cookie = cookieOf(redeemed);
    expect((await session(cookie)).json()).toMatchObject({
      status: 'authenticated',
      uid,
      impersonatedBy: { email: 'staff@backlot.example' },
    });
    expect(logLines.join('\n')).toMatch(/"staff":"staff@backlot\.example".*"msg":"impersonation started"/);
    // The visitor's own login record is not touched by a staff view.
    expect(redeemed.json().profile.lastLoginAt).toBe((await t.app.profileStore.get('aviation', uid))!.lastLoginAt);

    expect((await post('/api/identity/impersonation', { ticket })).json()).toMatchObject({
      statusCode: 400,
      reason: 'invalidImpersonationTicket',
    });
    expect((await post('/api/identity/impersonation/stop', {}, { cookie })).statusCode).toBe(204);
    expect((await session(cookie)).json()).toEqual({ status: 'notAuthenticated', reason: 'noToken' });
    // The staff member's own console session is untouched.
    expect((await t.as('platformStaff', { url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

describe('the account (§7)', () => {
  it('changes the password only with the current one, and ends the other sessions', async () => {
    const first = cookieOf(await signUp('amy@studio.example'));
    const second = cookieOf(await post('/api/identity/login', { email: 'amy@studio.example', password: PASSWORD }));
    const wrong = await post(
      '/api/identity/password',
      { password: 'not the passphrase', newPassword: 'a brand new passphrase' },
      { cookie: second },
    );
    expect(wrong.json()).toMatchObject({
      statusCode: 401,
      reason: 'requiresRecentLogin',
      errors: { password: AUTH_MESSAGES.requiresRecentLogin },
    });
    const changed = await post(
      '/api/identity/password',
      { password: PASSWORD, newPassword: 'a brand new passphrase' },
      { cookie: second },
    );
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await session(cookieOf(changed))).json().status).toBe('authenticated');
    expect((await session(first)).json().status).toBe('notAuthenticated');
    expect((await post('/api/identity/login', { email: 'amy@studio.example', password: PASSWORD })).json().reason).toBe(
      'wrongPassword',
    );
    expect(
      (await post('/api/identity/login', { email: 'amy@studio.example', password: 'a brand new passphrase' }))
        .statusCode,
    ).toBe(200);
  });

  it('changes the email only once a link mailed to the new address is followed, and the old address can undo it', async () => {
    await signUp('taken@studio.example');
    const cookie = cookieOf(await signUp('bo@studio.example'));
    expect(
      (await post('/api/identity/email', { password: PASSWORD, newEmail: 'taken@studio.example' }, { cookie })).json(),
    ).toMatchObject({ statusCode: 409, reason: 'firebaseEmailAlreadyInUse' });
    expect(
      (
        await post('/api/identity/email', { password: 'wrong passphrase!', newEmail: 'bo@new.example' }, { cookie })
      ).json().reason,
    ).toBe('requiresRecentLogin');
    const asked = await post('/api/identity/email', { password: PASSWORD, newEmail: 'Bo@New.example' }, { cookie });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ pendingEmail: 'bo@new.example' });
    // Nothing has changed yet: the confirmed address stands everywhere, and the new one logs nobody in.
    expect((await session(cookie)).json()).toMatchObject({
      email: 'bo@studio.example',
      profile: { email: 'bo@studio.example' },
    });
    expect((await post('/api/identity/login', { email: 'bo@new.example', password: PASSWORD })).json().reason).toBe(
      'firebaseUserNotFound',
    );

    const link = new URL(await mailedLink('bo@new.example', 'emailChange'));
    expect((await follow(link)).headers.location).toBe('/onboarding/profile?emailConfirmed=1');
    expect((await session(cookie)).json()).toMatchObject({
      email: 'bo@new.example',
      profile: { email: 'bo@new.example', isEmailVerified: true },
    });
    expect((await follow(link)).headers.location).toBe('/onboarding/profile?problem=invalidEmailVerificationLink');
    expect((await post('/api/identity/login', { email: 'bo@new.example', password: PASSWORD })).statusCode).toBe(200);

    // The old address is told, with a week to put itself back; doing so signs every browser out.
    const [told] = (await mails()).filter((mail) => mail.to === 'bo@studio.example' && mail.kind === 'emailChanged');
    expect(told?.subject).toBe('Your Jetway Props email address was changed');
    const undone = await follow(new URL(await mailedLink('bo@studio.example', 'emailChanged')));
    expect(undone.headers.location).toBe('/auth/login?problem=emailChangeUndone');
    expect((await session(cookie)).json()).toMatchObject({ status: 'notAuthenticated' });
    expect((await post('/api/identity/login', { email: 'bo@new.example', password: PASSWORD })).json().reason).toBe(
      'firebaseUserNotFound',
    );
    expect((await post('/api/identity/login', { email: 'bo@studio.example', password: PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('deletes the account with the password: no session, no profile, no login', async () => {
    const answer = await signUp('cy@studio.example');
    const { uid } = answer.json();
    const cookie = cookieOf(answer);
    expect((await post('/api/identity/delete', { password: 'wrong passphrase!' }, { cookie })).json().reason).toBe(
      'requiresRecentLogin',
    );
    const deleted = await post('/api/identity/delete', { password: PASSWORD }, { cookie });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await session(cookie)).json()).toEqual({ status: 'notAuthenticated', reason: 'noToken' });
    expect(await t.app.profileStore.get('aviation', uid)).toBeUndefined();
    expect((await post('/api/identity/login', { email: 'cy@studio.example', password: PASSWORD })).json().reason).toBe(
      'firebaseUserNotFound',
    );
  });
});

describe('guests (§4 anonymous)', () => {
  it('get a session with no account, and signing up from it keeps wasAnonymous on the profile', async () => {
    const guest = await post('/api/identity/anonymous', {});
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json()).toEqual({ status: 'anonymous' });
    const cookie = cookieOf(guest);
    expect((await session(cookie)).json()).toEqual({ status: 'anonymous' });
    const again = await post('/api/identity/anonymous', {}, { cookie });
    expect(again.json()).toEqual({ status: 'anonymous' });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ url: '/api/identity/events', headers: { host: AVIATION, cookie } })).statusCode).toBe(
      401,
    );

    const upgraded = await post(
      '/api/identity/signup',
      { email: 'gus@studio.example', password: PASSWORD, botCheckToken: await botToken() },
      { cookie },
    );
    expect(upgraded.statusCode, upgraded.body).toBe(201);
    expect(upgraded.json()).toMatchObject({
      status: 'authenticated',
      email: 'gus@studio.example',
      profile: { wasAnonymous: true },
      next: '/onboarding/profile',
    });
    expect(
      (await session(cookieHeader([upgraded.headers['set-cookie'] ?? []].flat().map(String), cookie))).json(),
    ).toMatchObject({ status: 'authenticated', email: 'gus@studio.example' });
    // The guest is gone: its session no longer works.
    expect((await session(cookie)).json().status).toBe('notAuthenticated');
  });

  it('sign up without ever being a guest with wasAnonymous false', async () => {
    expect((await signUp('hal@studio.example')).json().profile.wasAnonymous).toBe(false);
  });
});

// Last, so it reads the log of everything above: sign-ups, logins, codes, links, changes.
describe('the log', () => {
  it('holds no password, no texted code and no mailed link token', async () => {
    const log = logLines.join('\n');
    const linked = (await mails()).filter((mail) => mail.kind === 'magicLink' || mail.kind === 'verifyEmail');
    const linkTokens = await Promise.all(
      linked.map(async (mail) => new URL(await linkOfMail(t.app, mail.file)).searchParams.get('token')!),
    );
    expect(linkTokens.length).toBeGreaterThan(3);
    expect(log).toContain('token=[redacted]');
    for (const token of linkTokens) expect(log).not.toContain(encodeURIComponent(token).slice(0, 24));
    expect(logLines.length).toBeGreaterThan(100);
    for (const secret of [PASSWORD, 'a brand new passphrase', 'not the passphrase']) expect(log).not.toContain(secret);
    const codes = (await (t.app.sms as OutboxSms).list()).map((text) => /\b(\d{6})\b/.exec(text.body)![1]!);
    expect(codes.length).toBeGreaterThan(3);
    for (const code of codes) expect(log).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
  });
});
