/**
 * The warehouse floor end to end in Chromium against the built server, every off-machine request
 * aborted: a visitor's order is confirmed, an item moves to tagged units, the dispatch board lists
 * the order going out, and its pull sheet takes scans typed as a USB scanner types them (a tag and
 * Enter): each answered by colour and words (right order, unknown code, a count too many); a scan
 * made with the connection down waits, says so, and is stored once when the connection is back;
 * the check-in takes a damaged unit with its note. Screenshots at 1280 and 375 px, and as printed.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTags } from '../../schema/rental/hire';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { TINY_PNG } from '../fixtures/tiny-png';
import { chooseOption, drawOn, visitorPage } from '../helpers/browser';
import { TEST_CARDS, testCard } from '../helpers/card-hold';
import { fakeCameraShowing } from '../helpers/fake-camera';
import { repoRoot } from '../helpers/paths';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { acceptWithTestCard } from '../helpers/storefront-steps';

let app: ConsoleUnderTest;
let storefront: string;
/** The seats' second unit, as tagging makes it (newTags is deterministic): the label the fake camera shows. */
const CAMERA_TAG = newTags('1950s-propliner-triple-seat-row-brown-houndstooth', new Set(), 2)[1]!;

beforeAll(async () => {
  await mkdir(path.join(repoRoot, '.tmp'), { recursive: true });
  const camera = await fakeCameraShowing(path.join(repoRoot, '.tmp', 'label-camera.y4m'), `aviation/${CAMERA_TAG}`);
  app = await startConsole('warehouse', { BACKLOT_SIGN_INS_PER_MINUTE: '100' }, { browserArgs: camera });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const SEATS = '1950s-propliner-triple-seat-row-brown-houndstooth';
const CASES = '1950s-hard-train-case-cream';

/** A call to the API from a signed-in page (same origin, so its cookie and Origin go with it). */
const call = (page: Page, url: string, init: { method?: string; body?: unknown; ifMatch?: string } = {}) =>
  page.evaluate(
    async ({ url, init }) => {
      const response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
          ...(init.ifMatch && { 'if-match': `"${init.ifMatch}"` }),
        },
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      });
      return { status: response.status, body: await response.json() };
    },
    { url, init },
  );

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Nothing runs off the side of a phone (once the layout has settled after the resize).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: `${name} is wider than ${width} px`,
        timeout: 5000,
      })
      .toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(app.artifacts, `${name}_${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the warehouse floor', () => {
  it('sends an order out and back by scanning, on a phone-sized screen too, and never loses a scan', async () => {
    const { page } = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await page.goto(`${storefront}/quotes`);
    await page.locator('html[data-hydrated]').waitFor();
    const admin = await app.signUpApproved(page, storefront, 'gaffer@studio.example');
    await page.goto(`${storefront}/quotes`);
    await page.locator('html[data-hydrated]').waitFor();

    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 3);
    const asked = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json()),
      {
        items: [
          { objectID: SEATS, quantity: 2 },
          { objectID: CASES, quantity: 2 },
        ],
        startDate,
        endDate: addDays(startDate, 4),
        production: 'Overnight Express',
      },
    );
    const id = asked.id as string;
    expect(
      (
        await call(admin.page, `/api/tenants/aviation/quote-requests/${id}/quote`, {
          method: 'POST',
          body: { adjustments: {}, services: [] },
          ifMatch: '0',
        })
      ).status,
    ).toBe(200);
    // The visitor's card, held with a test card as the quote page's form does it, then the acceptance.
    const accepted = await acceptWithTestCard(page, id, testCard(TEST_CARDS.ok));
    expect(accepted.status).toBe(200);
    expect(
      (
        await call(admin.page, `/api/tenants/aviation/quote-requests/${id}/confirm`, {
          method: 'POST',
          body: null,
          ifMatch: accepted.revision,
        })
      ).status,
    ).toBe(200);
    const units = await call(admin.page, `/api/tenants/aviation/items/${SEATS}/units`, { method: 'POST' });
    expect(units.status).toBe(201);
    const [firstTag, secondTag] = (units.body as Array<{ tag: string }>).map((unit) => unit.tag);

    // Dispatch lists the order going out; it opens on its pull sheet.
    await admin.page.getByRole('menuitem', { name: 'Dispatch' }).click();
    await admin.page.getByRole('heading', { name: /^Going out/ }).waitFor();
    // The vendor's calendar: a secret link made here, which a calendar app reads as iCalendar with this order's pick-up.
    await admin.page.getByRole('button', { name: 'Make a calendar link' }).click();
    const feedField = admin.page.getByRole('textbox', { name: 'Pick-ups and returns' });
    await expect.poll(() => feedField.inputValue()).toMatch(/\/calendar\/aviation\/[A-Za-z0-9_-]{32}\/hires\.ics$/);
    const feed = await admin.page.evaluate(
      (url) => fetch(url).then(async (response) => [response.headers.get('content-type'), await response.text()]),
      await feedField.inputValue(),
    );
    expect(feed[0]).toBe('text/calendar; charset=utf-8');
    expect(feed[1]).toContain('SUMMARY:Out: Overnight Express (4 pieces)');
    await shoot(admin.page, 'dispatch');

    // The production asks for one more day: the vendor changes the order (the stock moves at once), and the visitor accepts the change.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${id}`);
    await admin.page.getByRole('button', { name: 'Change items or dates' }).click();
    const changeDialog = admin.page.getByRole('dialog', { name: 'Change items or dates' });
    // Forty seat rows are more than Jetway has: refused at the line, which offers the rest at other houses.
    const seats = changeDialog.getByRole('spinbutton', { name: /^Quantity of 1950s Propliner/ });
    await seats.fill('40');
    await changeDialog.getByRole('button', { name: 'Send the change' }).click();
    await changeDialog.getByText('only 4 in stock').waitFor();
    await changeDialog.getByRole('button', { name: /^Find it at other houses: 1950s Propliner/ }).waitFor();
    await changeDialog.screenshot({ path: path.join(app.artifacts, 'change-order-short.png') });
    await seats.fill('2');
    await changeDialog.getByLabel('Last day').fill(addDays(startDate, 5));
    await changeDialog.screenshot({ path: path.join(app.artifacts, 'change-order.png') });
    await changeDialog.getByRole('button', { name: 'Send the change' }).click();
    await changeDialog.waitFor({ state: 'detached' });
    await admin.page.getByText('Changed: the new version went to the visitor.').waitFor();
    await page.goto(`${storefront}/quotes/${id}`);
    await page.getByText(/^Jetway Props changed this order \(version 2\)/).waitFor();
    await shoot(page, 'visitor-change');
    // A day longer costs more than the card holds: the card is authorised again for the new total first.
    const cardPanel = page.getByRole('region', { name: /Your card/ });
    await cardPanel.getByRole('button', { name: 'Authorise my card' }).click();
    await cardPanel.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.ok);
    await cardPanel.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 40');
    await cardPanel.getByRole('textbox', { name: 'Security code' }).fill('123');
    await cardPanel.getByRole('button', { name: /^Authorise \$/ }).click();
    await cardPanel.getByText(/is held on your card until/).waitFor();
    await page.getByRole('button', { name: 'Accept the change' }).click();
    await page
      .getByRole('alertdialog')
      .getByText(/^Accept the changed order, \$/)
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Accept the change' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Accept the change' }).count()).toBe(0);
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/dispatch`);
    await admin.page.getByRole('heading', { name: /^Going out/ }).waitFor();
    await admin.page
      .getByRole('link', { name: /Overnight Express/ })
      .first()
      .click();
    const sheet = admin.page.getByRole('table', { name: 'Pull sheet' });
    await sheet.getByText(`Pick: ${firstTag}, ${secondTag}`).waitFor();

    const field = admin.page.getByRole('textbox', { name: 'Scan or type a tag' });
    const answer = admin.page.getByRole('status').getByRole('alert').first();
    // A scanner types the label's text and presses Enter (days before the hire: the answer says so).
    await field.fill(`aviation/${firstTag}`);
    await field.press('Enter');
    await expect
      .poll(() => answer.textContent())
      .toMatch(
        new RegExp(
          `^Out: ${firstTag} \\(.+\\)\\. 1 of 2 out\\. Out \\d+ days before the hire starts \\(this house lets hires go out 2 days before\\): kept from other bookings until then\\.$`,
        ),
      );
    expect(await answer.getAttribute('data-outcome')).toBe('ok');
    await expect.poll(() => field.inputValue()).toBe('');

    await field.fill('WHAT-IS-THIS');
    await field.press('Enter');
    await expect.poll(() => answer.getAttribute('data-outcome')).toBe('unknown');
    expect(await answer.textContent()).toBe('No unit or item here is labelled "WHAT-IS-THIS".');

    await field.fill(CASES);
    await admin.page.getByRole('spinbutton', { name: 'Count' }).fill('3');
    await field.press('Enter');
    await expect.poll(() => answer.getAttribute('data-outcome')).toBe('tooMany');
    // The sheet is read again once the scanning pauses. That read fails here (as when the
    // connection drops just then): the sheet stays on screen to scan on, never replaced by the error.
    await admin.page.route('**/pull-sheet', (route) => route.abort('internetdisconnected'));
    const rereadFailed = admin.page.waitForEvent('requestfailed', (request) => request.url().endsWith('/pull-sheet'));
    await field.fill(CASES);
    await admin.page.getByRole('spinbutton', { name: 'Count' }).fill('2');
    await field.press('Enter');
    await expect.poll(() => answer.getAttribute('data-outcome')).toBe('ok');
    await rereadFailed;
    await admin.page.unroute('**/pull-sheet');

    // The connection drops mid-scan: the scan waits, says so, and goes once it is back.
    await admin.context.setOffline(true);
    await field.fill(secondTag!);
    await field.press('Enter');
    await admin.page.getByText('No connection: 1 scan waiting, sent when it is back').waitFor();
    await shoot(admin.page, 'scan-offline');
    await admin.context.setOffline(false);
    await expect
      .poll(() => answer.textContent(), { timeout: 15_000 })
      .toMatch(
        new RegExp(
          `^Out: ${secondTag} .*2 of 2 out\\. Out \\d+ days before the hire starts \\(this house lets hires go out 2 days before\\): kept from other bookings until then\\.$`,
        ),
      );
    const scans = (await call(admin.page, `/api/tenants/aviation/orders/${id}/pull-sheet`)).body.scans as Array<{
      tag?: string;
      outcome: string;
    }>;
    expect(scans.filter((record) => record.tag === secondTag)).toHaveLength(1);
    // The production's runner signs for the order on the phone: a name and a signature drawn on the pad.
    await admin.page.getByRole('button', { name: 'Sign' }).click();
    const handover = admin.page.getByRole('dialog', { name: 'Hand over: who takes the items?' });
    await handover.getByRole('textbox', { name: 'Name' }).fill('Dana Reyes');
    await drawOn(admin.page, handover.locator('canvas'));
    await handover.screenshot({ path: path.join(app.artifacts, 'handover-dialog.png') });
    await handover.getByRole('button', { name: 'Save', exact: true }).click();
    await handover.waitFor({ state: 'detached' });
    await expect.poll(() => answer.textContent()).toBe('Handed over to Dana Reyes (signed).');
    await admin.page.getByRole('img', { name: 'Signature of Dana Reyes' }).waitFor();
    await admin.page.getByText('Out', { exact: true }).first().waitFor();
    await shoot(admin.page, 'scan-out');

    // Back in: the screen starts on check-in once things are out; a damaged unit keeps its note.
    await admin.page.reload();
    await expect
      .poll(() => admin.page.getByRole('button', { name: 'Check in' }).getAttribute('aria-pressed'))
      .toBe('true');
    await chooseOption(admin.page, admin.page.getByRole('combobox', { name: 'Condition' }), 'Damaged');
    await admin.page.getByRole('textbox', { name: 'What is wrong (kept with the unit)' }).fill('Seat back torn');
    // A photo of the damage from the phone's camera (here a file): uploaded as an item photo, then sent with the scan.
    await admin.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'Seat Back.PNG', mimeType: 'image/png', buffer: TINY_PNG });
    await admin.page.getByRole('img', { name: 'Condition photo 1' }).waitFor();
    await field.fill(firstTag!);
    await field.press('Enter');
    await expect.poll(() => answer.textContent()).toMatch(new RegExp(`^Back damaged \\(to repair\\): ${firstTag}`));
    await admin.page.getByText('1 damaged').waitFor();
    const unit = (await call(admin.page, `/api/tenants/aviation/items/${SEATS}/units`)).body.find(
      (entry: { tag: string }) => entry.tag === firstTag,
    );
    expect(unit).toMatchObject({ status: 'repair', condition: 'Seat back torn' });

    // The damage is a charge: the sample seat has no replacement value, so the vendor prices the repair, with a reason.
    const charges = admin.page.getByRole('table', { name: 'Charges after the hire' });
    await charges.getByText('No replacement value is set for this item: the vendor prices the repair').waitFor();
    await charges.getByRole('img', { name: `Photo 1 of ${firstTag}` }).waitFor();
    await admin.page.getByRole('button', { name: `Adjust the charge for ${firstTag}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Adjust the charge for ${firstTag}` });
    await dialog.getByRole('spinbutton', { name: 'Adjustment' }).fill('350');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Say why: the visitor sees it').waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Reupholstered the seat back');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await charges.getByText('Adjusted by $350.00: Reupholstered the seat back').waitFor();
    await expect.poll(() => admin.page.getByTestId('hire-total').textContent()).toMatch(/^\$[0-9,]+\.[0-9]{2}$/);
    await shoot(admin.page, 'hire-charges');

    // The visitor follows the hire on their quote page: what is with them, what is back, the charge with its photo and reason.
    await page.goto(`${storefront}/quotes/${id}`);
    const hire = page.getByRole('region', { name: 'Your hire' });
    await hire.getByRole('heading', { name: 'Charges after the hire' }).waitFor();
    await hire
      .getByText(
        `Damage: ${await sheet
          .getByText(/Propliner/)
          .first()
          .textContent()} (${firstTag})`,
      )
      .waitFor();
    await hire.getByText('Reupholstered the seat back').waitFor();
    await hire.getByRole('img', { name: `Photo 1 of ${firstTag} at check-in` }).waitFor();
    expect(await hire.locator('.quote-total').last().textContent()).toMatch(/^\$[0-9,]+\.[0-9]{2}$/);
    await shoot(page, 'visitor-hire');

    // The visitor's own calendar link, under their quotes.
    await page.goto(`${storefront}/quotes`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('button', { name: 'Make a calendar link' }).click();
    const mine = page.getByRole('textbox', { name: 'Calendar link' });
    await expect
      .poll(() => mine.inputValue())
      .toMatch(/\/calendar\/aviation\/visitors\/[^/]+\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(
      await page.evaluate((url) => fetch(url).then((response) => response.text()), await mine.inputValue()),
    ).toContain('SUMMARY:Hire: Overnight Express (Jetway Props)');
    await shoot(page, 'visitor-calendar');
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: 'Make a calendar link' }).waitFor();

    // The other seat comes back through the phone's camera: the label in view is read (by the bundled decoder: Chromium on Linux has no BarcodeDetector) and checked in once.
    expect(secondTag).toBe(CAMERA_TAG);
    await admin.page.getByRole('button', { name: 'Camera' }).click();
    await admin.page.getByText('Hold a label in view: it is read by itself.').waitFor();
    await expect
      .poll(() => answer.textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`^Back: ${CAMERA_TAG} .*2 of 2 back\\.$`));
    await shoot(admin.page, 'scan-camera');
    await admin.page.waitForTimeout(1500);
    const cameraScans = (await call(admin.page, `/api/tenants/aviation/orders/${id}/pull-sheet`)).body.scans as Array<{
      tag?: string;
      direction: string;
    }>;
    expect(cameraScans.filter((record) => record.tag === CAMERA_TAG && record.direction === 'in')).toHaveLength(1);
    await admin.page.getByRole('button', { name: 'Camera' }).click();
    await expect.poll(() => admin.page.locator('video').count()).toBe(0);

    await admin.page.emulateMedia({ media: 'print' });
    await admin.page.screenshot({ path: path.join(app.artifacts, 'pull-sheet_print.png'), fullPage: true });
    await admin.page.emulateMedia({ media: 'screen' });
    await shoot(admin.page, 'scan-in');

    // The order's labels (all back now: the seats on the shelf to pick for it), a QR code each and one for the counted cases, printable on a sheet or a label printer's roll.
    await admin.page.getByRole('link', { name: 'Labels' }).click();
    const labels = admin.page.getByRole('list', { name: 'Labels' });
    await labels.getByRole('img', { name: `QR code aviation/${CASES}` }).waitFor();
    expect(await labels.getByRole('img', { name: /^QR code aviation\/1950S-PROPLINER-/ }).count()).toBe(2);
    await labels.getByText('Scan, then set the count').waitFor();
    await shoot(admin.page, 'labels');
    await admin.page.emulateMedia({ media: 'print' });
    await admin.page.screenshot({ path: path.join(app.artifacts, 'labels_print.png'), fullPage: true });
    await admin.page.emulateMedia({ media: 'screen' });
    await admin.page.getByRole('button', { name: 'Label printer (62 × 29 mm)' }).click();
    await admin.page.emulateMedia({ media: 'print' });
    await admin.page.screenshot({ path: path.join(app.artifacts, 'labels-roll_print.png'), fullPage: true });
    await admin.page.emulateMedia({ media: 'screen' });

    // The seat's units under its form: the damaged one comes back from repair, with a note.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/items/${SEATS}`);
    const unitsTable = admin.page.getByRole('table', { name: 'Units and labels' });
    await unitsTable.getByText(firstTag!).waitFor();
    const damagedRow = unitsTable.getByRole('row').filter({ hasText: firstTag! });
    expect(await damagedRow.getByText('In repair').count()).toBe(1);
    await damagedRow.getByRole('button', { name: 'Back in service' }).click();
    const moveDialog = admin.page.getByRole('dialog', { name: `Put ${firstTag} back in service` });
    await moveDialog.getByRole('textbox', { name: 'Note (kept in the unit’s history)' }).fill('Reupholstered');
    await moveDialog.getByRole('button', { name: 'Back in service' }).click();
    await expect.poll(() => damagedRow.getByText('In service').count()).toBe(1);
    await shoot(admin.page, 'item-units');
    expect(admin.errors).toEqual([]);
  });
});
