/**
 * The rental agreement, end to end in Chromium against the built server (every off-machine request
 * aborted): the house keeps rental terms in its site settings; the production, accepting its quote,
 * reads them in the dialog and signs with its name and title (accepting waits for the name); its
 * page then says what it signed and gives the signed PDF; the house's request page says who signed,
 * when and from where, with the same PDF. axe-core on the dialog; screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { axeViolations, drawOn, openHydrated, shootBothWidths, visitorPage } from '../helpers/browser';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';
import { authoriseTestCard, sendQuoteRequest } from '../helpers/storefront-steps';
import { RENTAL_TERMS } from '../fixtures/rental-terms';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('agreement', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const open = (page: Page, pathname: string) => openHydrated(page, `${storefront}${pathname}`);

describe('the rental agreement', () => {
  it('is read and signed at acceptance, and kept as a PDF both sides open', async () => {
    const { page, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const admin = await app.signUpApproved(page, storefront, 'dana@night-ferry.example');
    const cookie = await admin.cookie();
    // The house writes its terms in its site settings.
    const site = (await http(`${app.server.url}/api/tenants/aviation/settings/site`, { headers: { cookie } })).json();
    const saved = await http(`${app.server.url}/api/tenants/aviation/settings/site`, {
      method: 'PUT',
      headers: { cookie, origin: app.server.url, 'if-match': `"${site.version}"` },
      body: { ...site, rentalTerms: RENTAL_TERMS },
    });
    expect(saved.status, saved.text).toBe(200);

    await open(page, '/quotes');
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 14);
    const sent = await sendQuoteRequest(page, {
      items: [{ objectID: 'aft-galley-module-stainless', quantity: 1 }],
      startDate,
      endDate: addDays(startDate, 3),
      production: 'Night Ferry',
    });
    const quoted = await http(`${app.server.url}/api/tenants/aviation/quote-requests/${sent.id}/quote`, {
      method: 'POST',
      headers: { cookie, origin: app.server.url, 'if-match': '"0"' },
      body: { adjustments: {}, services: [] },
    });
    expect(quoted.status, quoted.text).toBe(200);

    await open(page, `/quotes/${sent.id}`);
    await authoriseTestCard(page);

    // Accepting shows the terms and waits for a name.
    await page.getByRole('button', { name: 'Accept this quote' }).click();
    const dialog = page.getByRole('alertdialog');
    const terms = dialog.getByRole('region', { name: 'Rental terms' });
    await terms.getByRole('heading', { name: 'Jetway Props rental terms' }).waitFor();
    await terms.getByText('full replacement value').waitFor();
    const accept = dialog.getByRole('button', { name: 'Accept this quote' });
    expect(await accept.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Sign with your full name' }).fill('Dana Reyes');
    await dialog.getByRole('textbox', { name: /Your title/ }).fill('Set decorator');
    // The signature drawn on the pad with the mouse, as a finger would.
    await drawOn(page, dialog.getByRole('img', { name: /Draw your signature/ }));
    await expect.poll(() => dialog.getByRole('button', { name: 'Clear' }).isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shootBothWidths(page, app.artifacts, 'accept-and-sign');
    await accept.click();
    await page.getByText('Accepted. The vendor has been told.').waitFor();
    const signedLine = page.getByText(
      /^You signed the rental terms \(version [0-9a-f]{8}\) as Dana Reyes, Set decorator, on /,
    );
    await signedLine.waitFor();
    const pdfLink = page.getByRole('link', { name: 'Download the signed agreement (PDF)' });
    const pdf = await page.evaluate(
      (href) =>
        fetch(href!).then(async (answer) => [
          answer.status,
          answer.headers.get('content-type'),
          (await answer.arrayBuffer()).byteLength,
        ]),
      await pdfLink.getAttribute('href'),
    );
    expect(pdf.slice(0, 2)).toEqual([200, 'application/pdf']);
    expect(pdf[2]).toBeGreaterThan(1000);
    await shootBothWidths(page, app.artifacts, 'quote-signed');

    // The house: who signed, when and from where, and the same PDF.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${sent.id}`);
    await admin.page
      .getByText(/^Rental terms \(version [0-9a-f]{8}\) signed by Dana Reyes, Set decorator on .+, from /)
      .waitFor();
    const houseHref = await admin.page.getByRole('link', { name: 'Signed agreement (PDF)' }).getAttribute('href');
    const housePdf = await http(`${app.server.url}${houseHref}`, { headers: { cookie } });
    expect(housePdf.status).toBe(200);
    // The drawn signature is drawn into it as an image.
    expect(housePdf.text).toMatch(/\/Subtype \/Image/);
    await admin.page.screenshot({ path: `${app.artifacts}/console-signed_1280.png` });
    expect(errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 180_000);
});
