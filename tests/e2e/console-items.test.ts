/**
 * The console's Items screen end to end, in Chromium against the built server: a tenant admin adds
 * an item through the form (its category, colours and custom fields chosen from the tenant), finds
 * it by search, edits it, is refused a stale save without losing what was typed, and tags it in
 * bulk; filters the list by a tag and by eras (any value within a filter, every filter together);
 * uploads a photo to it by keyboard (a non-image refused with the reason, before and after
 * sending), saves, and the photo's address serves the file; the storefront then shows it. An item
 * is made a kit of two catalogue items, in pull-sheet order, and kept so.
 * axe-core on the list and the form; screenshots at 1280 and 375 px.
 */
import { TINY_PNG as PNG } from '../fixtures/tiny-png';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, chooseOption, shootBothWidths } from '../helpers/browser';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
beforeAll(async () => {
  app = await startConsole('console-items');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(app.artifacts, `${name}.png`), fullPage: true });
const item = async (cookie: string, id: string) =>
  (await http(`${app.server.url}/api/tenants/aviation/items/${id}`, { headers: { cookie } })).json();

// A real 2×1 PNG.

/** The names in the list's rows, sorted. */
const rowNames = async (page: Page) =>
  (await page.locator('tbody td.column-name').allInnerTexts()).map((name) => name.trim()).sort();

const choose = (page: Page, label: string, option: string) =>
  chooseOption(page, page.getByRole('combobox', { name: label, exact: true }), option);

