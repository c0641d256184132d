/**
 * The production bot check in the browser (spec §5, §7): with reCAPTCHA v3 configured, the sign-up
 * page loads its script (allowed by the page's CSP, which the test does not bypass), asks it for a
 * token with the action 'signup', and the server verifies that token at siteverify.
 * - Stand-in: no Google service can run here, so the first server's BACKLOT_RECAPTCHA_ORIGIN is a
 *   stand-in on 127.0.0.1 serving `/recaptcha/api.js` (a `grecaptcha` whose tokens name their
 *   action) and `/recaptcha/api/siteverify`. It proves our half: the script's address, the CSP,
 *   the action, the round trip and the score floor; not Google's scoring.
 * - The second server keeps Google's own origin: the script is requested, aborted like every
 *   off-machine request, and the visitor reads §5's 'recaptcha not loaded'.
 */
import { mkdtemp, rm, cp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containedContext, launchChromium } from '../helpers/browser';
import { tenantsDir } from '../helpers/paths';
import { startServer, type ServerProcess } from '../helpers/server-process';

const SITE_KEY = 'site-key-for-the-test';
/** What the stand-in's siteverify saw, and the score it gives. */
const verified: Array<Record<string, string>> = [];
let score = 0.9;

const STAND_IN_SCRIPT = `window.grecaptcha = {
  ready: (callback) => setTimeout(callback, 0),
  execute: (siteKey, options) => Promise.resolve('stand-in.' + siteKey + '.' + options.action),
};`;

function startStandIn(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://stand-in');
    if (url.pathname === '/recaptcha/api.js') {
      verified.push({ script: url.searchParams.get('render') ?? '' });
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(STAND_IN_SCRIPT);
      return;
    }
    if (url.pathname === '/recaptcha/api/siteverify' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        verified.push(form);
        const [, siteKey, action] = (form.response ?? '').split('.');
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ success: siteKey === SITE_KEY && form.secret === 'secret-for-the-test', action, score }),
          );
      });
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let root: string;
let standIn: Server;
let withStandIn: ServerProcess;
let withGoogle: ServerProcess;
let browser: Browser;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-recaptcha-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants', 'aviation'), { recursive: true });
  standIn = await startStandIn();
  const keys = {
    BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
    BACKLOT_RECAPTCHA_SITE_KEY: SITE_KEY,
    BACKLOT_RECAPTCHA_SECRET_KEY: 'secret-for-the-test',
  };
  [withStandIn, withGoogle, browser] = await Promise.all([
    startServer({
      ...keys,
      BACKLOT_DATA_DIR: path.join(root, 'data-1'),
      BACKLOT_RECAPTCHA_ORIGIN: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
    }),
    startServer({ ...keys, BACKLOT_DATA_DIR: path.join(root, 'data-2') }),
    launchChromium(),
  ]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([withStandIn?.stop(), withGoogle?.stop()]);
  await new Promise((done) => standIn?.close(done));
  await rm(root, { recursive: true, force: true });
}, 30_000);

async function signUp(server: ServerProcess, email: string) {
  // The page's own CSP stays on: reCAPTCHA's script must be allowed by it.
  const contained = await containedContext(browser, { viewport: { width: 1280, height: 800 } });
  const page = await contained.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on(
    'console',
    (message) =>
      message.type() === 'error' && /Content Security Policy/.test(message.text()) && errors.push(message.text()),
  );
  await page.goto(`${server.url.replace('127.0.0.1', 'aviation.localhost')}/auth/signup`);
  await page.locator('html[data-hydrated]').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Choose a password').fill('a long enough passphrase');
  await page.locator('form').getByRole('button', { name: 'Sign up' }).click();
  return { ...contained, page, errors };
}

describe('reCAPTCHA v3 as the bot check', () => {
  it("loads the script on sign-up, asks for the 'signup' action, and the server verifies the token", async () => {
    const { page, context, errors } = await signUp(withStandIn, 'dana@studio.example');
    await page.waitForURL(/\/onboarding\/profile$/);
    expect(verified).toEqual([
      { script: SITE_KEY },
      { secret: 'secret-for-the-test', response: `stand-in.${SITE_KEY}.signup` },
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a sign-up the check scores below the floor, and says why', async () => {
    score = 0.1;
    const { page, context } = await signUp(withStandIn, 'bot@studio.example');
    await page
      .getByRole('alert')
      .getByText('The bot check was not sure this is a person: try again, or contact us.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/signup');
    score = 0.9;
    await context.close();
  });

  it("says 'recaptcha not loaded' when Google's script cannot be fetched, and makes no account", async () => {
    const { page, context, blocked, errors } = await signUp(withGoogle, 'kim@studio.example');
    await page.getByRole('alert').getByText('recaptcha not loaded').waitFor();
    expect(blocked).toContain(`https://www.google.com/recaptcha/api.js?render=${SITE_KEY}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
