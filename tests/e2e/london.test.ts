/**
 * The London tenant end to end in Chromium against the built server (every off-machine request
 * aborted): a visitor of Soho Prop Hire asks for items; platform staff price them; the visitor's
 * quote page says the VAT and the total with it in pounds, the card hold takes the VAT and the
 * deposit in (each part named), a test card holds it, the visitor accepts with a purchase order,
 * staff confirm, and the pro forma is there to download. The tenant asks for a certificate of
 * insurance: the console lists it missing and says the order cannot go out, the visitor uploads it
 * on their order's page, and the console shows it current. axe-core on the quote page; screenshots
 * at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import type { Catalogue } from '../../schema/types.generated';
import { axeViolations, shootBothWidths, visitorPage } from '../helpers/browser';
import { STAFF, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';
import { pdfPages } from '../helpers/pdf-text';
import { http } from '../helpers/server-process';
import { TINY_PDF } from '../fixtures/tiny-pdf';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole(
    'london',
    { BACKLOT_SIGN_INS_PER_MINUTE: '100' },
    { tenants: ['aviation', 'london', 'platform'] },
  );
  storefront = app.server.url.replace('127.0.0.1', 'london.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const item = (
  JSON.parse(readFileSync(path.join(tenantsDir, 'london', 'catalogue.json'), 'utf8')) as Catalogue
).items.find((candidate) => candidate.quantity >= 2 && candidate.replacementValue)!;

const shoot = (page: Page, name: string) => shootBothWidths(page, app.artifacts, name);

describe('Soho Prop Hire, in pounds with VAT', () => {
  it('quotes with VAT, holds the card for it and the deposit, and issues a pro forma in pounds', async () => {
    const { page } = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await page.goto(`${storefront}/auth/signup`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByLabel('Email').fill('kit@ealing.example');
    await page.getByLabel('Choose a password').fill('a long enough passphrase');
    await page.locator('form').getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/onboarding/);
    const { uid } = (await page.evaluate(() => fetch('/api/identity/session').then((response) => response.json()))) as {
      uid: string;
    };
    const staff = await app.logIn(STAFF);
    await staff.page.waitForURL(/#\/tenants/);
    // The console's items are priced in the house's pounds, and its price filter speaks them.
    await staff.page.goto(`${app.server.url}/admin/#/t/london/items`);
    await staff.page
      .getByRole('cell', { name: /^£[\d,]+\.\d{2}$/ })
      .first()
      .waitFor();
    expect(await staff.page.getByRole('cell', { name: /^\$/ }).count()).toBe(0);
    const cookie = await staff.cookie();
    const consoleCall = (pathname: string, body: unknown, ifMatch?: string) =>
      http(`${app.server.url}/api/tenants/london/${pathname}`, {
        method: 'POST',
        headers: { cookie, origin: app.server.url, ...(ifMatch && { 'if-match': `"${ifMatch}"` }) },
        body,
      });
    expect(
      (
        await http(`${app.server.url}/api/tenants/london/users/${uid}`, {
          method: 'PUT',
          headers: { cookie, origin: app.server.url },
          body: { isAuthorized: true },
        })
      ).status,
    ).toBe(200);

    const startDate = addDays(earliestStart('Europe/London', 2, new Date()), 3);
    const asked = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json()),
      {
        items: [{ objectID: item.objectID, quantity: 2 }],
        startDate,
        endDate: addDays(startDate, 2),
        production: 'Ealing Nights',
      },
    );
    expect((await consoleCall(`quote-requests/${asked.id}/quote`, { adjustments: {}, services: [] }, '0')).status).toBe(
      200,
    );

    // The list of their quotes says the total the quote page ends on, VAT and all.
    await page.goto(`${storefront}/quotes`);
    const listed = (await page.locator('.quote-card-total').first().innerText()).trim();
    expect(listed).toMatch(/^£[\d,.]+ with VAT$/);
    await shoot(page, 'london-quotes-list');
    await page.goto(`${storefront}/quotes/${asked.id}`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByText('VAT (20%)').waitFor();
    // In the order they add up: the hire, card processing (VAT is charged on it), the total before VAT, the VAT, what the card is charged.
    const totals = await page.locator('dl.quote-totals').innerText();
    expect(totals.split('\n').filter((line) => !/^[£\d]/.test(line.trim()))).toEqual([
      'Rentals',
      'Card processing (5%)',
      'Total before VAT',
      'VAT (20%)',
      'Charged to your card at close-out',
    ]);
    const screenTotal = await page.locator('dd.quote-total').innerText();
    expect(screenTotal).toBe(listed.replace(' with VAT', ''));
    const card = page.getByRole('region', { name: /Your card/ });
    await card.getByText(/^To accept, authorise £[\d,.]+ on your card\.$/).waitFor();
    await card.getByText('Deposit', { exact: true }).waitFor();
    await card.getByText('VAT', { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'london-quote');

    await card.getByRole('button', { name: 'Authorise my card' }).click();
    await card.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await card.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 40');
    await card.getByRole('textbox', { name: 'Security code' }).fill('123');
    await card.getByRole('button', { name: /^Authorise £/ }).click();
    await card.getByText(/^£[\d,.]+ is held on your card until /).waitFor();
    await page.getByRole('button', { name: 'Accept this quote' }).click();
    const dialog = page.getByRole('alertdialog');
    // The dialog asks for the total the visitor pays: with VAT, as the list and the page say it.
    await dialog.getByText(`Accept this quote for ${listed}?`).waitFor();
    await dialog.getByRole('textbox', { name: /purchase-order number/ }).fill('EAL-0042');
    // Who the invoices are made out to: a VAT invoice names the customer's address.
    await dialog
      .getByRole('textbox', { name: 'Invoice to (company name and address)' })
      .fill('Ealing Nights Ltd\nEaling Studios, Ealing Green\nLondon W5 5EP');
    // The dialog as the visitor sees it on screen (a full-page picture would slide the page under it).
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.screenshot({ path: path.join(app.artifacts, `london-accept-dialog_${width}.png`) });
    }
    await dialog.getByRole('button', { name: 'Accept this quote' }).click();
    await page.getByText('Accepted. The vendor has been told.').waitFor();

    const revision = String(
      (await http(`${app.server.url}/api/tenants/london/quote-requests/${asked.id}`, { headers: { cookie } })).headers
        .etag,
    ).replace(/"/g, '');
    expect((await consoleCall(`quote-requests/${asked.id}/confirm`, null, revision)).status).toBe(200);
    await page.getByRole('link', { name: 'Pro forma PF-000001 (PDF)' }).waitFor();
    // The PDF as the visitor's browser fetches it (with their session).
    const proFormaBase64 = await page.evaluate(
      async (href) => {
        const bytes = new Uint8Array(await (await fetch(href!)).arrayBuffer());
        return btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));
      },
      await page.getByRole('link', { name: 'Pro forma PF-000001 (PDF)' }).getAttribute('href'),
    );
    const [proFormaPage] = await pdfPages(Buffer.from(proFormaBase64, 'base64'));
    for (const said of [
      'VAT registration no. GB 284 7719 36',
      'Ealing Nights Ltd',
      'Ealing Studios, Ealing Green',
      'London W5 5EP',
      'EAL-0042',
    ])
      expect(proFormaPage).toContain(said);
    // The amount the page, the list and the accept dialog said is the pro forma's total, to the penny.
    expect(proFormaPage).toMatch(new RegExp(`Total\\s+${screenTotal.replace(/[.£]/g, (char) => `\\${char}`)}`));
    // And every figure of the page's breakdown is the pro forma's, in the same order they add up.
    const figures = (text: string): string[] => text.match(/£[\d,]+\.\d{2}/g) ?? [];
    const onScreen = figures(totals);
    expect(onScreen).toHaveLength(5);
    const inPdf = figures(proFormaPage!);
    expect(onScreen.filter((figure) => !inPdf.includes(figure))).toEqual([]);
    // In the same order they add up: the page's figures are a run, in order, through the PDF's.
    const inOrder = onScreen.reduce((from, figure) => (from < 0 ? from : inPdf.indexOf(figure, from) + 1 || -1), 0);
    expect(inOrder, `${onScreen.join(' ')} in ${inPdf.join(' ')}`).toBeGreaterThan(0);
    expect(proFormaPage).not.toContain('Please pay');

    // Soho Prop Hire asks for a certificate of insurance: the console lists whose is missing, and the order's page says nothing goes out without it.
    await staff.page.goto(`${app.server.url}/admin/#/t/london/quote-requests`);
    await staff.page
      .getByRole('row', { name: /Ealing Nights/ })
      .getByText('No certificate')
      .waitFor();
    await staff.page.goto(`${app.server.url}/admin/#/t/london/quote-requests/${asked.id}`);
    await staff.page.getByText('Nothing goes out on this order yet').waitFor();
    await staff.page.getByText(/^No certificate of insurance on this order/).waitFor();
    await shoot(staff.page, 'london-console-no-certificate');

    // The visitor keeps their certificate once and uses it for this order: the PDF and what Soho Prop Hire checks on it.
    const insurance = page.getByRole('region', { name: 'Certificate of insurance' });
    await insurance.getByText(/needs your production’s certificate of insurance/).waitFor();
    await insurance.getByText('You keep no certificate here yet. Add one below.').waitFor();
    await insurance.getByRole('button', { name: 'Keep and use for this order' }).click();
    await insurance.getByText('Choose the certificate file first.').waitFor();
    await insurance
      .getByLabel(/^Certificate \(PDF/)
      .setInputFiles({ name: 'ealing-coi.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await insurance.getByLabel('Insurer').fill('Media Cover Ltd');
    await insurance.getByLabel('Policy number').fill('MC-77120');
    await insurance.getByLabel('Named insured').fill('Ealing Nights Ltd');
    await insurance.getByLabel(/^Additional insured and loss payee/).fill('Jetway Props LLC');
    await insurance.getByLabel('Rented property limit').fill('500');
    await insurance.getByLabel('Cover starts').fill(addDays(startDate, -3));
    await insurance.getByLabel('Cover ends').fill(addDays(startDate, 200));
    // It names another house: refused beside that field, nothing kept.
    await insurance.getByRole('button', { name: 'Keep and use for this order' }).click();
    await insurance
      .getByText(/^names Jetway Props LLC as additional insured, not Soho Prop Hire: ask your broker/)
      .waitFor();
    await shoot(page, 'london-certificate-refused');
    await insurance.getByLabel(/^Additional insured and loss payee/).fill('Soho Prop Hire Ltd');
    await insurance.getByRole('button', { name: 'Keep and use for this order' }).click();
    // Its cover for hired property is less than the order would cost to replace: taken, and flagged.
    await insurance
      .getByText(
        /^Your certificate covers £500\.00 of hired property; what you are hiring would cost £[\d,.]+ to replace\./,
      )
      .waitFor();
    await insurance.getByText('Used for this order').waitFor();
    await insurance.getByText(/^Names Soho Prop Hire Ltd as additional insured$/).waitFor();
    await insurance.getByRole('link', { name: 'Download ealing-coi.pdf' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'london-confirmed');

    // The console's pricing page says the VAT as the visitor saw it.
    await staff.page.goto(`${app.server.url}/admin/#/t/london/quote-requests/${asked.id}`);
    await staff.page.getByText('Total before VAT').waitFor();
    await staff.page.getByText('Charged to the card at close-out').waitFor();
    await staff.page
      .getByText(/^£[\d,.]+ \(quote £[\d,.]+, tax £[\d,.]+, processing £[\d,.]+, deposit £[\d,.]+\)$/)
      .waitFor();
    await staff.page.getByText(/^PF-000001$/).waitFor();
    const certificate = staff.page
      .getByRole('heading', { name: 'Certificate of insurance' })
      .locator('xpath=ancestor::div[contains(@class, "MuiCard-root")]');
    await certificate.getByText(/^Covers £500\.00, less than the £[\d,.]+ to replace$/).waitFor();
    await certificate.getByText('Media Cover Ltd').waitFor();
    await shoot(staff.page, 'london-console-cover-short');
    // The production's broker sends the vendor a certificate at full value: the vendor uploads it on their behalf.
    await certificate
      .getByLabel('Certificate file')
      .setInputFiles({ name: 'ealing-coi-full.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await certificate.getByLabel('Cover ends').fill(addDays(startDate, 200));
    await certificate.getByLabel('Insurer').fill('Media Cover Ltd');
    await certificate.getByLabel('Rented property limit').fill('250000');
    await certificate.getByRole('button', { name: 'Upload certificate' }).click();
    await certificate.getByText(/^Current to /).waitFor();
    await certificate.getByText(/^£250,000\.00 \(the order is worth £[\d,.]+ to replace\)$/).waitFor();
    expect(await staff.page.getByText('Nothing goes out on this order yet').count()).toBe(0);
    // The vendor checks it (it names the house as loss payee) and verifies it; the production sees that.
    await certificate.getByRole('button', { name: 'Verify' }).click();
    await certificate.getByText(/^Verified by /).waitFor();
    await page.reload();
    await insurance.getByText(/^Soho Prop Hire verified it on /).waitFor();
    await shoot(staff.page, 'london-console');
    expect(staff.errors).toEqual([]);
  });
});
