/**
 * The bank's check (3-D Secure) in a real browser, on the built server's test provider: the card
 * 4000 0025 0000 3155 sends the visitor to the bank's page; "Fail the check" brings them back to
 * the quote with the decline in words, "Complete the check" with the card held and the quote ready
 * to accept; a check left unfinished (the tab closed on the bank's page) never stops the visitor
 * from starting again with another card. Chromium posts the bank page's form as a browser does
 * (its Origin follows the page's referrer policy), which `inject` cannot show. Screenshots at
 * 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { shootBothWidths, visitorPage } from '../helpers/browser';
import { TEST_CARDS } from '../helpers/card-hold';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('bank-check', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
});
afterAll(() => app?.close());

/** Ten in stock in the shipped aviation catalogue. */
const CASES = '1950s-hard-train-case-cream';

/** A request made on the visitor's page, priced through the console's API; its quote page opened. */
async function pricedQuote(page: Page, adminCookie: string, production: string, inDays: number): Promise<string> {
  const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), inDays);
  const sent = (await page.evaluate(
    (body) =>
      fetch('/api/quote-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.json()),
    { items: [{ objectID: CASES, quantity: 1 }], startDate, endDate: addDays(startDate, 2), production },
  )) as { id: string };
  const priced = await http(`${app.server.url}/api/tenants/aviation/quote-requests/${sent.id}/quote`, {
    method: 'POST',
    headers: { cookie: adminCookie, origin: app.server.url, 'if-match': '"0"' },
    body: { adjustments: {}, services: [] },
  });
  expect(priced.status, priced.text).toBe(200);
  await page.goto(`${storefront}/quotes/${sent.id}`);
  await page.locator('html[data-hydrated]').waitFor();
  return sent.id;
}

/** Types a test card into the card panel and authorises it. */
async function tryCard(page: Page, number: string) {
  const panel = page.getByRole('region', { name: /Your card/ });
  await panel.getByRole('button', { name: 'Authorise my card' }).click();
  await panel.getByRole('textbox', { name: 'Card number' }).fill(number);
  await panel
    .getByRole('textbox', { name: 'Expiry (MM / YY)' })
    .fill(`12 / ${String((new Date().getUTCFullYear() + 2) % 100)}`);
  await panel.getByRole('textbox', { name: 'Security code' }).fill('123');
  await panel.getByRole('button', { name: /^Authorise \$/ }).click();
}

describe("the bank's check in Chromium", () => {
  it('fails back to the quote in words, then completes and holds the card', async () => {
    const { page, errors, blocked } = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 } });
    const admin = await app.signUpApproved(page, storefront, 'check@studio.example');
    const id = await pricedQuote(page, await admin.cookie(), 'Night Flight', 10);
    const panel = page.getByRole('region', { name: /Your card/ });

    await tryCard(page, TEST_CARDS.authenticate);
    await page.getByRole('heading', { name: "Your bank's check (3-D Secure)" }).waitFor();
    await shootBothWidths(page, app.artifacts, 'bank-page');
    await page.getByRole('button', { name: 'Fail the check' }).click();
    await page.waitForURL(new RegExp(`/quotes/${id}$`));
    await panel
      .getByText(
        'Your card was not authorised: We are unable to authenticate your payment method. Please choose a different payment method and try again. Try another card.',
      )
      .waitFor();
    await shootBothWidths(page, app.artifacts, 'bank-check-failed');
    expect(await page.getByRole('button', { name: 'Accept this quote' }).count()).toBe(0);

    await tryCard(page, TEST_CARDS.authenticate);
    await page.getByRole('button', { name: 'Complete the check' }).click();
    await page.waitForURL(new RegExp(`/quotes/${id}$`));
    await panel.getByText(/^\$[\d,.]+ is held on your card until /).waitFor();
    await page.getByRole('button', { name: 'Accept this quote' }).waitFor();
    await shootBothWidths(page, app.artifacts, 'bank-check-passed');
    expect(errors).toEqual([]);
    // Nothing but the tenant's configured tracking script tried to leave the machine (and it was aborted).
    expect(blocked.filter((url) => !url.startsWith('https://www.googletagmanager.com/'))).toEqual([]);
    await admin.context.close();
  });

  it('lets a visitor who left the bank’s page start again with another card', async () => {
    const { page, errors } = await visitorPage(app.browser, { viewport: { width: 375, height: 812 } });
    const admin = await app.signUpApproved(page, storefront, 'left@studio.example');
    const id = await pricedQuote(page, await admin.cookie(), 'Day Return', 20);
    await tryCard(page, TEST_CARDS.authenticate);
    await page.getByRole('heading', { name: "Your bank's check (3-D Secure)" }).waitFor();
    // The tab is closed on the bank's page; the visitor comes back to the quote later.
    await page.goto(`${storefront}/quotes/${id}`);
    await page.locator('html[data-hydrated]').waitFor();
    const panel = page.getByRole('region', { name: /Your card/ });
    await panel.getByText(/^Waiting for your bank’s check\./).waitFor();
    await shootBothWidths(page, app.artifacts, 'bank-check-left');
    // The console says the same: nothing is held yet.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${id}`);
    await admin.page.getByText("Waiting for the bank's check", { exact: true }).waitFor();
    await admin.page.getByText('To hold (not held yet)').waitFor();
    await tryCard(page, TEST_CARDS.ok);
    await panel.getByText(/^\$[\d,.]+ is held on your card until /).waitFor();
    await page.getByRole('button', { name: 'Accept this quote' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Accept this quote' }).click();
    await page.getByText('Accepted. The vendor has been told.').waitFor();
    expect(errors).toEqual([]);
    await admin.context.close();
  });
});
