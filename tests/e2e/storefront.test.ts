/**
 * The storefront end to end: the built server (`npm start`'s dist/server/main.js) on a free
 * loopback port, driven in Debian's Chromium. For aviation, platform and a tenant made by
 * `backlot new`: every header, dropdown, footer and social link with its configured label and
 * target; every §2 route 200 and hydrated without errors; keyboard-only dropdowns; navigation
 * without JavaScript; axe-core on every page; a change through the API shown on reload; no
 * request leaves the machine. Screenshots of every page at 375 and 1280 px are saved to
 * .tmp/artifacts/storefront/ (CI keeps them as artefacts).
 */
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_ROUTES } from '../../schema/routes';
import type { SiteSettings } from '../../schema/types.generated';
import { axeViolations, containedContext, launchChromium } from '../helpers/browser';
import { backlot } from '../helpers/cli';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';
import { SPEC_FOOTER_LABELS } from '../fixtures/spec-footer';

const artifacts = path.join(repoRoot, '.tmp/artifacts/storefront');
const TENANTS = ['aviation', 'platform', 'studio-nine'] as const;

let root: string;
let server: ServerProcess;
let browser: Browser;
const sites = new Map<string, SiteSettings>();

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-e2e-'));
  const tenants = path.join(root, 'tenants');
  for (const tenant of ['aviation', 'platform'])
    await cp(path.join(tenantsDir, tenant), path.join(tenants, tenant), { recursive: true });
  const made = await backlot(
    ['new', 'studio-nine', '--name', 'Studio Nine Rentals', '--domain', 'www.studionine.example', '--yes'],
    { env: { BACKLOT_TENANTS_DIR: tenants } },
  );
  expect(made.code, made.stderr).toBe(0);
  for (const tenant of TENANTS)
    sites.set(tenant, JSON.parse(await readFile(path.join(tenants, tenant, 'site.json'), 'utf8')));
  server = await startServer({
    BACKLOT_TENANTS_DIR: tenants,
    BACKLOT_DATA_DIR: path.join(root, '.data'),
    BACKLOT_ADMIN_EMAIL: 'staff@backlot.example',
    BACKLOT_ADMIN_PASSWORD: 'correct horse battery staple',
  });
  browser = await launchChromium();
  await mkdir(artifacts, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(root, { recursive: true, force: true });
});

const origin = (tenant: string) => `http://${tenant}.localhost:${server.port}`;

/** A page that fails the test on any script error or console error (blocked off-machine requests aside). */
async function openPage(tenant: string, options: Parameters<typeof containedContext>[1] = {}) {
  const contained = await containedContext(browser, options);
  const page = await contained.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Blocked off-machine requests, and the 404 status of the not-found page itself, are expected.
    const expected =
      /ERR_PROXY_CONNECTION_FAILED|ERR_BLOCKED_BY_CLIENT|ERR_FAILED/.test(message.text()) ||
      (/status of 404/.test(message.text()) && message.location().url.endsWith('/no-such-page'));
    if (message.type() === 'error' && !expected) errors.push(`console: ${message.text()}`);
  });
  return { ...contained, page, errors, goto: (pathname: string) => page.goto(`${origin(tenant)}${pathname}`) };
}

