/**
 * What a tenant admin's first day found, end to end in Chromium against the built server on a
 * temp copy of tenants/ (every off-machine request aborted): an edit left through the menu is
 * asked about, not dropped; another tenant's address shows "not found, or not yours" and
 * nothing of it; a tenant file broken by hand keeps the storefront up and is repaired from the
 * console. Screenshots go to .tmp/artifacts/console-first-day/.
 */
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/browser';
import { AVIATION_ADMIN, STAFF, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;

beforeAll(async () => {
  app = await startConsole('console-first-day');
}, 60_000);

afterAll(() => app?.close());

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(app.artifacts, `${name}.png`), fullPage: true });

describe("a tenant admin's first day", () => {
  it('asks before an edit is left through the menu, keeps it on Stay, and drops it only on Leave', async () => {
    const { page, context, errors } = await app.logIn(AVIATION_ADMIN);
    await page.waitForURL(/#\/t\/aviation\/site/);
    await page.goto(`${app.server.url}/admin/#/t/aviation/site/branding`);
    const title = page.getByLabel(/^App title/);
    await title.waitFor();
    const saved = await title.inputValue();
    await title.fill('Jetway Unsaved');
    const asked: string[] = [];
    // First answer: stay.
    page.once('dialog', (dialog) => (asked.push(dialog.message()), void dialog.dismiss()));
    await page.getByRole('menuitem', { name: 'Colours' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(page.url()).toMatch(/#\/t\/aviation\/site/);
    expect(await title.inputValue()).toBe('Jetway Unsaved');
    await shot(page, 'unsaved_stay_1280');
    // Second answer: leave; the edit is gone and the colours screen shows.
    page.once('dialog', (dialog) => (asked.push(dialog.message()), void dialog.accept()));
    await page.getByRole('menuitem', { name: 'Colours' }).click();
    await page.waitForURL(/#\/t\/aviation\/colors/);
    // The address changes before the screen does: going back before the form has gone would
    // find it still open, with the edit in it (as a quick user would).
    await title.waitFor({ state: 'detached' });
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatch(/changes weren.t saved/i);
    await page.getByRole('menuitem', { name: 'Branding and site' }).click();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expect.poll(() => title.inputValue()).toBe(saved);

    // Every other editor too (one form per screen), and closing the tab.
    for (const [screen, field, next] of [
      ['vendor', /^Display name/, 'Items'],
      ['links', /^Label/, 'Pages'],
      ['categories', /GL code/, 'History'],
    ] as const) {
      await page.goto(`${app.server.url}/admin/#/t/aviation/${screen}`);
      const input = page.getByLabel(field).first();
      await input.fill(`${await input.inputValue()} (edited)`);
      const message = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => (resolve(dialog.message()), void dialog.dismiss())),
      );
      await page.getByRole('menuitem', { name: next }).click();
      expect(await message, screen).toMatch(/changes weren.t saved/i);
      expect(page.url(), screen).toContain(`/t/aviation/${screen}`);
    }
    expect(errors).toEqual([]);
    const unload = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.accept())),
    );
    await page.close({ runBeforeUnload: true });
    expect(await unload).toBe('beforeunload');
    await context.close();
  });

  it("shows a tenant admin at another tenant's address only that it is not theirs", async () => {
    const { page, context, errors } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\/site/);
    for (const screen of ['items', 'site', 'history', 'quote-requests']) {
      await page.goto(`${app.server.url}/admin/#/t/platform/${screen}`);
      await page.getByRole('heading', { name: 'Not found, or not yours' }).waitFor();
      expect(await page.getByRole('button', { name: /create/i }).count(), screen).toBe(0);
      expect(await page.getByText(/\d+-\d+ of \d+/).count(), screen).toBe(0);
      expect(await page.getByRole('menuitem', { name: 'Items' }).getAttribute('href'), screen).toContain(
        '/t/aviation/items',
      );
    }
    // Settled (react-admin's loading bar gone) before axe reads the page.
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'not-yours_1280');
    await page.getByRole('link', { name: 'Go to aviation' }).click();
    await page.waitForURL(/#\/t\/aviation\/site/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the storefront up while a file is broken by hand, and repairs it from the console', async () => {
    const { page, context, errors, cookie } = await app.logIn(STAFF, { bypassCSP: true });
    await page.waitForURL(/#\/tenants/);
    // A save, so the history holds a valid version to go back to.
    const current = (
      await http(`${app.server.url}/api/tenants/aviation/settings/site`, { headers: { cookie: await cookie() } })
    ).json();
    const put = await http(`${app.server.url}/api/tenants/aviation/settings/site`, {
      method: 'PUT',
      headers: { cookie: await cookie(), origin: app.server.url, 'if-match': `"${current.version}"` },
      body: { ...current, appTitle: 'Jetway Before The Break' },
    });
    expect(put.status, put.text).toBe(200);
    expect(await app.storefront('/pages/credits')).toContain('<title>Credits | Jetway Before The Break</title>');
    const file = path.join(app.root, 'tenants/aviation/site.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/"primaryColor": "[^"]+"/, '"primaryColor": "red"'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const storefront = await http(`${app.server.url}/pages/credits`, { headers: { host: 'aviation.localhost' } });
    expect(storefront.status).toBe(200);
    expect(storefront.text).toContain('<title>Credits | Jetway Before The Break</title>');

    await page.goto(`${app.server.url}/admin/#/t/aviation/site`);
    await page.getByText("aviation's stored files have 1 problem").waitFor();
    await page.getByText(/^site\.json:\d+:\d+ \/theme\/primaryColor$/).waitFor();
    expect(await page.getByLabel(/^site\.json around line \d+$/).textContent()).toContain('"primaryColor": "red"');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'repair_1280');
    // On a phone too: the problem lines scroll inside their box, the page does not widen.
    const phone = await app.logIn(STAFF, { bypassCSP: true, viewport: { width: 375, height: 800 } });
    await phone.page.waitForURL(/#\/tenants/);
    // The app bar's tenant list arrives after the tenant's 422 here (held back on purpose, as a
    // slow machine did once): the repair view stays; the list's row does not put the editor over it.
    await phone.page.route(
      /\/api\/tenants\?/,
      async (route) => (await new Promise((resolve) => setTimeout(resolve, 1500)), await route.continue()),
    );
    await phone.page.goto(`${app.server.url}/admin/#/t/aviation/site`);
    await phone.page.reload();
    await phone.page.getByText("aviation's stored files have 1 problem").waitFor();
    await phone.page.getByRole('combobox', { name: 'Tenant' }).waitFor();
    await phone.page.waitForTimeout(300);
    expect(await phone.page.getByText("aviation's stored files have 1 problem").isVisible()).toBe(true);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.page.screenshot({ path: path.join(app.artifacts, 'repair_375.png'), fullPage: true });
    await phone.context.close();
    const newest = page.locator('tbody tr').filter({ has: page.locator('td.column-id', { hasText: /^1$/ }) });
    await newest.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore version #1?' }).getByRole('button', { name: 'Restore' }).click();
    // Repaired: the editor is back, and the file is valid again.
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await page.getByLabel(/^App title/).inputValue()).toBe('Jetway Before The Break');
    expect(await readFile(file, 'utf8')).not.toContain('"primaryColor": "red"');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uses an uploaded SVG as the header logo of a new tenant, its size read from the picture', async () => {
    const { page, context, errors, cookie } = await app.logIn(STAFF, { bypassCSP: true });
    await page.waitForURL(/#\/tenants/);
    const created = await http(`${app.server.url}/api/tenants`, {
      method: 'POST',
      headers: { cookie: await cookie(), origin: app.server.url },
      body: { id: 'harbor', name: 'Harbor Props', domain: 'www.harbor-props.example' },
    });
    expect(created.status, created.text).toBe(201);
    const svg = path.join(app.root, 'harbor-logo.svg');
    await writeFile(
      svg,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60"><rect width="240" height="60" fill="#0b3954"/></svg>',
    );
    await page.goto(`${app.server.url}/admin/#/t/harbor/assets`);
    await page.getByLabel('Choose an image').setInputFiles(svg);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'harbor-logo.svg' }) });
    await card.getByText('240 × 60 px', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Use as…' }).click();
    await page.getByRole('menuitem', { name: 'Header logo', exact: true }).click();
    await card.getByText('Used as: Header logo').waitFor();
    const site = (
      await http(`${app.server.url}/api/tenants/harbor/settings/site`, { headers: { cookie: await cookie() } })
    ).json();
    expect(site.headerLogo).toMatchObject({ url: '/assets/harbor/harbor-logo.svg', width: 240, height: 60 });
    const home = (await http(`${app.server.url}/`, { headers: { host: 'harbor.localhost' } })).text;
    expect(home).toMatch(/<img[^>]+src="\/assets\/harbor\/harbor-logo\.svg\?v=[^"]+"[^>]*>/);
    await shot(page, 'use-as-logo_1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives two admins on one item the compare / reapply / discard dialog, naming the setting both changed', async () => {
    const { page, context, errors, cookie } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\/site/);
    const [first] = (
      await http(`${app.server.url}/api/tenants/aviation/items?range=[0,0]&sort=["name","ASC"]`, {
        headers: { cookie: await cookie() },
      })
    ).json() as Array<{ id: string; name: string }>;
    await page.goto(`${app.server.url}/admin/#/t/aviation/items/${encodeURIComponent(first!.id)}`);
    const name = page.getByLabel(/^Name/).first();
    await expect.poll(() => name.inputValue()).toBe(first!.name);
    await name.fill(`${first!.name} (mine)`);
    await page
      .getByLabel(/^Quantity/)
      .first()
      .fill('7');
    // Meanwhile another admin renames it too.
    const current = (
      await http(`${app.server.url}/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`, {
        headers: { cookie: await cookie() },
      })
    ).json();
    const theirs = await http(`${app.server.url}/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`, {
      method: 'PUT',
      headers: { cookie: await cookie(), origin: app.server.url, 'if-match': `"${current.version}"` },
      body: { ...current, name: `${first!.name} (theirs)` },
    });
    expect(theirs.status, theirs.text).toBe(200);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else changed this item' });
    await dialog.getByText('You both changed one setting').waitFor();
    await dialog.getByText(/name: choose whose value to keep/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'item-conflict_1280');
    await dialog.getByRole('button', { name: 'Keep theirs where we both changed' }).click();
    await page.getByText('Your changes were saved on top of the newer version.').waitFor();
    const saved = (
      await http(`${app.server.url}/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`, {
        headers: { cookie: await cookie() },
      })
    ).json();
    expect(saved).toMatchObject({ name: `${first!.name} (theirs)`, quantity: 7 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
