/**
 * Asking for a quote end to end, in Chromium against the built server with the shipped sample
 * catalogue, every off-machine request aborted: a new visitor is told approval comes first; once
 * the tenant admin approves them in the console, the open item page offers the form without a
 * reload; dates before the lead time cannot be picked; the request is confirmed, mailed, and listed
 * in the console's Quote requests, where a row opens it for pricing (tests/e2e/quotes.test.ts goes on from there). axe-core on the form; screenshots at both widths.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue } from '../../schema/types.generated';
import { OutboxMailer } from '../../server/mail/mailer';
import { axeViolations, visitorPage } from '../helpers/browser';
import { tenantsDir } from '../helpers/paths';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('quote-request', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

// An item of the shipped catalogue with more than one in stock.
const item = (
  JSON.parse(readFileSync(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as Catalogue
).items.find((candidate) => candidate.quantity >= 3)!;

async function open(page: Page, pathname: string) {
  await page.goto(`${storefront}${pathname}`);
  await page.locator('html[data-hydrated]').waitFor();
}

describe('a quote request', () => {
  it('waits for approval, then is sent from the item page and listed in the console', async () => {
    const { page, context, errors, blocked } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await open(page, `/item/${item.objectID}`);
    await page.getByRole('link', { name: 'Log in to ask for a quote' }).waitFor();
    await open(page, '/auth/signup');
    await page.getByLabel('Email').fill('quinn@studio.example');
    await page.getByLabel('Choose a password').fill('a long enough passphrase');
    await page.locator('form').getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/onboarding/);
    await page.getByRole('form', { name: 'Your details' }).getByLabel('Production').fill('Red Eye 2');
    await page.getByRole('form', { name: 'Your details' }).getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Saved.').waitFor();

    await open(page, `/item/${item.objectID}`);
    await page
      .getByText('Jetway Props checks every new account first: you can ask for a quote once yours is approved.')
      .waitFor();

    const admin = await app.logIn(AVIATION_ADMIN);
    await admin.page.getByRole('menuitem', { name: 'Users' }).click();
    await admin.page.getByRole('button', { name: 'Approve quinn@studio.example' }).click();
    await admin.page.getByText('quinn@studio.example approved.').waitFor();

    // No reload: the approval arrives over the live profile, and the form appears.
    const form = page.getByRole('form', { name: 'Ask for a quote' });
    await form.waitFor();
    expect(await form.getByLabel('Production').inputValue()).toBe('Red Eye 2');
    const earliest = earliestStart('America/Los_Angeles', 2, new Date());
    expect(await form.getByLabel('First day').getAttribute('min')).toBe(earliest);
    await form.getByLabel('How many').fill('2');
    await form.getByLabel('First day').fill(earliest);
    await form.getByLabel('Last day').fill(addDays(earliest, 4));
    await form.getByLabel('Notes').fill('Stage 4 at Sunset Gower; delivery before 7 am.');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'quote-form_1280.png'), fullPage: true });
    await form.getByRole('button', { name: 'Send quote request' }).click();
    await page
      .getByRole('status')
      .getByText('Sent. Jetway Props will reply to quinn@studio.example by email', { exact: false })
      .waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(app.artifacts, 'quote-sent_375.png'), fullPage: true });

    const mails = await new OutboxMailer(path.join(app.root, '.data/outbox')).list();
    expect(
      mails
        .filter((mail) => mail.kind === 'quoteRequest' || mail.kind === 'quoteConfirmation')
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(['quinn@studio.example', 'rentals@jetwayprops.com']);

    await admin.page.getByRole('menuitem', { name: 'Quote requests' }).click();
    const row = admin.page.getByRole('row', { name: /quinn@studio\.example/ });
    await row.waitFor();
    await row.click();
    await admin.page
      .getByRole('table', { name: 'Items asked for' })
      .getByRole('rowheader', { name: new RegExp(item.name) })
      .waitFor();
    await admin.page.getByText('Notes: Stage 4 at Sunset Gower; delivery before 7 am.').waitFor();
    await admin.page.screenshot({ path: path.join(app.artifacts, 'quote-requests_1280.png'), fullPage: true });
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    expect(blocked.every((url) => url.startsWith('https://www.googletagmanager.com/'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
