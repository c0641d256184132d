/**
 * After the request, end to end in Chromium against the built server with the shipped sample
 * catalogue, every off-machine request aborted: an approved visitor's request waits in "Your
 * quotes"; the tenant admin opens it in the console, adjusts a line with a reason, adds a delivery
 * line from the Service group and sends the quote; the visitor's open quote page changes to the
 * priced quote without a reload (GL codes not shown), prints with the vendor's details, takes the
 * card in test mode (a declined test card said so, then a good one held), and is accepted after a
 * confirmation, which the admin's open page hears of live; the admin confirms the
 * order, the item's availability timeline shows it (on the request and on the item's page), and the visitor asks again for new dates (a
 * new set list with the same items). Then shoot dates on listings and item pages. axe-core on the storefront pages; screenshots at 1280 and 375 px, and print.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue } from '../../schema/types.generated';
import { axeViolations, chooseOption, visitorPage } from '../helpers/browser';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('quotes', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const item = (
  JSON.parse(readFileSync(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as Catalogue
).items.find((candidate) => candidate.quantity >= 3)!;

/** A day as the storefront says it, in the tenant's locale (en-US). */
const day = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

async function open(page: Page, pathname: string) {
  await page.goto(`${storefront}${pathname}`);
  await page.locator('html[data-hydrated]').waitFor();
}

