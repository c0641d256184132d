/**
 * The conversation on a request, end to end in Chromium against the built server (every
 * off-machine request aborted): a production asks the house a question on its quote page (Ctrl+Enter
 * sends; markup shows as typed); the console's menu, open all along, counts it unread as it arrives
 * until the request is opened; the house answers, and the production is mailed with the link back;
 * the production's list says "1 new message", its quote page shows the answer, the house's open page
 * then shows its answer read without reloading, and its next message reaches the production's open page.
 * axe-core on the quote page; screenshots at 1280 and 375 px (storefront) and 1280 (console).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { OutboxMailer } from '../../server/mail/mailer';
import { TINY_PNG } from '../fixtures/tiny-png';
import { axeViolations, openHydrated, shootBothWidths, visitorPage } from '../helpers/browser';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('conversations', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const open = (page: Page, pathname: string) => openHydrated(page, `${storefront}${pathname}`);

describe('a conversation on a request', () => {
  it('carries a question to the house and its answer back, mailed, counted unread, and read', async () => {
    const { page, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const admin = await app.signUpApproved(page, storefront, 'dana@night-ferry.example');
    await open(page, '/quotes');
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 7);
    const sent = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<{ id: string }>),
      {
        items: [{ objectID: '1950s-hard-train-case-cream', quantity: 1 }],
        startDate,
        endDate: addDays(startDate, 3),
        production: 'Night Ferry',
      },
    );

    // The same request open in a second tab of the production's.
    const otherTab = await page.context().newPage();
    await open(otherTab, `/quotes/${sent.id}`);
    const otherPanel = otherTab.getByRole('region', { name: 'Messages with Jetway Props' });
    await otherPanel.getByText('No messages yet.').waitFor();
    await open(page, `/quotes/${sent.id}`);
    const panel = page.getByRole('region', { name: 'Messages with Jetway Props' });
    await panel.getByText('No messages yet.').waitFor();
    const box = panel.getByRole('textbox', { name: 'Message to Jetway Props' });
    await box.fill('Can the cases come with <b>straps</b>?\nWe shoot on the ferry deck.');
    await panel
      .getByLabel('Attach files (PDF, PNG or JPEG; up to 3, 10 MB together)')
      .setInputFiles({ name: 'deck reference.png', mimeType: 'image/png', buffer: TINY_PNG });
    await box.press('Control+Enter');
    await panel.getByRole('status').getByText('Sent.').waitFor();
    // Markup shows as typed; the line break is kept.
    await panel.getByText('Can the cases come with <b>straps</b>?', { exact: false }).waitFor();
    expect(await panel.locator('b').count()).toBe(0);
    expect(await box.inputValue()).toBe('');
    // The other tab shows it as it is written, as the production's own (not "arrived"), then closes.
    await otherPanel.getByText('We shoot on the ferry deck.', { exact: false }).waitFor({ timeout: 5_000 });
    expect(await otherPanel.getByText('A new message arrived.').count()).toBe(0);
    await otherTab.close();

    // The production leaves the page (an open page would show the answer as it comes, and read it).
    await open(page, '/quotes');

    // The console, open all along: the menu counts the request unread as the message arrives, until it is opened.
    const menuItem = admin.page.getByRole('menuitem', { name: /Quote requests/ });
    await menuItem.getByLabel('1 request with unread messages').waitFor();
    await menuItem.click();
    await admin.page.getByRole('row', { name: /dana@night-ferry\.example/ }).click();
    const card = admin.page.getByRole('heading', { name: 'Messages with the production' }).locator('..').locator('..');
    await card.getByText('We shoot on the ferry deck.', { exact: false }).waitFor();
    // The file came with it, and downloads in the console's session.
    const link = card.getByRole('link', { name: /^deck reference\.png/ });
    const href = await link.getAttribute('href');
    expect(await admin.page.evaluate((url) => fetch(url!).then((answer) => answer.status), href)).toBe(200);
    await menuItem.getByLabel('1 request with unread messages').waitFor({ state: 'detached' });
    await card.getByRole('textbox', { name: 'Message to the production' }).fill('Yes: ratchet straps on both.');
    await card.getByRole('button', { name: 'Send' }).click();
    await card.getByText('Sent, and mailed to dana@night-ferry.example.').waitFor();

    // The production is mailed the answer, with the link back to its request.
    const outbox = new OutboxMailer(path.join(app.root, '.data', 'outbox'));
    const entry = (await outbox.list()).find(
      (mail) => mail.kind === 'conversationMessage' && mail.to.includes('dana@night-ferry.example'),
    );
    const mail = await simpleParser(await readFile(path.join(outbox.dir, entry!.file)));
    expect(mail.text).toContain('Yes: ratchet straps on both.');
    expect(mail.text).toContain(`/quotes/${sent.id}`);

    await open(page, '/quotes');
    await page
      .getByRole('link', { name: /Night Ferry/ })
      .getByText('1 new message')
      .waitFor();
    await shootBothWidths(page, app.artifacts, 'your-quotes-unread');
    await open(page, `/quotes/${sent.id}`);
    await panel.getByText('Yes: ratchet straps on both.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, app.artifacts, 'quote-conversation');

    // The house sees its answer read as it is read, without reloading; what it writes next reaches the open page.
    await card.getByText('Read', { exact: true }).waitFor();
    await card.getByRole('textbox', { name: 'Message to the production' }).fill('They are in the cases already.');
    await card.getByRole('button', { name: 'Send' }).click();
    await panel.getByText('They are in the cases already.').waitFor();
    await panel.getByRole('status').getByText('A new message arrived.').waitFor();
    await card.getByRole('button', { name: 'Mark done' }).click();
    await card.getByText('Done', { exact: true }).waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'console-conversation_1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 180_000);
});