describe.each(TENANTS)('storefront of %s', (tenant) => {
  it('answers every §2 route with 200, hydrates without errors, passes axe, and is screenshotted at 375 and 1280 px', async () => {
    // axe's script is injected, which the page's CSP (rightly) forbids: this context bypasses it.
    const { page, errors, goto, context } = await openPage(tenant, { bypassCSP: true });
    const site = sites.get(tenant)!;
    for (const route of [...STOREFRONT_ROUTES.map((r) => r.path), '/no-such-page']) {
      const response = await goto(route);
      expect(response!.status(), route).toBe(route === '/no-such-page' ? 404 : 200);
      await page.waitForSelector('html[data-hydrated]');
      expect(await page.title(), route).toContain(route === '/' ? (site.meta?.title ?? site.appTitle) : site.appTitle);
      expect(await axeViolations(page), `${tenant} ${route}`).toEqual([]);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
        await page.screenshot({
          path: path.join(artifacts, `${tenant}${route === '/' ? '_home' : route.replace(/\//g, '_')}_${width}.png`),
          fullPage: true,
        });
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every configured header, dropdown, footer and social link with its label and target', async () => {
    const { page, goto, context } = await openPage(tenant);
    const site = sites.get(tenant)!;
    await goto('/');
    const header = page.getByRole('navigation', { name: 'Main' });
    for (const link of site.headerLinks ?? []) {
      if (link.children?.length || link.categoryDropdown) {
        await header.getByText(link.label, { exact: true }).click();
        const menu = header.locator('details[open] .dropdown-menu');
        for (const child of link.children ?? [])
          await expect(menu.getByRole('link', { name: child.label, exact: true }).getAttribute('href')).resolves.toBe(
            child.target,
          );
        if (link.categoryDropdown) {
          const groups = JSON.parse(
            await readFile(path.join(root, 'tenants', tenant, 'categories.json'), 'utf8'),
          ).groups.filter((g: { kind?: string }) => (g.kind ?? 'rental') === 'rental');
          for (const group of groups)
            await expect(menu.getByRole('link', { name: group.name, exact: true }).getAttribute('href')).resolves.toBe(
              `/rentals/${group.slug}`,
            );
        }
        await page.keyboard.press('Escape');
      } else {
        await expect(header.getByRole('link', { name: link.label, exact: true }).getAttribute('href')).resolves.toBe(
          link.target,
        );
      }
    }
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const footerLinks = site.footerLinks ?? [];
    expect(await footer.getByRole('link').count()).toBe(footerLinks.length);
    for (const link of footerLinks)
      await expect(footer.getByRole('link', { name: link.label, exact: true }).getAttribute('href')).resolves.toBe(
        link.target,
      );
    const social = page.getByRole('list', { name: 'Follow us' });
    for (const link of site.socialLinks ?? [])
      await expect(social.locator(`a[href="${link.url}"]`).count()).resolves.toBe(1);
    if (tenant === 'aviation') {
      expect(footerLinks.map((link) => link.label)).toEqual([...SPEC_FOOTER_LABELS]);
      expect(
        await social.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label'))),
      ).toEqual(['Facebook', 'Instagram', 'Twitter / X']);
    }
    // A footer link navigates.
    const last = footerLinks[footerLinks.length - 1]!;
    await footer.getByRole('link', { name: last.label, exact: true }).click();
    await page.waitForURL(`${origin(tenant)}${last.target}`);
    await context.close();
  });
});

describe('header dropdowns', () => {
  it('work from the keyboard alone: Tab reaches them, ArrowDown opens and focuses, Escape closes and returns focus, Enter follows a link', async () => {
    const { page, goto, context } = await openPage('aviation');
    await goto('/');
    await page.waitForSelector('html[data-hydrated]');
    for (const label of ['Rentals', 'Menu']) {
      const summary = page.locator('summary', { hasText: label });
      for (let i = 0; i < 20 && !(await summary.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      await expect(summary.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect(
        page
          .locator('details[open] .dropdown-menu a')
          .first()
          .evaluate((el) => el === document.activeElement),
      ).resolves.toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect(
        page
          .locator('details[open] .dropdown-menu a')
          .nth(1)
          .evaluate((el) => el === document.activeElement),
      ).resolves.toBe(true);
      await page.keyboard.press('Escape');
      expect(await page.locator('details[open]').count()).toBe(0);
      await expect(summary.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.locator('details[open]').count()).toBe(1);
      await page.keyboard.press('Escape');
    }
    // Only one open at a time, and a click outside closes it.
    await page.locator('summary', { hasText: 'Rentals' }).click();
    await page.locator('summary', { hasText: 'Menu' }).click();
    expect(await page.locator('details[open] summary').allTextContents()).toEqual(['Menu']);
    await page.locator('main h1').click();
    expect(await page.locator('details[open]').count()).toBe(0);
    // Enter on a focused item navigates.
    await page.locator('summary', { hasText: 'Rentals' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin('aviation')}/rentals/aviation-sets`);
    await context.close();
  });

  it('work without JavaScript, and so does every navigation', async () => {
    const { page, goto, context } = await openPage('aviation', { javaScriptEnabled: false });
    await goto('/');
    await page.locator('summary', { hasText: 'Rentals' }).click();
    await page.getByRole('link', { name: 'Seats', exact: true }).click();
    await page.waitForURL(`${origin('aviation')}/rentals/seats`);
    expect(await page.locator('h1').textContent()).toBe('Seats');
    await page.locator('summary', { hasText: 'Menu' }).click();
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.waitForURL(`${origin('aviation')}/contact-us`);
    expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('dialogs', () => {
  it('asks before discarding a dirty modal (Escape and the close button), one confirmation at a time, and gives focus back', async () => {
    const { page, goto, context, errors } = await openPage('aviation');
    await goto('/contact-us');
    await page.waitForSelector('html[data-hydrated]');
    const trigger = page.getByRole('link', { name: 'Request a quote' }).last();
    await trigger.click();
    const modal = page.getByRole('dialog', { name: 'Request a quote' });
    await expect(modal.isVisible()).resolves.toBe(true);
    // Clean: Escape closes at once.
    await page.keyboard.press('Escape');
    await expect(modal.isVisible()).resolves.toBe(false);
    await expect(trigger.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // Dirty: Escape asks; Escape on the question cancels it and keeps what was typed.
    await trigger.click();
    await modal.getByLabel('Your name').fill('Dana R.');
    await page.keyboard.press('Escape');
    const question = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(question.isVisible()).resolves.toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(1);
    await expect(
      question.getByRole('button', { name: 'Discard' }).evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(question.isVisible()).resolves.toBe(false);
    await expect(modal.getByLabel('Your name').inputValue()).resolves.toBe('Dana R.');

    // The close button asks too; Enter confirms, and the modal goes.
    await modal.getByRole('button', { name: 'Close' }).click();
    await question.waitFor();
    await page.keyboard.press('Enter');
    await expect(modal.isVisible()).resolves.toBe(false);
    await expect(trigger.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves the quote link a plain mailto: link without JavaScript', async () => {
    const { page, goto, context } = await openPage('aviation', { javaScriptEnabled: false });
    await goto('/contact-us');
    await expect(page.getByRole('link', { name: 'Request a quote' }).last().getAttribute('href')).resolves.toBe(
      'mailto:rentals@jetwayprops.com?subject=Request%20a%20quote',
    );
    await context.close();
  });
});

describe('what leaves the machine, and what changes', () => {
  it('requests the tag manager only for a tenant that configures it, and it is aborted', async () => {
    const aviation = await openPage('aviation');
    await aviation.goto('/');
    expect(
      aviation.blocked.some((url) => url.startsWith('https://www.googletagmanager.com/gtag/js?id=G-JETWAY2026')),
    ).toBe(true);
    expect(
      await aviation.page.evaluate(() => Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer)),
    ).toBe(true);
    const fresh = await openPage('studio-nine');
    await fresh.goto('/');
    await fresh.page.waitForSelector('html[data-hydrated]');
    expect(fresh.blocked).toEqual([]);
    await aviation.context.close();
    await fresh.context.close();
  });

  it('shows a change saved through the API on the next reload', async () => {
    const { page, goto, context } = await openPage('platform');
    await goto('/pages/about-us');
    const login = await http(`${server.url}/api/auth/login`, {
      method: 'POST',
      body: { email: 'staff@backlot.example', password: 'correct horse battery staple' },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const current = await http(`${server.url}/api/tenants/platform`, { headers: { cookie } });
    const tenant = current.json();
    tenant.site.appTitle = 'Backlot Marketplace';
    const saved = await http(`${server.url}/api/tenants/platform`, {
      method: 'PUT',
      headers: { cookie, origin: server.url, 'if-match': String(current.headers.etag) },
      body: tenant,
    });
    expect(saved.status, saved.text).toBe(200);
    await page.reload();
    expect(await page.title()).toBe('About Us | Backlot Marketplace');
    await context.close();
  });
});
