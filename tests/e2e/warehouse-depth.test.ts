/**
 * The warehouse's depth (issue 53) in Chromium against the built server:
 * - a kit through the whole path: the house builds a cockpit kit from five catalogue items in the
 *   console, a production asks for it on the storefront and the house confirms it; the pull sheet
 *   lists the five under the kit, the kit's own label checks them all out at once, and it comes
 *   back with the headsets short: one is written off as lost and charged at its replacement value;
 * - a lamp due its PAT is refused at scan-out, tested there (its checklist ticked) and goes out;
 *   the Tests due screen lists the rest;
 * - the planner opened over three months: the orders above are bars naming their production, each
 *   opening its order;
 * - what each piece earned over a period, sorted, charted and downloaded;
 * - stock transferred from Sun Valley to Atlanta on the Transfers screen: on its way, listed, and
 *   a second move of more than Atlanta will have refused at its field.
 * Screenshots at 1280 and 375 px.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { chooseOption, shootBothWidths, visitorPage } from '../helpers/browser';
import { TEST_CARDS, testCard } from '../helpers/card-hold';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';
import { TINY_PNG } from '../fixtures/tiny-png';
import { acceptWithTestCard, sendQuoteRequest } from '../helpers/storefront-steps';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('warehouse-depth', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const KIT = 'e2e-cockpit-set';
/** Four flood-light pairs: electrical, so tested. */
const LAMPS = 'cockpit-flood-light-pair';
/** The five pieces: what is typed to find each, its name, and how many one kit holds. */
const PIECES = [
  ['Overhead Panel, 1970s', 'Cockpit Overhead Panel, 1970s Wide-Body', '1'],
  ['Throttle Quadrant', 'Throttle Quadrant Pedestal, 1970s Wide-Body', '1'],
  ['Captain Seat', 'Airliner Captain Seat, Sheepskin Cover', '1'],
  ['First Officer Seat', 'Airliner First Officer Seat, Grey Leather', '1'],
  ['Headset, 1970s', 'Pilot Headset, 1970s Style', '2'],
] as const;

/** A production's request for one item, quoted, accepted with a test card and confirmed by the house: its id. */
async function confirmedBy(visitor: Page, cookie: string, objectID: string, production: string): Promise<string> {
  const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 3);
  const { id } = await sendQuoteRequest(visitor, {
    items: [{ objectID, quantity: 1 }],
    startDate,
    endDate: addDays(startDate, 2),
    production,
  });
  const step = (action: string, revision: string, body?: object) =>
    http(`${app.server.url}/api/tenants/aviation/quote-requests/${id}/${action}`, {
      method: 'POST',
      headers: { cookie, origin: app.server.url, 'if-match': `"${revision}"` },
      ...(body && { body }),
    });
  expect((await step('quote', '0', { adjustments: {}, services: [] })).status).toBe(200);
  const accepted = await acceptWithTestCard(visitor, id, testCard(TEST_CARDS.ok));
  expect(accepted.status).toBe(200);
  expect((await step('confirm', accepted.revision)).status).toBe(200);
  return id;
}

