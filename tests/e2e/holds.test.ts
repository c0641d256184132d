/**
 * Holds, end to end in Chromium against the built server (every off-machine request aborted): a
 * production holds its request itself from its quote page (first hold); another asks for the same
 * piece; the house opens the second request, sees the hold ahead of it and challenges it; the
 * holder's page then says what to do and by when, and its list marks the hold; the hold board lists
 * the piece's holds in rank order, moves a third up past the second, and groups them by production. axe-core on the quote page; screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { itemHref } from '../../schema/routes';
import { axeViolations, openHydrated, shootBothWidths, visitorPage } from '../helpers/browser';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { sendQuoteRequest } from '../helpers/storefront-steps';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('holds', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const open = (page: Page, pathname: string) => openHydrated(page, `${storefront}${pathname}`);
// One in stock: two productions on the same days want the same piece.
const PIECE = 'aft-galley-module-stainless';
const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 21);

async function request(page: Page, production: string) {
  await open(page, '/quotes');
  return sendQuoteRequest(page, {
    items: [{ objectID: PIECE, quantity: 1 }],
    startDate,
    endDate: addDays(startDate, 4),
    production,
  });
}

describe('holds', () => {
  it('ranks a production’s own hold first, and the house challenges it for the production behind', async () => {
    const ferry = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await app.signUpApproved(ferry.page, storefront, 'dana@night-ferry.example');
    const held = await request(ferry.page, 'Night Ferry');
    await open(ferry.page, `/quotes/${held.id}`);
    await ferry.page.getByRole('button', { name: 'Hold these items' }).click();
    const dialog = ferry.page.getByRole('alertdialog', { name: 'Hold these items while you decide?' });
    await dialog.getByText('it ranks behind any hold placed before it').waitFor();
    await dialog.getByRole('button', { name: 'Hold these items' }).click();
    await ferry.page.getByRole('status').getByText('Held. The vendor has been told.').waitFor();
    await ferry.page.getByText(/You hold these items \(first hold\) until the end of/).waitFor();

    const redEye = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const admin = await app.signUpApproved(redEye.page, storefront, 'sam@red-eye.example');
    // The second production sees the piece on hold on its dates, not whose, and that it may still ask.
    await open(redEye.page, `${itemHref(PIECE)}?from=${startDate}&to=${addDays(startDate, 4)}`);
    await redEye.page
      .getByRole('status')
      .getByText(
        /^None free from .+ to .+\. 1 is on hold for another production: you can still ask, and your request ranks behind the hold\.$/,
      )
      .waitFor();
    await redEye.page.getByText('1 on hold').first().waitFor();
    expect(await redEye.page.content()).not.toContain('Night Ferry');
    await shootBothWidths(redEye.page, app.artifacts, 'item-on-hold');
    const behind = await request(redEye.page, 'Red Eye 2');

    // The house opens the second request: the hold ahead is named, and challenged from there.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${behind.id}`);
    const card = admin.page.getByRole('heading', { name: 'Hold', exact: true }).locator('..').locator('..');
    await card.getByText('Other productions hold these items ahead of this request.', { exact: false }).waitFor();
    await card.getByText(/^Night Ferry, held until/).waitFor();
    await card.getByRole('button', { name: 'Challenge the hold ahead' }).click();
    await card.getByRole('status').getByText('Challenged: the holder is mailed the deadline.').waitFor();
    await card.getByText(/challenged, answers by \w{3}, \w{3} \d+, \d+:\d\d [AP]M P[SD]T/).waitFor();
    expect(await card.getByRole('button', { name: 'Challenge the hold ahead' }).isDisabled()).toBe(true);
    await shootBothWidths(admin.page, app.artifacts, 'console-hold-ahead');

    // The holder is told what to do and by when, on its page and its list.
    await open(ferry.page, `/quotes/${held.id}`);
    await ferry.page
      .getByText(
        /Another production wants the items you hold\. Accept the quote to confirm your order, or release your hold, by/,
      )
      .waitFor();
    expect(await axeViolations(ferry.page)).toEqual([]);
    await shootBothWidths(ferry.page, app.artifacts, 'quote-hold-challenged');
    await open(ferry.page, '/quotes');
    await ferry.page
      .getByRole('link', { name: /Night Ferry/ })
      .getByText('1st hold: answer needed')
      .waitFor();
    await shootBothWidths(ferry.page, app.artifacts, 'your-quotes-held');

    // The board: the piece, its holds in rank order (the house holds the second request too).
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${behind.id}`);
    await admin.page.getByRole('button', { name: 'Pencil a hold' }).click();
    await card.getByText('2nd hold', { exact: true }).waitFor();
    await admin.page.getByRole('menuitem', { name: 'Holds' }).click();
    const board = admin.page.getByRole('main');
    await board.getByText(/^Red Eye 2 ·/).waitFor();
    const rows = await board
      .getByRole('link')
      .filter({ hasText: /\d(st|nd) hold/ })
      .allTextContents();
    expect(rows.map((row) => row.match(/^(\d\w\w hold)(.*?) ·/)?.slice(1))).toEqual([
      ['1st hold', 'Night Ferry'],
      ['2nd hold', 'Red Eye 2'],
    ]);
    await admin.page.getByText(/answers by/).waitFor();

    // A third request, held by the house behind both, is moved up past the second from the board.
    const third = await request(redEye.page, 'Red Eye 3');
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${third.id}`);
    await admin.page.getByRole('button', { name: 'Pencil a hold' }).click();
    await card.getByText('3rd hold', { exact: true }).waitFor();
    // Each hold ahead can be passed from here too (the board does it below).
    await card.getByRole('button', { name: 'Move ahead of Red Eye 2' }).waitFor();
    await card.getByRole('button', { name: 'Move ahead of Night Ferry' }).waitFor();
    await admin.page.getByRole('menuitem', { name: 'Holds' }).click();
    await board
      .getByRole('button', { name: 'Move Red Eye 3 ahead of Red Eye 2 on Aft Galley Module, Stainless' })
      .click();
    await board
      .getByRole('status')
      .getByText('Red Eye 3 moved ahead of Red Eye 2: now the 2nd hold. Red Eye 2 is told.')
      .waitFor();
    const ranked = async () =>
      (
        await board
          .getByRole('link')
          .filter({ hasText: /\d(st|nd|rd) hold/ })
          .allTextContents()
      ).map((row) => row.match(/^(\d\w\w hold)(.*?) ·/)?.slice(1));
    await expect.poll(ranked, { timeout: 5_000 }).toEqual([
      ['1st hold', 'Night Ferry'],
      ['2nd hold', 'Red Eye 3'],
      ['3rd hold', 'Red Eye 2'],
    ]);
    await shootBothWidths(admin.page, app.artifacts, 'console-hold-board');
    // By production: each production's held lines under its name.
    await board.getByRole('button', { name: 'By production' }).click();
    await board.getByRole('heading', { name: /^Red Eye 3 1 held line$/ }).waitFor();
    await shootBothWidths(admin.page, app.artifacts, 'console-hold-board-by-production');
    expect(ferry.errors).toEqual([]);
    expect(redEye.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 180_000);
});