describe('the Items screen', () => {
  it('makes an item a kit of catalogue items, in pull-sheet order, and keeps it', async () => {
    const { page, errors, cookie } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\/site/);
    await page.goto(`${app.server.url}/admin/#/t/aviation/items/create`);
    const input = (name: string) => page.getByRole('textbox', { name, exact: true });
    await input('Item id').fill('e2e-galley-set');
    await input('Name').fill('Galley Set, Stainless');
    await page.getByRole('spinbutton', { name: 'Rates · Day rate', exact: true }).fill('900');
    await choose(page, 'Group', 'Seats');
    await choose(page, 'Category', 'Jump Seats');
    await page.getByRole('switch', { name: 'This item is a kit or a package of other items' }).check();
    // The components' list (react-admin names an array input's box by its source).
    const components = page.locator('.ra-input-kit\\.components');
    for (const [search, name, count] of [
      ['Aft Galley', 'Aft Galley Module, Stainless', '1'],
      ['C-Stand', 'C-Stand, 40 in with Arm', '2'],
    ] as const) {
      await components.getByRole('button', { name: 'Add' }).click();
      const item = page.getByRole('combobox', { name: 'Item' }).last();
      await item.fill(search);
      await page.getByRole('option', { name }).click();
      await page.getByRole('spinbutton', { name: 'How many' }).last().fill(count);
    }
    await shot(page, 'item-kit_1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/t\/aviation\/items\/e2e-galley-set$/);
    expect((await item(await cookie(), 'e2e-galley-set')).kit).toEqual({
      kind: 'fixed',
      components: [
        { objectID: 'aft-galley-module-stainless', quantity: 1 },
        { objectID: 'c-stand-40-in-with-arm', quantity: 2 },
      ],
    });
    // The storefront's page for it says what it includes, each part linked.
    const storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
    await page.goto(`${storefront}/item/e2e-galley-set`);
    await page.getByRole('heading', { name: 'Includes' }).waitFor();
    await page.getByRole('link', { name: '2 × C-Stand, 40 in with Arm' }).waitFor();
    await shootBothWidths(page, app.artifacts, 'kit-item-page');
    expect(errors).toEqual([]);
  }, 120_000);

  it('adds an item, finds it, edits it, refuses a stale save, tags it in bulk, filters by tag and era, and uploads a photo', async () => {
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
    const conflict = page.getByRole('dialog', { name: 'Someone else changed this item' });
    await conflict.getByRole('cell', { name: 'quantity' }).waitFor();
    // Behind the dialog (hidden from the accessibility tree meanwhile) the typed value stays.
    expect(await page.locator('input[name="rates.day"]').inputValue()).toBe('120');
    expect((await item(await cookie(), 'e2e-jump-seat')).rates.day).toBe(95);
    // Different settings on each side: reapplying keeps both.
    await conflict.getByRole('button', { name: 'Reapply my changes' }).click();
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

    // Filtered by a tag and by eras: any value within a filter, every filter together.
    const all: Array<{ name: string; tags?: string[]; customFields?: Record<string, string[]> }> = (
      await http(`${app.server.url}/api/tenants/aviation/items?range=[0,999]`, { headers: { cookie: await cookie() } })
    ).json();
    const expected = (eras: string[]) =>
      all
        .filter(
          (entry) => entry.tags?.includes('stunt-safe') && eras.some((era) => entry.customFields?.eras?.includes(era)),
        )
        .map((entry) => entry.name)
        .sort();
    await page.getByPlaceholder('Search items').fill('');
    await page.getByRole('combobox', { name: 'Tags', exact: true }).fill('stunt');
    await page.getByRole('option', { name: /^stunt-safe \(\d+\)$/ }).click();
    await page.keyboard.press('Escape');
    const stuntSafe = all
      .filter((entry) => entry.tags?.includes('stunt-safe'))
      .map((entry) => entry.name)
      .sort();
    expect(stuntSafe).toContain('Flight Attendant Jump Seat, Grey');
    await expect.poll(() => rowNames(page)).toEqual(stuntSafe);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Eras', exact: true }).click();
    await choose(page, 'Eras', '2010s');
    expect(expected(['2010s']).length).toBeGreaterThan(1);
    expect(expected(['2010s']).length).toBeLessThan(stuntSafe.length);
    await expect.poll(() => rowNames(page)).toEqual(expected(['2010s']));
    // Its name now says what is chosen ("Eras 2010s").
    await page.getByRole('combobox', { name: /^Eras\b/ }).click();
    await page.getByRole('option', { name: 'Present Day', exact: true }).click();
    await page.keyboard.press('Escape');
    expect(expected(['2010s', 'present-day'])).toEqual(
      [...expected(['2010s']), 'Flight Attendant Jump Seat, Grey'].sort(),
    );
    await expect.poll(() => rowNames(page)).toEqual(expected(['2010s', 'present-day']));
    expect((await axeViolations(page)).filter((violation) => !violation.includes('.select-item'))).toEqual([]);
    await shot(page, 'items-filtered_1280');

    // A photo, uploaded in the item's form: a non-image is refused with the reason (in the
    // browser by its name, by the server by its content), a PNG is taken by keyboard.
    const notes = path.join(app.root, 'notes.txt');
    const fake = path.join(app.root, 'fake.png');
    const png = path.join(app.root, 'Jump Seat (front).PNG');
    await writeFile(notes, 'not a picture');
    await writeFile(fake, 'not a picture either');
    await writeFile(png, PNG);
    // The item was open on this page before the tag was added: react-admin's cache keeps that
    // earlier read, and a form opened on it would be reset (what was typed lost) when the re-read
    // lands. The form waits for this visit's read instead: held here, the form is not shown.
    const itemUrl = `${app.server.url}/api/tenants/aviation/items/e2e-jump-seat`;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(itemUrl, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.fallback();
    });
    await page.goto(`${app.server.url}/admin/#/t/aviation/items/e2e-jump-seat`);
    await page.getByRole('progressbar', { name: 'Reading the latest version' }).waitFor();
    expect(await dayRate().count()).toBe(0);
    release();
    await expect.poll(() => dayRate().inputValue()).toBe('120');
    expect(await input('Tags').inputValue()).toContain('crew-area');
    await page.unroute(itemUrl);
    const photos = page.locator('.ra-input-images');
    await photos.getByRole('button', { name: 'Add' }).click();
    // The item has no photo yet: the added row is its first, and stays so once a photo is in it.
    const photo = photos.locator('li').first();
    await photo.getByLabel('Upload a photo').setInputFiles(notes);
    await photo
      .getByRole('alert')
      .filter({ hasText: 'notes.txt is not an SVG, PNG, JPEG, WebP or ICO image.' })
      .waitFor();
    await photo.getByLabel('Upload a photo').setInputFiles(fake);
    await photo
      .getByRole('alert')
      .filter({ hasText: 'Not uploaded: the file is not a PNG image, whatever its name says.' })
      .waitFor();
    await shot(page, 'item-photo-refused_1280');
    const upload = photo.getByRole('button', { name: 'Upload a photo' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), upload.press('Enter')]);
    await chooser.setFiles(png);
    const photoUrl = photo.getByRole('textbox', { name: 'Address', exact: true });
    await expect.poll(() => photoUrl.inputValue()).toMatch(/^\/items\/aviation\/jump-seat-front-[0-9a-f]{10}\.png$/);
    expect(await photo.getByRole('alert').count()).toBe(0);
    await photo
      .getByRole('status')
      .filter({ hasText: 'Jump Seat (front).PNG uploaded. Say what it shows, then save the item.' })
      .waitFor();
    expect(await photo.getByRole('spinbutton', { name: 'Width (px)' }).inputValue()).toBe('2');
    expect(await photo.getByRole('spinbutton', { name: 'Height (px)' }).inputValue()).toBe('1');
    // The alt text is still to be said, so it has the focus; the thumbnail shows the upload.
    const altText = photo.getByRole('textbox', { name: 'What it shows', exact: true });
    await expect.poll(() => altText.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Grey jump seat, from the front');
    // With focus in the row (not the mouse over it), its move and remove buttons show, so Tab reaches them.
    await page.mouse.move(0, 0);
    await expect.poll(() => photo.getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);
    const thumbnail = photo.getByRole('img', { name: 'Grey jump seat, from the front' });
    await expect.poll(() => thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(2);
    expect(await thumbnail.getAttribute('src')).toBe(await photoUrl.inputValue());
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'item-photo_1280');
    await photos.screenshot({ path: path.join(app.artifacts, 'item-photo-row_1280.png') });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await item(await cookie(), 'e2e-jump-seat')).images?.length ?? 0).toBe(1);
    const [image] = (await item(await cookie(), 'e2e-jump-seat')).images;
    expect(image).toEqual({
      url: await photoUrl.inputValue(),
      width: 2,
      height: 1,
      alt: 'Grey jump seat, from the front',
    });
    const served = await fetch(`${app.server.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // Narrow: the form's photo row, and the filtered list.
    await page.setViewportSize({ width: 375, height: 812 });
    await photo.scrollIntoViewIfNeeded();
    await shot(page, 'item-photo_375');
    await photos.screenshot({ path: path.join(app.artifacts, 'item-photo-row_375.png') });
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.goto(`${app.server.url}/admin/#/t/aviation/items`);
    await expect.poll(() => rowNames(page)).toEqual(expected(['2010s', 'present-day']));
    await shot(page, 'items-filtered_375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The storefront shows it on its own page.
    expect(await app.storefront('/item/e2e-jump-seat')).toContain('Flight Attendant Jump Seat, Grey');
    expect(errors).toEqual([]);
    await context.close();
  });
});
