/**
 * The console's Items screen end to end, in Chromium against the built server: a tenant admin adds
 * an item through the form (its category, colours and custom fields chosen from the tenant), finds
 * it by search, edits it, is refused a stale save without losing what was typed, and tags it in
 * bulk; the storefront then shows it. axe-core on the list and the form.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/browser';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
beforeAll(async () => {
  app = await startConsole('console-items');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(app.artifacts, `${name}.png`), fullPage: true });
const item = async (cookie: string, id: string) => (await http(`${app.server.url}/api/tenants/aviation/items/${id}`, { headers: { cookie } })).json();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('the Items screen', () => {
  it('adds an item, finds it, edits it, refuses a stale save, and tags it in bulk', async () => {
    const { page, context, errors, cookie } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\/site/);
    await page.getByRole('menuitem', { name: 'Items' }).click();
    await page.waitForURL(/#\/t\/aviation\/items$/);
    await page
      .getByRole('button', { name: 'Create' })
      .or(page.getByRole('link', { name: 'Create' }))
      .first()
      .click();
    await page.waitForURL(/#\/t\/aviation\/items\/create$/);

    const input = (name: string) => page.getByRole('textbox', { name, exact: true });
    const dayRate = () => page.getByRole('spinbutton', { name: 'Rates · Day rate', exact: true });
    await input('Item id').fill('e2e-jump-seat');
    await input('Name').fill('Flight Attendant Jump Seat, Grey');
    await dayRate().fill('95');
    await choose(page, 'Group', 'Seats');
    await choose(page, 'Category', 'Jump Seats');
    await choose(page, 'Colours', 'Grey');
    await choose(page, 'Eras', 'Present Day');
    await input('Tags').fill('stunt safe, Hero Prop');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'item-create_1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/t\/aviation\/items\/e2e-jump-seat$/);
    const created = await item(await cookie(), 'e2e-jump-seat');
    expect(created).toMatchObject({
      name: 'Flight Attendant Jump Seat, Grey',
      category: { group: 'seats', category: 'jump-seats' },
      rates: { day: 95 },
      colors: ['Grey'],
      customFields: { eras: ['present-day'] },
      tags: ['stunt-safe', 'hero-prop'],
      vendorId: 'aviation',
    });

    // Opened afresh (right after the create, react-admin shows its cached copy and refetches it,
    // and that refetch resets the form: a robot types before it lands, a person does not).
    await page.reload();
    await expect.poll(() => dayRate().inputValue()).toBe('95');
    // Someone else changes it while the form is open: saving is refused, the typed value stays.
    await dayRate().fill('120');
    const current = await item(await cookie(), 'e2e-jump-seat');
    const theirs = await http(`${app.server.url}/api/tenants/aviation/items/e2e-jump-seat`, {
      method: 'PUT',
      headers: { cookie: await cookie(), origin: app.server.url, 'if-match': `"${current.version}"` },
      body: { ...current, quantity: 7 },
    });
    expect(theirs.status, theirs.text).toBe(200);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Someone else saved a change to this item since you loaded it.', { exact: false }).waitFor();
    expect(await dayRate().inputValue()).toBe('120');
    expect((await item(await cookie(), 'e2e-jump-seat')).rates.day).toBe(95);
    // Reloaded, the form shows their change, and saving again keeps both.
    await page.reload();
    await dayRate().fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await item(await cookie(), 'e2e-jump-seat')).rates.day).toBe(120);
    expect((await item(await cookie(), 'e2e-jump-seat')).quantity).toBe(7);

    // Found by search in the list, and tagged in bulk.
    await page.goto(`${app.server.url}/admin/#/t/aviation/items`);
    await page.getByPlaceholder('Search items').fill('attendant jump');
    const row = page.getByRole('row', { name: /Flight Attendant Jump Seat, Grey/ });
    await row.waitFor();
    // react-admin 5.15.4's row checkboxes put their aria-label on MUI 7's Checkbox root, not its
    // input (both its Datagrid and DataTable do): a known defect of the library, left out here by name.
    expect((await axeViolations(page)).filter((violation) => !violation.includes('.select-item'))).toEqual([]);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a tag to 1 item' });
    await dialog.getByLabel('Tag').fill('Crew Area');
    await dialog.getByText('Saved as crew-area').waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 item changed').waitFor();
    expect((await item(await cookie(), 'e2e-jump-seat')).tags).toEqual(['stunt-safe', 'hero-prop', 'crew-area']);
    await shot(page, 'items_1280');

    // The storefront shows it on its own page.
    expect(await app.storefront('/item/e2e-jump-seat')).toContain('Flight Attendant Jump Seat, Grey');
    expect(errors).toEqual([]);
    await context.close();
  });
});
