/**
 * The console end to end (first slice of its issue): the built server on a temp copy of tenants/,
 * Debian's Chromium, every off-machine request aborted. Platform staff log in, see the tenants,
 * edit branding and site (inputs from the schema), save, and the storefront shows it; the
 * schema's bounds are checked in the form; a tenant admin lands in their tenant and cannot reach
 * another (UI and API); axe-core finds no serious or critical violation. Screenshots go to
 * .tmp/artifacts/console/.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, containedContext, launchChromium } from '../helpers/browser';
import { backlot } from '../helpers/cli';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

const PASSWORD = 'correct horse battery staple';
const STAFF = 'staff@backlot.example';
const AVIATION_ADMIN = 'owner@jetwayprops.com';
const artifacts = path.join(repoRoot, '.tmp/artifacts/console');

let root: string;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-console-'));
  for (const tenant of ['aviation', 'platform']) await cp(path.join(tenantsDir, tenant), path.join(root, 'tenants', tenant), { recursive: true });
  const env = { BACKLOT_TENANTS_DIR: path.join(root, 'tenants'), BACKLOT_DATA_DIR: path.join(root, '.data') };
  const added = await backlot(['admin', 'add', '--email', AVIATION_ADMIN, '--password', PASSWORD, '--role', 'tenant-admin', '--tenant', 'aviation', '--yes'], { env });
  expect(added.code, added.stderr).toBe(0);
  server = await startServer({ ...env, BACKLOT_ADMIN_EMAIL: STAFF, BACKLOT_ADMIN_PASSWORD: PASSWORD });
  browser = await launchChromium();
  await mkdir(artifacts, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

async function logIn(email: string, options: { bypassCSP?: boolean } = {}) {
  const contained = await containedContext(browser, { viewport: { width: 1280, height: 800 }, ...options });
  const page = await contained.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/admin/`);
  await page.locator('input[name=username]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { ...contained, page, errors };
}


describe('the console', () => {
  it('lets platform staff pick a tenant, edit branding from schema-made inputs, save, and the storefront shows it', async () => {
    const { page, context, blocked, errors } = await logIn(STAFF, { bypassCSP: true });
    await page.waitForURL(/#\/tenants/);
    await page.getByRole('cell', { name: 'aviation', exact: true }).waitFor();
    await expect(page.getByRole('cell', { name: 'platform', exact: true }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'tenants_1280.png'), fullPage: true });

    await page.getByRole('cell', { name: 'aviation', exact: true }).click();
    await page.waitForURL(/#\/t\/aviation\/site/);
    await expect(page.getByLabel(/^Domain/).inputValue()).resolves.toBe('www.jetwayprops.com');
    expect(await page.getByLabel(/^Domain/).getAttribute('readonly')).toBeNull();
    await page.getByRole('tab', { name: 'Branding' }).click();
    const title = page.getByLabel(/^App title/);
    await title.fill('Jetway Props Studio');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'site_branding_1280.png'), fullPage: true });
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save' }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await page.getByText('Element updated').waitFor();

    const storefront = await http(`${server.url}/pages/credits`, { headers: { host: 'aviation.localhost' } });
    expect(/<title>([^<]*)<\/title>/.exec(storefront.text)?.[1]).toBe('Credits | Jetway Props Studio');
    await page.reload();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expect(page.getByLabel(/^App title/).inputValue()).resolves.toBe('Jetway Props Studio');
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks the schema bounds in the form before anything is sent', async () => {
    const { page, context } = await logIn(STAFF);
    await page.waitForURL(/#\/tenants/);
    await page.goto(`${server.url}/admin/#/t/aviation/site/catalogue`);
    const columns = page.getByLabel(/^Maximum grid columns/);
    await columns.fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Must be 6 or less').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'site_catalogue_invalid_1280.png'), fullPage: true });
    await context.close();
  });

  it('lands a tenant admin in their tenant, with the domain read-only, and keeps every other tenant out', async () => {
    const { page, context } = await logIn(AVIATION_ADMIN);
    await page.waitForURL(/#\/t\/aviation\/site/);
    await expect(page.getByLabel(/^Domain/).getAttribute('readonly')).resolves.not.toBeNull();
    expect(await page.getByRole('menuitem', { name: 'Tenants' }).count()).toBe(0);
    await page.screenshot({ path: path.join(artifacts, 'site_identity_tenant-admin_1280.png'), fullPage: true });
    await page.goto(`${server.url}/admin/#/t/platform/site`);
    await expect(page.getByLabel(/^App title/).count()).resolves.toBe(0);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    // The API does not even confirm that another tenant exists.
    expect((await http(`${server.url}/api/tenants/platform/settings/site`, { headers: { cookie } })).status).toBe(404);
    expect((await http(`${server.url}/api/tenants/aviation/settings/site`, { headers: { cookie } })).status).toBe(200);
    await context.close();
  });
});
