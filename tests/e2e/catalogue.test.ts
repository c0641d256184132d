/**
 * The catalogue in Chromium against the built server, with every off-machine request aborted:
 * filter a category by colour and era (the URL holds the filters: shared, it opens the same page;
 * the back button undoes one), search by word, open an item; the filters fold on a phone; category
 * cards show their items' photos and an item page ends with items like it. axe-core on each page;
 * screenshots at phone and desktop widths.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../schema/types.generated';
import { sampleItem } from '../contract/item-store.contract';
import { axeViolations, launchChromium, visitorPage } from '../helpers/browser';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { startServer, type ServerProcess } from '../helpers/server-process';

const seat = (objectID: string, overrides: Partial<Item>) =>
  sampleItem(objectID, {
    category: { group: 'seats', category: 'economy' },
    createdAt: '2026-11-20T00:00:00Z',
    updatedAt: '2026-11-20T00:00:00Z',
    ...overrides,
  });
const photo = (id: string, hex: string) => ({
  file: `${id}.svg`,
  svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600"><rect width="800" height="600" fill="${hex}"/></svg>`,
});
const ITEMS = [
  seat('tweed-triple', {
    name: 'Boeing 737 Economy Triple, Blue Tweed',
    colors: ['Blue'],
    customFields: { eras: ['1970s-wide-body-era'] },
    rates: { day: 175, week: 525 },
    quantity: 12,
  }),
  seat('navy-double', {
    name: 'Economy Double, Navy Leather',
    colors: ['Blue'],
    customFields: { eras: ['1990s'] },
    rates: { day: 150 },
    quantity: 4,
  }),
  seat('red-double', {
    name: 'Economy Double, Red Leather',
    colors: ['Red'],
    customFields: { eras: ['1970s-wide-body-era'] },
    rates: { day: 140 },
    quantity: 1,
  }),
  seat('grey-row', {
    name: 'Economy Row of Four, Grey',
    colors: ['Grey'],
    customFields: { eras: ['2010s'] },
    rates: { day: 260 },
    quantity: 3,
  }),
].map((item) => ({
  ...item,
  images: [{ url: `/items/aviation/${item.objectID}.svg`, width: 800, height: 600, alt: `${item.name}, front view` }],
}));
const PHOTOS = [
  photo('tweed-triple', '#1565c0'),
  photo('navy-double', '#0d2a5c'),
  photo('red-double', '#b71c1c'),
  photo('grey-row', '#8a8f98'),
];

let root: string;
let server: ServerProcess;
let browser: Browser;
let storefront: string;
const artifacts = path.join(repoRoot, '.tmp/artifacts/catalogue');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-catalogue-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants', 'aviation'), { recursive: true });
  await rm(path.join(root, 'tenants', 'aviation', 'items'), { recursive: true, force: true });
  await mkdir(path.join(root, 'tenants', 'aviation', 'items'), { recursive: true });
  for (const { file, svg } of PHOTOS) await writeFile(path.join(root, 'tenants', 'aviation', 'items', file), svg);
  await writeFile(path.join(root, 'tenants', 'aviation', 'catalogue.json'), JSON.stringify({ items: ITEMS }));
  await mkdir(artifacts, { recursive: true });
  [server, browser] = await Promise.all([
    startServer({ BACKLOT_TENANTS_DIR: path.join(root, 'tenants'), BACKLOT_DATA_DIR: path.join(root, '.data') }),
    launchChromium(),
  ]);
  storefront = server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await rm(root, { recursive: true, force: true });
}, 30_000);

const visitor = (width: number) => visitorPage(browser, { viewport: { width, height: 900 }, bypassCSP: true });

async function open(page: Page, pathname: string) {
  await page.goto(`${storefront}${pathname}`);
  await page.locator('html[data-hydrated]').waitFor();
}

const cardNames = (page: Page) => page.locator('.item-card-name').allTextContents();

describe('a visitor browsing the catalogue', () => {
  it('filters a category by colour and era, shares the address, and goes back', async () => {
    const { page, context, errors, blocked } = await visitor(1280);
    await open(page, '/rentals/seats/economy');
    expect((await cardNames(page)).sort()).toEqual([
      'Boeing 737 Economy Triple, Blue Tweed',
      'Economy Double, Navy Leather',
      'Economy Double, Red Leather',
      'Economy Row of Four, Grey',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByRole('group', { name: 'Colour' }).getByLabel('Blue').check();
    await page.waitForURL(/\?color=Blue$/);
    await page.locator('html[data-hydrated]').waitFor();
    expect((await cardNames(page)).sort()).toEqual([
      'Boeing 737 Economy Triple, Blue Tweed',
      'Economy Double, Navy Leather',
    ]);
    // Colours still count as if none were chosen; eras count within the blue ones.
    await expect
      .poll(() =>
        filters
          .getByRole('group', { name: 'Colour' })
          .getByText('Red')
          .locator('..')
          .locator('.facet-count')
          .textContent(),
      )
      .toBe('1');

    await filters.getByRole('group', { name: 'Eras' }).getByLabel('1970s Wide-Body Era').check();
    await page.waitForURL(/\?color=Blue&eras=1970s-wide-body-era$/);
    await page.locator('html[data-hydrated]').waitFor();
    expect(await cardNames(page)).toEqual(['Boeing 737 Economy Triple, Blue Tweed']);
    await page.getByRole('heading', { name: /1 item$/ }).waitFor();
    await page.screenshot({ path: path.join(artifacts, 'filtered_1280.png'), fullPage: true });

    // The address is the state: opened elsewhere, it shows the same.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await shared.locator('html[data-hydrated]').waitFor();
    expect(await cardNames(shared)).toEqual(['Boeing 737 Economy Triple, Blue Tweed']);
    expect(await shared.getByRole('group', { name: 'Eras' }).getByLabel('1970s Wide-Body Era').isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL(/\?color=Blue$/);
    expect((await cardNames(page)).sort()).toEqual([
      'Boeing 737 Economy Triple, Blue Tweed',
      'Economy Double, Navy Leather',
    ]);
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await page.waitForURL(`${storefront}/rentals/seats/economy`);
    expect(await cardNames(page)).toHaveLength(4);

    expect(blocked.every((url) => url.startsWith('https://www.googletagmanager.com/'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches by word and opens an item, whose page says what it is and costs', async () => {
    const { page, context, errors } = await visitor(1280);
    await open(page, '/search');
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill('tweed');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?q=tweed$/);
    await page.getByRole('heading', { name: /1 item for “tweed”/ }).waitFor();
    await page.getByRole('link', { name: /Boeing 737 Economy Triple, Blue Tweed/ }).click();
    await page.waitForURL(`${storefront}/item/tweed-triple`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Boeing 737 Economy Triple, Blue Tweed' }).waitFor();
    await page.getByText('$175.00').waitFor();
    await page.getByText('12 in stock').waitFor();
    // Not signed in: the way to the request is the login.
    await page.getByRole('link', { name: 'Log in to ask for a quote' }).waitFor();
    // The photo loaded (from the tenant's items folder), drawn at its stated shape.
    const photo = page.getByRole('img', { name: 'Boeing 737 Economy Triple, Blue Tweed, front view' });
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    const box = (await photo.boundingBox())!;
    expect(Math.round((box.width / box.height) * 100)).toBe(133);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'item_1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, shows the items first with the filters folded behind a button', async () => {
    const { page, context, errors } = await visitor(375);
    await open(page, '/rentals/seats/economy');
    const toggle = page.getByRole('button', { name: 'Filters' });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('form', { name: 'Filters' }).isVisible()).toBe(false);
    await page.screenshot({ path: path.join(artifacts, 'category_375.png'), fullPage: true });
    await toggle.click();
    await page.getByRole('form', { name: 'Filters' }).getByLabel('Red').check();
    await page.waitForURL(/\?color=Red$/);
    await page.locator('html[data-hydrated]').waitFor();
    expect(await cardNames(page)).toEqual(['Economy Double, Red Leather']);
    // With a filter on, the panel stays open to show it.
    expect(await page.getByRole('button', { name: 'Filters (1)' }).getAttribute('aria-expanded')).toBe('true');
    await open(page, '/item/red-double');
    // One in stock: the quantity is not shown (hideQtyIfEq1).
    expect(await page.getByText('1 in stock').count()).toBe(0);
    await page.screenshot({ path: path.join(artifacts, 'item_375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([375, 1280])(
    'shows category cards with their items’ photos and items like the one open, at %i px',
    async (width) => {
      const { page, context, errors } = await visitor(width);
      await open(page, '/');
      // The Seats card shows the newest seat's photo, described as the photo is; a group without items keeps the placeholder.
      const seats = page.locator('a.card[href="/rentals/seats"] img');
      await expect.poll(() => seats.getAttribute('src')).toMatch(/^\/items\/aviation\/[a-z-]+\.svg$/);
      expect(await seats.getAttribute('alt')).toMatch(/, front view$/);
      // The photo loads once seen (it is lazy, and was just put in place of the placeholder: it may still be on its way).
      await seats.scrollIntoViewIfNeeded();
      await expect
        .poll(() => seats.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      expect(await page.locator('a.card[href="/rentals/locations"] img').getAttribute('alt')).toBe('');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(artifacts, `home-cards_${width}.png`), fullPage: true });

      await open(page, '/item/tweed-triple');
      const related = page.getByRole('region', { name: 'More like this' });
      await related.scrollIntoViewIfNeeded();
      expect(await related.locator('.item-card-name').allTextContents()).toHaveLength(3);
      expect(await related.locator('.item-card-name').allTextContents()).not.toContain(
        'Boeing 737 Economy Triple, Blue Tweed',
      );
      await related.locator('a.item-card-link', { hasText: 'Economy Double, Red Leather' }).click();
      await page.waitForURL(/\/item\/red-double$/);
      await page.locator('html[data-hydrated]').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('region', { name: 'More like this' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifacts, `item-related_${width}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
