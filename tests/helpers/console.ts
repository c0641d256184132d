/**
 * The console under test: the built server on a temp copy of tenants/ (aviation and platform),
 * a platform account and an aviation tenant admin, Debian's Chromium with every off-machine
 * request aborted. `logIn` opens a fresh browser context signed in as one of them.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { expect } from 'vitest';
import { containedContext, launchChromium } from './browser';
import { backlot } from './cli';
import { repoRoot, tenantsDir } from './paths';
import { http, startServer, type ServerProcess } from './server-process';

export const PASSWORD = 'correct horse battery staple';
export const STAFF = 'staff@backlot.example';
export const AVIATION_ADMIN = 'owner@jetwayprops.com';

/** The platform staff's session on a server process started with BACKLOT_ADMIN_EMAIL/PASSWORD set to STAFF and PASSWORD: its cookie. */
export async function staffCookie(url: string): Promise<string> {
  const login = await http(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: url },
    body: { email: STAFF, password: PASSWORD },
  });
  expect(login.status, login.text).toBe(200);
  return String(login.headers['set-cookie']).split(';')[0]!;
}

export interface ConsoleUnderTest {
  server: ServerProcess;
  browser: Browser;
  root: string;
  /** Where screenshots go: .tmp/artifacts/<name>/. */
  artifacts: string;
  logIn(
    email: string,
    options?: BrowserContextOptions,
  ): Promise<
    Awaited<ReturnType<typeof containedContext>> & {
      page: import('playwright-core').Page;
      errors: string[];
      cookie(): Promise<string>;
    }
  >;
  /** The storefront page at `pathname`, as the aviation host gets it. */
  storefront(pathname: string): Promise<string>;
  /**
   * Signs a visitor up in `page` (on the aviation storefront at `storefrontUrl`) and approves them
   * as the aviation admin through the console API; the admin's signed-in browser comes back.
   */
  signUpApproved(
    page: import('playwright-core').Page,
    storefrontUrl: string,
    email: string,
  ): ReturnType<ConsoleUnderTest['logIn']>;
  /** Signs a visitor up on a storefront through its sign-up page; their uid once the onboarding page is open. */
  signUp(page: import('playwright-core').Page, storefrontUrl: string, email: string): Promise<string>;
  close(): Promise<void>;
}

/** `env` adds server settings (the identity flows raise the sign-in rate limit, tested on its own in tests/server); `browserArgs` adds Chromium flags (a fake camera); `tenants`, the shipped tenants it serves (aviation and platform unless said). */
export async function startConsole(
  name: string,
  env: Record<string, string> = {},
  options: { browserArgs?: readonly string[]; tenants?: readonly string[] } = {},
): Promise<ConsoleUnderTest> {
  const root = await mkdtemp(path.join(tmpdir(), `backlot-${name}-`));
  for (const tenant of options.tenants ?? ['aviation', 'platform'])
    await cp(path.join(tenantsDir, tenant), path.join(root, 'tenants', tenant), { recursive: true });
  const dirs = { BACKLOT_TENANTS_DIR: path.join(root, 'tenants'), BACKLOT_DATA_DIR: path.join(root, '.data') };
  const added = await backlot(
    [
      'admin',
      'add',
      '--email',
      AVIATION_ADMIN,
      '--password',
      PASSWORD,
      '--role',
      'tenant-admin',
      '--tenant',
      'aviation',
      '--yes',
    ],
    { env: dirs },
  );
  expect(added.code, added.stderr).toBe(0);
  const server = await startServer({ ...dirs, ...env, BACKLOT_ADMIN_EMAIL: STAFF, BACKLOT_ADMIN_PASSWORD: PASSWORD });
  const browser = await launchChromium(options.browserArgs);
  const artifacts = path.join(repoRoot, '.tmp/artifacts', name);
  await mkdir(artifacts, { recursive: true });
  const underTest: ConsoleUnderTest = {
    server,
    browser,
    root,
    artifacts,
    async logIn(email, options = {}) {
      const contained = await containedContext(browser, { viewport: { width: 1280, height: 800 }, ...options });
      const page = await contained.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // A crash react-admin's error boundary catches (its page says "Something went wrong") is only logged.
      page.on('console', (message) => {
        if (message.type() === 'error' && /^(TypeError|ReferenceError|RangeError)\b/.test(message.text()))
          errors.push(message.text().split('\n')[0]!);
      });
      await page.goto(`${server.url}/admin/`);
      await page.locator('input[name=username]').fill(email);
      await page.locator('input[name=password]').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const cookie = async () => (await contained.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      return { ...contained, page, errors, cookie };
    },
    async signUp(page, storefrontUrl, email) {
      await page.goto(`${storefrontUrl}/auth/signup`);
      await page.locator('html[data-hydrated]').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Choose a password').fill('a long enough passphrase');
      await page.locator('form').getByRole('button', { name: 'Sign up' }).click();
      await page.waitForURL(/onboarding/);
      return (
        (await page.evaluate(() => fetch('/api/identity/session').then((response) => response.json()))) as {
          uid: string;
        }
      ).uid;
    },
    async signUpApproved(page, storefrontUrl, email) {
      const uid = await underTest.signUp(page, storefrontUrl, email);
      const admin = await underTest.logIn(AVIATION_ADMIN);
      await admin.page.waitForURL(/#\/t\/aviation\//);
      const approved = await http(`${server.url}/api/tenants/aviation/users/${uid}`, {
        method: 'PUT',
        headers: { cookie: await admin.cookie(), origin: server.url },
        body: { isAuthorized: true },
      });
      expect(approved.status, approved.text).toBe(200);
      return admin;
    },
    async storefront(pathname) {
      return (await http(`${server.url}${pathname}`, { headers: { host: 'aviation.localhost' } })).text;
    },
    async close() {
      await browser?.close();
      await server?.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
  return underTest;
}
