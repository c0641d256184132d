/**
 * Favourites and set lists end to end, in Chromium against the built server with the shipped
 * sample catalogue, every off-machine request aborted. An approved visitor (their browser in
 * Kiritimati, UTC+14, a day ahead of the vendor in Los Angeles for most of every day) favourites
 * an item, starts a set list from an item page and adds another, changes a quantity, shares the
 * list (a signed-out teammate reads it by the link, read-only), asks for one quote for the whole
 * list, where the earliest first day is the vendor's, not the browser's, and a day earlier is
 * refused by the server beside its field, then stops sharing. axe-core on each page; screenshots
 * at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue } from '../../schema/types.generated';
import { axeViolations, shootBothWidths, visitorPage } from '../helpers/browser';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('set-lists', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const items = (
  JSON.parse(readFileSync(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as Catalogue
).items.filter((candidate) => candidate.quantity >= 3);
const [first, second] = [items[0]!, items[1]!];

async function open(page: Page, pathname: string) {
  const response = await page.goto(`${storefront}${pathname}`);
  await page.locator('html[data-hydrated]').waitFor();
  return response;
}

const shoot = (page: Page, name: string) => shootBothWidths(page, app.artifacts, name);

describe('favourites and set lists', () => {
  it('favourites, collects a set list, shares it read-only, and asks for one quote for it', async () => {
    const { page, context, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
      timezoneId: 'Pacific/Kiritimati',
    });
    await open(page, '/favorites');
    await page.getByText('Log in to keep favourites and set lists').first().waitFor();

    const admin = await app.signUpApproved(page, storefront, 'sasha@studio.example');

    // Favourite: the toggle is pressed, and the item is on /favorites.
    await open(page, `/item/${first.objectID}`);
    await page.getByRole('button', { name: 'Favourite', exact: true }).click();
    await page.getByRole('button', { name: 'In your favourites', pressed: true }).waitFor();
    await open(page, '/favorites');
    await page.getByRole('link', { name: first.name }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'favorites');

    // A new list from the first item's page, then the second item onto it.
    await open(page, `/item/${first.objectID}`);
    await page.getByText('Add to a set list').click();
    const add = page.getByRole('form', { name: 'Add to a set list' });
    await add.getByLabel('Name').fill('Ep 3: galley');
    await add.getByLabel('How many').fill('2');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'item-add-to-list');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.getByRole('status').getByRole('link', { name: 'Ep 3: galley' }).waitFor();
    await open(page, `/item/${second.objectID}`);
    await page.getByText('Add to a set list').click();
    expect(await add.getByLabel('Set list').inputValue()).not.toBe('');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.getByRole('status').getByRole('link', { name: 'Ep 3: galley' }).click();

    // The list: two items; one more of the second; shared by link.
    await page.getByRole('heading', { level: 1, name: 'Ep 3: galley' }).waitFor();
    await page.getByRole('heading', { name: '2 items' }).waitFor();
    await page.getByLabel(`How many of ${second.name}`).fill('2');
    await page.getByRole('listitem').filter({ hasText: second.name }).getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.getByLabel(`How many of ${second.name}`).inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Share read-only link' }).click();
    const link = await page.getByLabel('Read-only link').inputValue();
    expect(link).toMatch(/\/set-lists\/shared\/[A-Za-z0-9_-]{32}$/);

    // A teammate, signed out, reads it and cannot change it.
    const teammate = await visitorPage(app.browser, { viewport: { width: 375, height: 812 }, bypassCSP: true });
    await teammate.page.goto(link);
    await teammate.page.locator('html[data-hydrated]').waitFor();
    await teammate.page.getByRole('heading', { level: 1, name: 'Ep 3: galley' }).waitFor();
    expect(
      await teammate.page.getByRole('listitem').filter({ hasText: second.name }).getByText('2 wanted').count(),
    ).toBe(1);
    expect(await teammate.page.getByRole('button', { name: /Remove|Update/ }).count()).toBe(0);
    expect(await axeViolations(teammate.page)).toEqual([]);
    await teammate.page.screenshot({ path: path.join(app.artifacts, 'shared-set-list_375.png'), fullPage: true });

    // One quote for the list: the earliest first day is counted where the vendor is.
    const form = page.getByRole('form', { name: 'Ask for a quote for this list' });
    const earliest = earliestStart('America/Los_Angeles', 2, new Date());
    expect(await form.getByLabel('First day').getAttribute('min')).toBe(earliest);
    await form.getByText('2 items, 4 pieces in all').waitFor();
    // A day too early, typed past the picker's own limit: the server refuses it beside the field.
    await form.getByLabel('First day').evaluate((input) => input.removeAttribute('min'));
    await form.getByLabel('First day').fill(addDays(earliest, -1));
    await form.getByLabel('Last day').fill(addDays(earliest, 3));
    await form.getByRole('button', { name: 'Send quote request' }).click();
    await form.getByText(`must be ${earliest} or later`, { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'set-list');
    await form.getByLabel('First day').fill(earliest);
    await form.getByRole('button', { name: 'Send quote request' }).click();
    await page
      .getByRole('status')
      .getByText('Sent. Jetway Props will reply to sasha@studio.example', { exact: false })
      .waitFor();
    const quotes = (
      await http(`${app.server.url}/api/tenants/aviation/quote-requests`, { headers: { cookie: await admin.cookie() } })
    ).json();
    expect(
      quotes.map((quote: { lines: Array<{ objectID: string; quantity: number }> }) =>
        quote.lines.map((line) => [line.objectID, line.quantity]),
      ),
    ).toEqual([
      [
        [second.objectID, 2],
        [first.objectID, 2],
      ],
    ]);

    // Sharing stops after asking: the teammate's link shows nothing any more.
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await page.getByRole('alertdialog', { name: 'Stop sharing' }).getByRole('button', { name: 'Stop sharing' }).click();
    await page.getByRole('button', { name: 'Share read-only link' }).waitFor();
    expect((await teammate.page.goto(link))!.status()).toBe(404);
    await teammate.page.getByText('This link no longer works').waitFor();

    await open(page, '/set-lists');
    await page.getByRole('link', { name: /Ep 3: galley/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'set-lists');
    expect(errors).toEqual([]);
    expect(teammate.errors).toEqual([]);
    await teammate.context.close();
    await admin.context.close();
    await context.close();
  });
});