async function shoot(page: Page, name: string, widths = [1280, 375]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: path.join(app.artifacts, `${name}_${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('a quote after the request', () => {
  it('is priced in the console, reaches the open quote page live, is accepted, and confirmed as an order', async () => {
    const { page, context, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await open(page, '/quotes');
    await page.getByText('Log in to see your quotes and orders').first().waitFor();
    const admin = await app.signUpApproved(page, storefront, 'robin@studio.example');

    await open(page, '/quotes');
    await page.getByText('No quote requests yet.', { exact: false }).waitFor();
    const startDate = earliestStart('America/Los_Angeles', 2, new Date());
    const sent = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json()),
      {
        items: [{ objectID: item.objectID, quantity: 2 }],
        startDate,
        endDate: addDays(startDate, 7),
        production: 'Red Eye 2',
        studio: 'Stage 4 Pictures',
      },
    );
    await open(page, '/quotes');
    const card = page.getByRole('link', { name: /Red Eye 2/ });
    await card.getByText('Requested').waitFor();
    await card.getByText('Not priced yet').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'your-quotes');
    await card.click();
    await page.waitForURL(new RegExp(`/quotes/${sent.id}$`));
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByText('Jetway Props has your request and will price it.').waitFor();

    // The console: the request, priced with an adjustment and a delivery line, then sent.
    await admin.page.getByRole('menuitem', { name: 'Quote requests' }).click();
    await admin.page.getByRole('row', { name: /robin@studio\.example/ }).click();
    await admin.page
      .getByRole('table', { name: 'Items asked for' })
      .getByRole('rowheader', { name: new RegExp(item.name) })
      .waitFor();
    await admin.page.getByRole('spinbutton', { name: `Adjustment to ${item.name}` }).fill('-20');
    await admin.page.getByRole('button', { name: 'Send quote' }).click();
    // A reduction needs its reason: the server names the field and nothing is sent.
    await admin.page.getByRole('alert').getByText('Not sent: fix the fields marked in red below.').waitFor();
    await admin.page
      .getByRole('textbox', { name: `Reason for the adjustment to ${item.name}` })
      .fill('Returning client');
    await admin.page.getByRole('button', { name: 'Add a service line' }).click();
    const service = admin.page.getByRole('group', { name: 'Service line 1' });
    await chooseOption(
      admin.page,
      service.getByRole('combobox', { name: 'Service' }),
      'Service › Delivery & Pickup › Local Delivery',
    );
    await service.getByRole('textbox', { name: 'Description' }).fill('Delivery to Stage 4 and back');
    await service.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await service.getByRole('spinbutton', { name: 'Unit price' }).fill('175');
    await admin.page
      .getByRole('textbox', { name: 'Message to the visitor (sent with the quote)' })
      .fill('Delivery both ways included.');
    await admin.page.screenshot({ path: path.join(app.artifacts, 'console-pricing_1280.png'), fullPage: true });
    await admin.page.getByRole('button', { name: 'Send quote' }).click();
    await admin.page.getByText('Quote sent to the visitor.').waitFor();
    await admin.page.getByRole('button', { name: 'Send revision (version 2)' }).waitFor();

    // The visitor's open page turns into the priced quote without a reload.
    await page.getByText('Jetway Props sent this quote.', { exact: false }).waitFor();
    const breakdown = page.getByRole('table');
    await breakdown.getByRole('rowheader', { name: /Delivery to Stage 4 and back/ }).waitFor();
    await page.getByText(`-$20.00: Returning client`).waitFor();
    await page.getByText('Charged to your card at close-out').waitFor();
    // No GL code anywhere on the page (the card panel's test card numbers aside).
    expect((await page.locator('main').textContent())!.replace(/\d{4} \d{4} \d{4} \d{4}/g, '')).not.toMatch(
      /GL|4[0-9]{3}\b/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'quote-priced');
    await page.emulateMedia({ media: 'print' });
    await page.getByText('Jetway Props LLC', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(app.artifacts, 'quote-print_1280.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Accepting waits for the card: the hold is explained part by part, in test mode, with its test cards named.
    const cardPanel = page.getByRole('region', { name: /Your card/ });
    await cardPanel.getByText('Test mode', { exact: true }).waitFor();
    await cardPanel.getByText(/^To accept, authorise \$[\d,.]+ on your card\.$/).waitFor();
    expect(await page.getByRole('button', { name: 'Accept this quote' }).count()).toBe(0);
    await cardPanel.getByRole('button', { name: 'Authorise my card' }).click();
    // A declined card says so, and the form takes another.
    await cardPanel.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
    await cardPanel
      .getByRole('textbox', { name: 'Expiry (MM / YY)' })
      .fill(`12 / ${String((new Date().getUTCFullYear() + 2) % 100)}`);
    await cardPanel.getByRole('textbox', { name: 'Security code' }).fill('123');
    await cardPanel.getByRole('button', { name: /^Authorise \$/ }).click();
    await cardPanel.getByText('Your card was not authorised: Your card was declined. Try another card.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'card-declined');
    await cardPanel.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await cardPanel.getByRole('button', { name: /^Authorise \$/ }).click();
    await cardPanel.getByText(/^\$[\d,.]+ is held on your card until /).waitFor();
    await shoot(page, 'card-held');

    // Accepting asks first, then says it is done.
    await page.getByRole('button', { name: 'Accept this quote' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/Accept this quote for \$/).waitFor();
    // The production's purchase order goes with the acceptance, to be printed on its invoices.
    await dialog.getByRole('textbox', { name: /purchase-order number/ }).fill('PO-9001');
    await dialog.getByRole('button', { name: 'Accept this quote' }).click();
    await page.getByText('Accepted. The vendor has been told.').waitFor();
    await page.getByText('You accepted this quote.', { exact: false }).waitFor();

    // The admin's open page hears of the acceptance without a reload, then confirms the order; the availability timeline counts it.
    await admin.page.getByText('This request changed elsewhere', { exact: false }).waitFor();
    await admin.page.getByRole('button', { name: 'Confirm order' }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Confirm order' }).click();
    await admin.page.getByText('Order confirmed: the items are reserved.').waitFor();
    // The card hold as the vendor sees it: authorised in test mode, what it holds, when it lapses.
    await admin.page.getByRole('heading', { name: 'Card hold' }).waitFor();
    await admin.page.getByText('Lapses unless captured').waitFor();
    await admin.page.getByText(/^Test provider · pi_test_/).waitFor();
    const timeline = admin.page.getByRole('table', { name: `Free ${item.name} per day` });
    await timeline.getByRole('cell', { name: `${startDate}: ${item.quantity - 2}` }).waitFor();
    // The request's documents: the pro forma with its PDF.
    await admin.page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await admin.page.getByText(/^PF-\d{6}$/).waitFor();
    await shoot(admin.page, 'console-confirmed');
    // The visitor's page, told of the confirmation, offers the pro forma as a PDF with the purchase order on it.
    const proForma = page.getByRole('link', { name: /^Pro forma PF-\d{6} \(PDF\)$/ });
    await proForma.waitFor();
    const pdf = await page.evaluate(
      (href) =>
        fetch(href).then(async (response) => ({
          type: response.headers.get('content-type'),
          head: new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5)),
        })),
      (await proForma.getAttribute('href'))!,
    );
    expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-' });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'quote-confirmed-invoices');
    // The item's own page shows the order too, under its form, linked to the request (a second
    // console window, where axe may run).
    const itemView = await app.logIn(AVIATION_ADMIN, { bypassCSP: true, viewport: { width: 1280, height: 900 } });
    await itemView.page.waitForURL(/#\/t\/aviation\/site/);
    await itemView.page.goto(`${app.server.url}/admin/#/t/aviation/items/${encodeURIComponent(item.objectID)}`);
    await itemView.page
      .getByRole('table', { name: `Free ${item.name} per day` })
      .getByRole('cell', { name: `${startDate}: ${item.quantity - 2}` })
      .waitFor();
    const orders = itemView.page
      .getByRole('table', { name: `Holds and orders on ${item.name}` })
      .getByRole('row', { name: /^Order 2 .*Red Eye 2/ });
    await orders.waitFor();
    await orders.getByRole('link', { name: 'Open' }).waitFor();
    await expect.poll(() => itemView.page.getByRole('progressbar').count()).toBe(0);
    expect(await axeViolations(itemView.page)).toEqual([]);
    await shoot(itemView.page, 'console-item-availability');
    // Five weeks later the item is free throughout; back from today, the order again.
    await itemView.page.getByRole('button', { name: 'Later' }).click();
    await itemView.page.getByText('No holds or orders on this item over these days.').waitFor();
    await itemView.page.getByRole('button', { name: 'From today' }).click();
    await orders.waitFor();
    // On a phone the timeline and the bookings scroll inside their card; the page does not widen.
    await itemView.page.setViewportSize({ width: 375, height: 812 });
    expect(await itemView.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // The Invoices screen lists it by date with the purchase order the visitor gave.
    await itemView.page.setViewportSize({ width: 1280, height: 900 });
    await itemView.page.goto(`${app.server.url}/admin/#/t/aviation/invoices`);
    const row = itemView.page.getByRole('row', { name: /PF-\d{6}.*Pro forma.*PO-9001/ });
    await row.waitFor();
    await row.getByRole('link', { name: 'PDF' }).waitFor();
    // The accountant's file for Xero: this month's invoices by invoice date (a pro forma is none of them).
    const files = itemView.page.getByRole('region', { name: 'Files for the accountant' });
    const xero = files.getByRole('link', { name: 'Download file 1: 0 invoices' });
    await xero.waitFor();
    const csv = await itemView.page.evaluate(
      (href) => fetch(href).then((response) => response.text()),
      (await xero.getAttribute('href'))!,
    );
    expect(csv.split('\r\n')[0]).toBe(
      '*ContactName,EmailAddress,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,*Description,*Quantity,*UnitAmount,*AccountCode,*TaxType,TaxAmount,TrackingName1,TrackingOption1,Currency',
    );
    expect(await axeViolations(itemView.page)).toEqual([]);
    await shoot(itemView.page, 'console-invoices');
    await itemView.page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => itemView.page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    expect(itemView.errors).toEqual([]);
    await itemView.context.close();
    await admin.page.getByRole('menuitem', { name: 'Quote requests' }).click();
    await admin.page
      .getByRole('row', { name: /robin@studio\.example/ })
      .getByText('Confirmed')
      .waitFor();
    await shoot(admin.page, 'console-quote-requests');
    await admin.page.setViewportSize({ width: 375, height: 812 });
    await expect.poll(() => admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    // A new request shows in the open list by itself (the list hears of it; no reload).
    const nextStart = addDays(startDate, 40);
    const another = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.status),
      {
        items: [{ objectID: item.objectID, quantity: 1 }],
        startDate: nextStart,
        endDate: addDays(nextStart, 2),
        production: 'Night Shift',
      },
    );
    expect(another).toBe(201);
    await admin.page
      .getByRole('row', { name: /Night Shift/ })
      .getByText('Requested')
      .waitFor();
    await page.getByText('Jetway Props confirmed the order', { exact: false }).waitFor();

    // The same items again, on new dates: a new set list holds them, ready to ask.
    await page.getByRole('button', { name: 'Ask again for new dates' }).click();
    await page.waitForURL(/\/set-lists\/[^/]+$/);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('heading', { name: 'Red Eye 2 (again)' }).waitFor();
    await page.getByRole('link', { name: item.name }).first().waitFor();

    expect(admin.errors).toEqual([]);
    await admin.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows what is free on shoot dates: on listings, remembered for the session, and on the item page with its calendar', async () => {
    const { page, context, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const startDate = earliestStart('America/Los_Angeles', 2, new Date());
    await open(page, `/search?q=${encodeURIComponent(item.name)}`);
    const bar = page.getByRole('form', { name: 'Your shoot dates' });
    await bar.getByLabel('From').fill(startDate);
    await bar.getByLabel('To').fill(addDays(startDate, 1));
    await bar.getByRole('button', { name: 'Show availability' }).click();
    await page.waitForURL(new RegExp(`from=${startDate}&to=${addDays(startDate, 1)}`));
    await page.locator('html[data-hydrated]').waitFor();
    // Two of the item are out on the order confirmed above.
    const card = page.locator('.item-card', { hasText: item.name });
    await card.getByText(`${item.quantity - 2} free on your dates`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'search-on-dates');

    // The dates stay for the session: a page opened without them gets them.
    await open(page, '/rentals');
    await page.waitForURL(new RegExp(`from=${startDate}`));
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('form', { name: 'Your shoot dates' }).getByRole('button', { name: 'Clear dates' }).waitFor();

    // The item page: free on the dates, and a calendar of four weeks from the first.
    await page.goto(`${storefront}/item/${item.objectID}`);
    await page.waitForURL(new RegExp(`from=${startDate}`));
    await page.locator('html[data-hydrated]').waitFor();
    await page
      .getByRole('status')
      .getByText(`${item.quantity - 2} free from ${day(startDate)} to ${day(addDays(startDate, 1))}`)
      .waitFor();
    const calendar = page.locator('.availability-calendar');
    await calendar.getByRole('listitem').first().waitFor();
    expect(await calendar.getByRole('listitem').count()).toBe(28);
    expect(await calendar.getByRole('listitem').first().getAttribute('aria-label')).toMatch(
      new RegExp(`: ${item.quantity - 2} free$`),
    );
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'item-on-dates');

    // Clearing forgets them.
    await page.getByRole('form', { name: 'Your shoot dates' }).getByRole('button', { name: 'Clear dates' }).click();
    await page.waitForURL((url) => !url.search.includes('from='));
    await open(page, '/rentals');
    expect(page.url()).not.toContain('from=');
    expect(errors).toEqual([]);
    await context.close();
  });
});
