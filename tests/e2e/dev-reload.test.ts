/**
 * `npm run dev` (BACKLOT_DEV=1, the server from source through tsx, the storefront and the
 * console through Vite's middleware): editing a tenant file reloads the open page, and an invalid
 * edit shows its located problems in Vite's overlay over the page instead of breaking it; the
 * console is served from its sources with Vite's hot-reload client connected, against the same API.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { containedContext, launchChromium } from '../helpers/browser';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { startServer, type ServerProcess } from '../helpers/server-process';

let root: string;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-dev-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants/aviation'), { recursive: true });
  server = await startServer(
    {
      BACKLOT_DEV: '1',
      BACKLOT_ADMIN_EMAIL: 'staff@backlot.example',
      BACKLOT_ADMIN_PASSWORD: 'correct horse battery staple',
      BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
      BACKLOT_DATA_DIR: path.join(root, '.data'),
    },
    [process.execPath, path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), path.join(repoRoot, 'server/main.ts')],
  );
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

it('reloads the open page on a tenant edit, and overlays the located problems of an invalid one', async () => {
  const { context } = await containedContext(browser);
  const page = await context.newPage();
  await page.goto(`http://aviation.localhost:${server.port}/pages/credits`);
  await page.waitForSelector('html[data-hydrated]');
  const file = path.join(root, 'tenants/aviation/site.json');
  const original = await readFile(file, 'utf8');

  // A marker that a reload wipes.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await writeFile(file, original.replace('"appTitle": "Jetway Props"', '"appTitle": "Jetway Props Live"'));
  await page.waitForFunction(
    () =>
      !(window as unknown as { notReloaded?: boolean }).notReloaded && document.title === 'Credits | Jetway Props Live',
    undefined,
    { timeout: 10_000 },
  );

  await writeFile(file, original.replace('"maxColumnCount": 3', '"maxColumnCount": "three"'));
  const overlay = page.locator('vite-error-overlay');
  await overlay.waitFor({ timeout: 10_000 });
  await expect
    .poll(() => overlay.evaluate((element) => element.shadowRoot!.textContent), { timeout: 10_000 })
    .toMatch(/site\.json:\d+:\d+ \/maxColumnCount must be/);
  await context.close();
});

it('serves the console from its sources with hot reload, against the same API', async () => {
  const { context } = await containedContext(browser);
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.goto(`http://127.0.0.1:${server.port}/admin/`);
  // Vite pre-bundles react-admin on the console's first request in dev: on 2 busy cores, longer than a click's default wait.
  await page
    .locator('input[name=username]')
    .waitFor({ timeout: 120_000 })
    .catch((error: Error) => {
      throw new Error(
        `${error.message}\nbrowser console:\n${messages.join('\n')}\nserver log:\n${server.log().slice(-3000)}`,
      );
    });
  await page.locator('input[name=username]').fill('staff@backlot.example');
  await page.locator('input[name=password]').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('cell', { name: 'aviation', exact: true }).waitFor({ timeout: 30_000 });
  // The page runs the sources (admin/main.tsx), and Vite's client holds its socket open for updates.
  expect(
    await page.evaluate(() => [...document.scripts].some((script) => script.src.endsWith('/admin/main.tsx'))),
  ).toBe(true);
  await expect.poll(() => messages.some((text) => text.includes('[vite] connected')), { timeout: 10_000 }).toBe(true);
  await context.close();
}, 180_000);
