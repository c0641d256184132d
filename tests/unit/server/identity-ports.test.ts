/**
 * The identity ports that stand between Backlot and the outside: the §8 messages word for word;
 * the bot check (the local provider's own tokens; reCAPTCHA's protocol against a stand-in
 * siteverify on 127.0.0.1, named as such: the real service is on the internet, so this shows the
 * request and the verdicts, not Google's scoring); the SMS senders (the dev outbox file, and the
 * HTTP provider against a stand-in on 127.0.0.1).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config';
import { LocalBotCheck, RecaptchaBotCheck } from '../../../server/identity/bot-check';
import { recaptchaSources, storefrontCsp } from '../../../server/storefront/csp';
import { AUTH_MESSAGES, AuthFailure } from '../../../server/identity/messages';
import { HttpSmsSender, OutboxSms } from '../../../server/identity/sms';

let standIn: Server;
let url: string;
const requests: Array<{ path: string; headers: IncomingMessage['headers']; body: string }> = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let scratch: string;

beforeAll(async () => {
  standIn = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push({ path: request.url!, headers: request.headers, body });
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;
  scratch = await mkdtemp(path.join(tmpdir(), 'backlot-identity-'));
});
afterAll(async () => {
  await new Promise((resolve) => standIn.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

describe('the §8 catalogue', () => {
  it('says what the spec says, word for word', () => {
    expect(AUTH_MESSAGES.firebaseEmailAlreadyInUse).toBe('This email address is already registered. Please log in.');
    expect(AUTH_MESSAGES.firebaseUserNotFound).toBe(
      'There is no user record corresponding to this identifier. The user may have been deleted.',
    );
    expect(AUTH_MESSAGES.wrongPassword).toBe('The password is invalid or the user does not have a password.');
    expect(AUTH_MESSAGES.invalidEmailLoginLink).toBe('Invalid sign in with email link');
    expect(AUTH_MESSAGES.multiFactorRequired).toBe('The second factor is prompted.');
    expect(new AuthFailure('missingEmail').message).toBe('Missing email address');
    expect(new AuthFailure('botCheckNotLoaded').message).toBe('recaptcha not loaded');
  });
});

describe('the local bot check', () => {
  it('accepts its own token for its action, once issued, until it expires', async () => {
    let now = 1_000_000;
    const check = new LocalBotCheck(Buffer.alloc(32, 7), () => now);
    const token = check.issue('signup');
    await expect(check.verify(token, 'signup')).resolves.toBeUndefined();
    await expect(check.verify(token, 'login')).rejects.toThrow('The bot check was for "signup", not "login".');
    await expect(check.verify(`${token.slice(0, -2)}xx`, 'signup')).rejects.toThrow(/did not recognise/);
    await expect(
      check.verify(new LocalBotCheck(Buffer.alloc(32, 8), () => now).issue('signup'), 'signup'),
    ).rejects.toThrow(/did not recognise/);
    await expect(check.verify(undefined, 'signup')).rejects.toThrow('recaptcha not loaded');
    now += 2 * 60_000 + 1;
    await expect(check.verify(token, 'signup')).rejects.toThrow('The bot check has expired: try again.');
  });
});

describe('reCAPTCHA (against a stand-in siteverify on 127.0.0.1)', () => {
  const check = () => new RecaptchaBotCheck('server-secret', { endpoint: `${url}/recaptcha/api/siteverify` });

  it('posts the secret and the token, and holds action and score', async () => {
    answer = { status: 200, body: { success: true, action: 'signup', score: 0.9 } };
    await check().verify('browser-token', 'signup');
    const sent = requests.at(-1)!;
    expect(sent.path).toBe('/recaptcha/api/siteverify');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      secret: 'server-secret',
      response: 'browser-token',
    });
    answer = { status: 200, body: { success: true, action: 'login', score: 0.9 } };
    await expect(check().verify('browser-token', 'signup')).rejects.toThrow(
      'The bot check was for "login", not "signup".',
    );
    answer = { status: 200, body: { success: true, action: 'signup', score: 0.1 } };
    await expect(check().verify('browser-token', 'signup')).rejects.toThrow(/not sure this is a person/);
    answer = { status: 200, body: { success: false } };
    await expect(check().verify('browser-token', 'signup')).rejects.toThrow(/did not recognise/);
    answer = { status: 503, body: {} };
    await expect(check().verify('browser-token', 'signup')).rejects.toThrow(/could not be reached/);
    await expect(check().verify('', 'signup')).rejects.toThrow('recaptcha not loaded');
  });
});

describe('choosing the bot check', () => {
  const env = (extra: Record<string, string>) => configFromEnv(extra).botCheck;

  it('is local without keys, and reCAPTCHA at Google with both', () => {
    expect(env({})).toEqual({ provider: 'local' });
    expect(env({ BACKLOT_RECAPTCHA_SITE_KEY: 'site', BACKLOT_RECAPTCHA_SECRET_KEY: 'secret' })).toEqual({
      provider: 'recaptcha',
      siteKey: 'site',
      secretKey: 'secret',
      origin: 'https://www.google.com',
      minimumScore: 0.5,
    });
    expect(
      env({
        BACKLOT_RECAPTCHA_SITE_KEY: 's',
        BACKLOT_RECAPTCHA_SECRET_KEY: 'k',
        BACKLOT_RECAPTCHA_ORIGIN: 'https://www.recaptcha.net/',
        BACKLOT_RECAPTCHA_MIN_SCORE: '0.7',
      }),
    ).toMatchObject({
      origin: 'https://www.recaptcha.net',
      minimumScore: 0.7,
    });
  });

  it('refuses half a setting, a bad origin or score, each in one plain line', () => {
    expect(() => env({ BACKLOT_RECAPTCHA_SITE_KEY: 'site' })).toThrow(
      'reCAPTCHA needs both BACKLOT_RECAPTCHA_SITE_KEY and BACKLOT_RECAPTCHA_SECRET_KEY; missing BACKLOT_RECAPTCHA_SECRET_KEY',
    );
    const keys = { BACKLOT_RECAPTCHA_SITE_KEY: 's', BACKLOT_RECAPTCHA_SECRET_KEY: 'k' };
    expect(() => env({ ...keys, BACKLOT_RECAPTCHA_ORIGIN: 'ftp://recaptcha.example' })).toThrow(
      /BACKLOT_RECAPTCHA_ORIGIN must be an https origin/,
    );
    expect(() => env({ ...keys, BACKLOT_RECAPTCHA_MIN_SCORE: '5' })).toThrow(
      'BACKLOT_RECAPTCHA_MIN_SCORE must be a number from 0 to 1, not "5"',
    );
  });

  it("tells the browser reCAPTCHA's site key and script, and the pages' CSP lets that script and its frame in", async () => {
    const settings = {
      provider: 'recaptcha',
      siteKey: 'site key',
      secretKey: 'k',
      origin: url,
      minimumScore: 0.5,
    } as const;
    expect(RecaptchaBotCheck.fromSettings(settings).forBrowser()).toEqual({
      provider: 'recaptcha',
      siteKey: 'site key',
      scriptUrl: `${url}/recaptcha/api.js?render=site%20key`,
    });
    answer = { status: 200, body: { success: true, action: 'signup', score: 0.6 } };
    await RecaptchaBotCheck.fromSettings(settings).verify('browser-token', 'signup');
    expect(requests.at(-1)!.path).toBe('/recaptcha/api/siteverify');
    expect(new LocalBotCheck().forBrowser('signup')).toMatchObject({
      provider: 'local',
      token: expect.stringMatching(/^signup\./),
    });

    const csp = (botCheck?: { scripts: string[]; frames: string[] }) =>
      Object.fromEntries(
        storefrontCsp({ inlineStyle: '', tracking: false, dev: false, ...(botCheck && { botCheck }) })
          .split('; ')
          .map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
      );
    expect(csp()['script-src']).toEqual(["'self'"]);
    expect(csp()['frame-src']).toEqual(["'self'"]);
    const withRecaptcha = csp(recaptchaSources('https://www.google.com'));
    expect(withRecaptcha['script-src']).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(withRecaptcha['frame-src']).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
  });
});

describe('SMS', () => {
  it('writes dev texts to the outbox file, in order', async () => {
    const outbox = new OutboxSms(path.join(scratch, 'outbox'));
    await outbox.send({ to: '+18185550140', body: 'Your Jetway Props code is 123456', tenantId: 'aviation' });
    await outbox.send({ to: '+18185550141', body: 'Your Jetway Props code is 654321', tenantId: 'aviation' });
    expect((await outbox.list()).map((text) => [text.to, text.body])).toEqual([
      ['+18185550140', 'Your Jetway Props code is 123456'],
      ['+18185550141', 'Your Jetway Props code is 654321'],
    ]);
  });

  it('posts to the HTTP provider (a stand-in on 127.0.0.1) with its key, and says when it fails', async () => {
    const sender = new HttpSmsSender({ url: `${url}/sms`, key: 'provider-key', from: 'Backlot' });
    answer = { status: 202, body: { id: 'msg-1' } };
    await sender.send({ to: '+18185550140', body: 'Your code is 123456', tenantId: 'aviation' });
    const sent = requests.at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer provider-key');
    expect(JSON.parse(sent.body)).toEqual({ to: '+18185550140', from: 'Backlot', body: 'Your code is 123456' });
    answer = { status: 500, body: {} };
    await expect(sender.send({ to: '+1', body: 'x', tenantId: 'aviation' })).rejects.toThrow(
      'The text message could not be sent (the provider answered 500). Try again in a moment.',
    );
  });
});
