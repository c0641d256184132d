/**
 * Closing a hire in the console, in Chromium: an order of which part never went out (two cases
 * booked, one taken and brought back) is on Dispatch under "Back, to close" saying so; "Close the
 * hire" asks whether to credit what never went out or invoice it, and, credited, the invoice has
 * its credit line; the credit note dialog then offers the invoice's lines to credit one by one.
 * Screenshots at 1280 and 375 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { shootBothWidths, visitorPage } from '../helpers/browser';
import { TEST_CARDS } from '../helpers/card-hold';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('close-out', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
});
afterAll(() => app?.close());

/** Ten in stock, counted as a quantity. */
const CASES = '1950s-hard-train-case-cream';

describe('closing a hire in the console', () => {
  it('says what never went out, asks how to invoice it, and offers the invoice’s lines to credit', async () => {
    const { page } = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 } });
    const admin = await app.signUpApproved(page, storefront, 'shortfall@studio.example');
    const cookie = await admin.cookie();
    const console = (path: string, body?: object, revision?: string) =>
      http(`${app.server.url}/api/tenants/aviation/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { cookie, origin: app.server.url, ...(revision !== undefined && { 'if-match': `"${revision}"` }) },
        ...(body && { body }),
      });
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 5);
    const sent = (await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json()),
      { items: [{ objectID: CASES, quantity: 2 }], startDate, endDate: addDays(startDate, 2), production: 'Shortfall' },
    )) as { id: string };
    expect((await console(`quote-requests/${sent.id}/quote`, { adjustments: {}, services: [] }, '0')).status).toBe(200);
    // The visitor holds a card and accepts, as on the storefront.
    await page.goto(`${storefront}/quotes/${sent.id}`);
    await page.locator('html[data-hydrated]').waitFor();
    const panel = page.getByRole('region', { name: /Your card/ });
    await panel.getByRole('button', { name: 'Authorise my card' }).click();
    await panel.getByRole('textbox', { name: 'Card number' }).fill(TEST_CARDS.ok);
    await panel.getByRole('textbox', { name: 'Expiry (MM / YY)' }).fill('12 / 40');
    await panel.getByRole('textbox', { name: 'Security code' }).fill('123');
    await panel.getByRole('button', { name: /^Authorise \$/ }).click();
    await panel.getByText(/is held on your card until/).waitFor();
    await page.getByRole('button', { name: 'Accept this quote' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Accept this quote' }).click();
    await page.getByText('Accepted. The vendor has been told.').waitFor();
    const accepted = (await console(`quote-requests/${sent.id}`)).headers.etag as string;
    expect((await console(`quote-requests/${sent.id}/confirm`, {}, accepted.replace(/"/g, ''))).status).toBe(200);
    // One of the two goes out and comes back.
    for (const [index, direction] of (['out', 'in'] as const).entries())
      expect(
        (await console(`orders/${sent.id}/scans`, { id: `close-out-scan-${index}`, direction, code: CASES, count: 1 }))
          .status,
      ).toBe(200);

    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/dispatch`);
    await admin.page.getByRole('heading', { name: /^Back, to close/ }).waitFor();
    await admin.page
      .getByText(
        'Never went out: 1 × 1950s Hard Train Case, Cream. Closing the hire asks whether to invoice or credit it.',
      )
      .first()
      .waitFor();
    await shootBothWidths(admin.page, app.artifacts, 'dispatch-to-close');

    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${sent.id}`);
    // Clicked once the page is whole: its invoices (the pro forma, read after the request) are in.
    await admin.page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await admin.page.getByRole('button', { name: 'Close the hire' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog
      .getByText(
        '1 × 1950s Hard Train Case, Cream never went out: the production did not take it. Say how the invoice treats it.',
      )
      .waitFor();
    // The dialog says what closing takes from the card, for the choice made: less when what never went out is credited.
    const said = () => dialog.getByText(/^Closing takes \$[\d,.]+ from the card held for this order now/).textContent();
    await dialog.getByRole('radio', { name: /Invoice it as booked/ }).check();
    const asBooked = await said();
    await dialog.getByRole('radio', { name: /Credit it on the invoice/ }).check();
    await expect.poll(said).not.toBe(asBooked);
    const credited = (await said())!;
    await shootBothWidths(admin.page, app.artifacts, 'close-never-out');
    await dialog.getByRole('button', { name: 'Close the hire' }).click();
    await admin.page.getByRole('button', { name: 'Credit note' }).waitFor();
    const invoice = (
      JSON.parse((await console('invoices?filter={"kind":"invoice"}')).text) as Array<{
        quoteId: string;
        lines: Array<{ kind: string; description: string }>;
      }>
    ).find((document) => document.quoteId === sent.id)!;
    expect(invoice.lines.map((line) => [line.kind, line.description])).toContainEqual([
      'credit',
      'Never went out: 1950s Hard Train Case, Cream',
    ]);
    // The card was charged what the dialog said.
    const { cardHold } = JSON.parse((await console(`quote-requests/${sent.id}`)).text) as {
      cardHold: { captured?: number; pending?: { amount?: number } };
    };
    const taken = cardHold.captured ?? cardHold.pending?.amount;
    expect(credited).toContain(`Closing takes $${taken!.toFixed(2)} from the card`);

    await admin.page.getByRole('button', { name: 'Credit note' }).click();
    const credit = admin.page.getByRole('dialog');
    await credit.getByRole('table', { name: 'Credit some lines (amounts before tax)' }).waitFor();
    await credit.getByRole('spinbutton', { name: 'Credit on 1950s Hard Train Case, Cream' }).waitFor();
    await shootBothWidths(admin.page, app.artifacts, 'credit-note-lines');
    await admin.context.close();
  });
});