async function buildKit(page: Page) {
  await page.goto(`${app.server.url}/admin/#/t/aviation/items/create`);
  const input = (name: string) => page.getByRole('textbox', { name, exact: true });
  await input('Item id').fill(KIT);
  await input('Name').fill('Wide-Body Cockpit Set');
  await page.getByRole('spinbutton', { name: 'Rates · Day rate', exact: true }).fill('950');
  await chooseOption(page, page.getByRole('combobox', { name: 'Group', exact: true }), 'Aviation Sets');
  await chooseOption(page, page.getByRole('combobox', { name: 'Category', exact: true }), 'Cockpits');
  await page.getByRole('switch', { name: 'This item is a kit or a package of other items' }).check();
  const components = page.locator('.ra-input-kit\\.components');
  for (const [search, name, count] of PIECES) {
    await components.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('combobox', { name: 'Item' }).last().fill(search);
    await page.getByRole('option', { name }).click();
    await page.getByRole('spinbutton', { name: 'How many' }).last().fill(count);
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(new RegExp(`#/t/aviation/items/${KIT}$`));
}

describe('a kit from the console to the warehouse floor', () => {
  it('is built of five items, asked for, picked under its name, out by its label and back with a piece charged', async () => {
    const { page: visitor } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await visitor.goto(`${storefront}/quotes`);
    await visitor.locator('html[data-hydrated]').waitFor();
    const admin = await app.signUpApproved(visitor, storefront, 'props@nightflight.example');
    await buildKit(admin.page);
    // The headset's replacement value, as the house keeps it: what a lost one costs.
    const cookie = await admin.cookie();
    const headset = await http(`${app.server.url}/api/tenants/aviation/items/pilot-headset-1970s-style`, {
      headers: { cookie },
    });
    const headsetItem = headset.json() as { id: string; version: string };
    const { id: _id, version, ...headsetBody } = headsetItem;
    expect(
      (
        await http(`${app.server.url}/api/tenants/aviation/items/pilot-headset-1970s-style`, {
          method: 'PUT',
          headers: { cookie, origin: app.server.url, 'if-match': `"${version}"` },
          body: { ...headsetBody, replacementValue: 180 },
        })
      ).status,
    ).toBe(200);

    // The production asks for the kit, the house quotes, the production accepts, the house confirms.
    await visitor.goto(`${storefront}/item/${KIT}`);
    await visitor.getByRole('heading', { name: 'Includes' }).waitFor();
    const id = await confirmedBy(visitor, cookie, KIT, 'Night Flight');

    // The pull sheet: the five under the kit's name, the kit's label moving them whole.
    const floor = admin.page;
    await floor.goto(`${app.server.url}/admin/#/t/aviation/dispatch/${id}`);
    const sheet = floor.getByRole('table', { name: 'Pull sheet' });
    await sheet.getByText('1 × Wide-Body Cockpit Set').waitFor();
    await sheet.getByText(/^Fixed kit: its label \(e2e-cockpit-set\) checks every piece out/).waitFor();
    for (const [, name] of PIECES) await sheet.getByText(name, { exact: true }).waitFor();
    await shootBothWidths(floor, app.artifacts, 'kit-pull-sheet', { fits: true });

    const scanField = floor.getByRole('textbox', { name: 'Scan or type a tag' });
    await scanField.fill(`aviation/${KIT}`);
    await scanField.press('Enter');
    await floor
      .getByRole('status')
      .getByText(/^Out: 1 × Wide-Body Cockpit Set \(1 × Cockpit Overhead Panel/)
      .waitFor();
    await sheet.getByText('2 of 2 out · 0 back').waitFor();

    // Back with one headset short: counted in the kit's check-in, written off and charged.
    await floor.getByRole('button', { name: 'Check in', exact: true }).click();
    await sheet.getByRole('button', { name: 'Check in whole…' }).click();
    const dialog = floor.getByRole('dialog', { name: 'Check in Wide-Body Cockpit Set' });
    await dialog.getByRole('spinbutton', { name: 'Pilot Headset, 1970s Style missing (of 2)' }).fill('3');
    await dialog.getByText('At most 2.').waitFor();
    await dialog.getByRole('spinbutton', { name: 'Pilot Headset, 1970s Style missing (of 2)' }).fill('1');
    await dialog.screenshot({ path: path.join(app.artifacts, 'kit-check-in.png') });
    await dialog.getByRole('button', { name: 'Back, pieces missing' }).click();
    await floor
      .getByRole('status')
      .getByText(/Missing, written off as lost and charged: 1 × Pilot Headset, 1970s Style\.$/)
      .waitFor();
    await sheet.getByText('1 lost').waitFor();
    await floor.getByText('$180.00').first().waitFor();
    await shootBothWidths(floor, app.artifacts, 'kit-checked-in', { fits: true });
    expect(admin.errors).toEqual([]);
  }, 180_000);

  it('refuses a lamp due its PAT at scan-out, tests it there and sends it out; the rest are listed as due', async () => {
    const { page: visitor } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await visitor.goto(`${storefront}/quotes`);
    await visitor.locator('html[data-hydrated]').waitFor();
    const admin = await app.signUpApproved(visitor, storefront, 'lamps@nightflight.example');
    const floor = admin.page;
    const cookie = await admin.cookie();
    // The house gives its flood lights a PAT with a checklist, in the item's form, and tags them.
    await floor.goto(`${app.server.url}/admin/#/t/aviation/items/${LAMPS}`);
    await floor.getByRole('heading', { name: 'Inspections' }).waitFor();
    const tests = floor.locator('.ra-input-inspections');
    await tests.getByRole('button', { name: 'Add' }).first().click();
    await tests.getByRole('textbox', { name: 'Id', exact: true }).fill('pat');
    await tests.getByRole('textbox', { name: 'Name', exact: true }).fill('PAT');
    await tests.getByRole('spinbutton', { name: 'Every (days)' }).fill('365');
    for (const check of ['Plug and fuse', 'Earth continuity']) {
      // The checklist's own Add comes first in the row, before the tests' Add below the list.
      await tests.getByRole('button', { name: 'Add' }).first().click();
      await tests.getByRole('textbox', { name: 'Check', exact: true }).last().fill(check);
    }
    await floor.getByRole('button', { name: 'Save' }).click();
    await floor.getByText('Element updated').waitFor();
    const units = await http(`${app.server.url}/api/tenants/aviation/items/${LAMPS}/units`, {
      method: 'POST',
      headers: { cookie, origin: app.server.url },
    });
    expect(units.status).toBe(201);
    const tag = (units.json() as Array<{ tag: string }>)[0]!.tag;

    const id = await confirmedBy(visitor, cookie, LAMPS, 'Night Shoot');
    await floor.goto(`${app.server.url}/admin/#/t/aviation/dispatch/${id}`);
    const scanField = floor.getByRole('textbox', { name: 'Scan or type a tag' });
    await scanField.fill(`aviation/${tag}`);
    await scanField.press('Enter');
    await floor
      .getByRole('status')
      .getByText(`Cockpit Flood Light Pair ${tag} has no PAT on record: test it before it goes out.`)
      .waitFor();
    await floor.getByRole('button', { name: `Test ${tag} now` }).click();
    const dialog = floor.getByRole('dialog', { name: `Test Cockpit Flood Light Pair ${tag}` });
    const passed = dialog.getByRole('button', { name: 'Passed' });
    // Passed only once every check is ticked.
    expect(await passed.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Plug and fuse' }).check();
    await dialog.getByRole('checkbox', { name: 'Earth continuity' }).check();
    // The tester photographs the plug: an item photo of this house's, kept on the test's record.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'plug.png', mimeType: 'image/png', buffer: TINY_PNG });
    await dialog.getByRole('img', { name: 'Condition photo 1' }).waitFor();
    await expect.poll(() => passed.isEnabled()).toBe(true);
    await shootBothWidths(floor, app.artifacts, 'test-at-scan', { fits: true });
    await passed.click();
    await floor
      .getByRole('status')
      .getByText(new RegExp(`^Out: ${tag} \\(Cockpit Flood Light Pair\\)`))
      .waitFor();

    // The other three lamps have no PAT on record: due now, listed, and tested from the list.
    await floor.getByRole('menuitem', { name: 'Tests due' }).click();
    const due = floor.getByRole('table', { name: 'Tests due' });
    await expect.poll(() => due.getByRole('row').count()).toBe(4);
    expect(await due.getByText(tag, { exact: true }).count()).toBe(0);
    await shootBothWidths(floor, app.artifacts, 'tests-due', { fits: true });

    // The lamp's record keeps the test with its checks and photo.
    await floor.goto(`${app.server.url}/admin/#/t/aviation/items/${LAMPS}`);
    await floor.getByRole('button', { name: `Tests and repairs of ${tag}` }).click();
    const records = floor.getByRole('dialog', { name: `Tests and repairs of ${tag}` });
    await records.getByText('2 of 2 checks passed').waitFor();
    await records.getByRole('img', { name: 'Photo 1 of the PAT' }).waitFor();
    await shootBothWidths(floor, app.artifacts, 'unit-records', { fits: true });
    await records.getByRole('button', { name: 'Close' }).click();

    // Every light gets a visual check before each hire, set once on its category; the lamp's form says so.
    await floor.goto(`${app.server.url}/admin/#/t/aviation/categories/tree`);
    await floor.getByRole('button', { name: 'Show the categories of Studio Gear' }).click();
    await floor.getByRole('button', { name: 'Show the tests for every item in Lighting' }).click();
    const lighting = floor.getByRole('region', { name: 'the tests for every item in Lighting' });
    await lighting.getByRole('button', { name: 'Add' }).click();
    await lighting.getByRole('textbox', { name: 'Id', exact: true }).fill('visual');
    await lighting.getByRole('textbox', { name: 'Name', exact: true }).fill('Visual check');
    await lighting.getByRole('spinbutton', { name: 'Every (hires)' }).fill('1');
    await floor.getByText('Tests for every item: Visual check every 1 hire', { exact: true }).waitFor();
    await shootBothWidths(floor, app.artifacts, 'category-tests', { fits: true });
    await floor.getByRole('button', { name: 'Save' }).click();
    await floor.getByText('Element updated').waitFor();
    await floor.goto(`${app.server.url}/admin/#/t/aviation/items/${LAMPS}`);
    await floor.getByText('Its category also tests every unit: Visual check every 1 hire.', { exact: false }).waitFor();
    expect(admin.errors).toEqual([]);
  }, 180_000);

  it('opens the planner over three months: the orders above are bars that open their order', async () => {
    const { page, errors } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\//);
    await page.getByRole('menuitem', { name: 'Planner' }).click();
    const grid = page.getByRole('grid', { name: 'Items by day' });
    await grid.getByRole('columnheader').nth(14).waitFor();
    await page.getByRole('button', { name: 'Three months' }).click();
    await grid.getByRole('columnheader').nth(92).waitFor();
    // The lamps booked by Night Shoot: searched for, one bar, its production named.
    await page.getByRole('searchbox', { name: 'Search items' }).fill('flood light');
    const bar = grid.getByRole('button', { name: /^Night Shoot: 1 × Cockpit Flood Light Pair, / });
    await bar.waitFor();
    // Narrowed to a group and one of its categories, the lamps' bar stays.
    await chooseOption(page, page.getByRole('combobox', { name: 'Group' }), 'Studio Gear');
    await chooseOption(page, page.getByRole('combobox', { name: 'Category' }), 'Lighting');
    await bar.waitFor();
    await shootBothWidths(page, app.artifacts, 'planner', { fits: true });
    // A row per unit: the lamp tested and sent out above is out on its order, to its last day.
    await page.getByRole('button', { name: 'Units', exact: true }).click();
    await grid.getByRole('button', { name: /^Order: Cockpit Flood Light Pair COCKPIT-FLOOD-[A-Z]+-\d+, / }).waitFor();
    await shootBothWidths(page, app.artifacts, 'planner-units', { fits: true });
    await page.getByRole('button', { name: 'Items', exact: true }).click();
    await bar.click();
    await page.waitForURL(/#\/t\/aviation\/quote-requests\//);
    expect(errors).toEqual([]);
  }, 120_000);

  it("says what each piece earned: the cockpit set's pieces, sortable, charted, and as a file", async () => {
    const { page, errors } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\//);
    await page.getByRole('menuitem', { name: 'What it earns' }).click();
    const table = page.getByRole('table', { name: 'What each piece earns' });
    await table.waitFor();
    // The hires above start in a few days: the period is taken on to the month's end ahead.
    await page.getByLabel('To', { exact: true }).fill(addDays(earliestStart('America/Los_Angeles', 2, new Date()), 30));
    await page.getByText(/^From 2 orders in the period$/).waitFor();
    // Sorted by hire revenue, highest first: the cockpit set's pieces and the lamps lead.
    const first = table.getByRole('row').nth(1);
    await expect.poll(() => first.innerText()).toMatch(/\$[1-9]/);
    await table
      .getByRole('row', { name: /Pilot Headset, 1970s Style/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Idle days' }).click();
    // The chart says what it draws in its label (each name and its revenue).
    await page.locator('[aria-label^="Top 20 by hire revenue: "]').first().waitFor();
    await shootBothWidths(page, app.artifacts, 'earnings', { fits: true });
    const csv = await page.evaluate(async () => {
      const link = [...document.querySelectorAll('a')].find((anchor) => anchor.textContent === 'CSV')!;
      return (await fetch(link.href)).text();
    });
    expect(csv.split('\r\n')[0] ?? csv.split('\n')[0]).toContain('Name,Id,Stock,Days out');
    // By unit: each lamp its own row.
    await page.getByRole('button', { name: 'By unit' }).click();
    await table
      .getByRole('row', { name: /Cockpit Flood Light Pair COCKPIT-FLOOD-/ })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  }, 120_000);

  it('moves two lounge seats from Sun Valley to Atlanta, and refuses a move of more than a store has', async () => {
    const { page, errors } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\//);
    await page.getByRole('menuitem', { name: 'Transfers' }).click();
    await page.getByText('No transfers from the last 30 days on.').waitFor();
    const form = page.locator('form');
    await form.getByRole('combobox', { name: 'Item' }).fill('Lounge Seat, Cream');
    await page.getByRole('option', { name: '1970s First Class Lounge Seat, Cream Leather' }).click();
    await form.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    // Sun Valley to Atlanta is what the form starts with; it leaves today and arrives in three days.
    const today = await form.getByLabel('Leaves on').inputValue();
    await form.getByLabel('Arrives on').fill(addDays(today, 3));
    await form.getByRole('button', { name: 'Move stock' }).click();
    await page.getByText('2 on the way.').waitFor();
    const row = page.getByRole('row', { name: /2 × 1970s First Class Lounge Seat, Cream Leather/ });
    await row.getByText('In transit').waitFor();
    await shootBothWidths(page, app.artifacts, 'transfers', { fits: true });

    // Three go back from Atlanta, which will have two: refused at the field.
    await form.getByRole('combobox', { name: 'Item' }).fill('Lounge Seat, Cream');
    await page.getByRole('option', { name: '1970s First Class Lounge Seat, Cream Leather' }).click();
    await form.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
    await chooseOption(page, form.getByRole('combobox', { name: 'From store' }), 'Atlanta');
    await chooseOption(page, form.getByRole('combobox', { name: 'To store' }), 'Sun Valley');
    await form.getByLabel('Leaves on').fill(addDays(today, 4));
    await form.getByLabel('Arrives on').fill(addDays(today, 4));
    await form.getByRole('button', { name: 'Move stock' }).click();
    await form
      .getByText(`Atlanta has only 2 1970s First Class Lounge Seat, Cream Leather on ${addDays(today, 4)}`)
      .first()
      .waitFor();
    await shootBothWidths(page, app.artifacts, 'transfer-refused', { fits: true });

    // A production's item page, on dates after they arrive: two at each store, and where to collect is asked.
    const { page: visitor } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const from = addDays(today, 6);
    await visitor.goto(
      `${storefront}/item/1970s-first-class-lounge-seat-cream-leather?from=${from}&to=${addDays(from, 2)}`,
    );
    await visitor.locator('html[data-hydrated]').waitFor();
    await visitor
      .getByRole('status')
      .filter({ hasText: '2 at Sun Valley and 2 at Atlanta: choose where you collect when you ask.' })
      .waitFor();
    await shootBothWidths(visitor, app.artifacts, 'item-at-stores', { fits: true });

    // The house's stores, edited in the vendor's form.
    await page.getByRole('menuitem', { name: 'Vendor' }).click();
    await page.getByText('Each store the house hires from.', { exact: false }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('input[name="stores.1.name"]').inputValue()).toBe('Atlanta');
    await shootBothWidths(page, app.artifacts, 'vendor-stores');
    expect(errors).toEqual([]);
  }, 120_000);
});
