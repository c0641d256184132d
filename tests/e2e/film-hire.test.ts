/**
 * How film works around a hire, the whole path at two houses, in Chromium against the built server
 * (every off-machine request aborted): a production keeps one certificate on the marketplace, asks
 * Jetway and Soho for three pieces in one request and holds them at both houses in one click; both
 * houses verify its certificate; a second production wants Jetway's galley, so Jetway challenges the
 * hold; the first production signs Jetway's terms and accepts (confirmed by Jetway: the challenger is
 * mailed the outcome) and releases Soho's hold; it asks Jetway a question on the order and is mailed
 * the answer, which its list on the platform counts on Jetway's part. axe-core on the quote page; screenshots at 1280 and 375 px.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart, todayIn } from '../../schema/rental/quote-rules';
import { OutboxMailer } from '../../server/mail/mailer';
import { TINY_PDF } from '../fixtures/tiny-pdf';
import { RENTAL_TERMS } from '../fixtures/rental-terms';
import { axeViolations, drawOn, openHydrated, shootBothWidths, visitorPage } from '../helpers/browser';
import { startConsole, type ConsoleUnderTest } from '../helpers/console';
import { openPart, partsOf, platformStaff, sendProductionRequest } from '../helpers/platform-steps';
import { authoriseTestCard, keepCertificate, sendQuoteRequest } from '../helpers/storefront-steps';

let app: ConsoleUnderTest;
let platform: string;
let jetway: string;
beforeAll(async () => {
  app = await startConsole(
    'film-hire',
    { BACKLOT_SIGN_INS_PER_MINUTE: '100' },
    { tenants: ['aviation', 'london', 'platform'] },
  );
  platform = app.server.url.replace('127.0.0.1', 'platform.localhost');
  jetway = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const shoot = (page: Page, name: string) => shootBothWidths(page, app.artifacts, name);
// One in stock at Jetway: the piece two productions want.
const GALLEY = 'aft-galley-module-stainless';

describe('a hire at two houses, from pencil to order', () => {
  it('holds at both, is verified by both, is challenged, signs and confirms at one, releases the other, and talks to the house', async () => {
    const staff = await platformStaff(app);
    const { api, editSite, approve } = staff;
    // Both ask for cover; Jetway has terms to sign; Soho states its rate for dollar limits.
    await editSite('aviation', { insuranceRequired: true, rentalTerms: RENTAL_TERMS });
    await editSite('london', { insuranceRequired: true, certificateRates: [{ currency: 'USD', rate: 0.79 }] });

    // Night Flight keeps its certificate once, on the marketplace.
    const first = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = first.page;
    const uid = await app.signUp(page, platform, 'dana@nightflight.example');
    await openHydrated(page, `${platform}/onboarding/welcome`);
    const today = todayIn('UTC', new Date());
    await keepCertificate(page, TINY_PDF, today, addDays(today, 365));

    // Three pieces at two houses in one request; each house approves Night Flight and quotes its part.
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 25);
    const key = crypto.randomUUID();
    const sent = await sendProductionRequest(page, {
      key,
      items: [
        { listing: `aviation~${GALLEY}`, quantity: 1 },
        { listing: 'aviation~c-stand-40-in-with-arm', quantity: 1 },
        { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
      ],
      startDate,
      endDate: addDays(startDate, 3),
      production: 'Night Flight',
    });
    expect(sent).toBe(201);
    for (const house of ['aviation', 'london']) await approve(house, uid);
    const parts = await partsOf(page, key);
    const quoteAt = (house: string) => parts.find((part) => part.house === house)!.quoteId;
    await staff.quoteParts(parts);

    // Pencilled at both houses in one click, from the production's list.
    await openHydrated(page, `${platform}/quotes`);
    await page.getByRole('button', { name: 'Hold at every house' }).click();
    const answers = page.getByRole('status');
    for (const house of ['Jetway Props', 'Soho Prop Hire'])
      await answers.getByText(`${house} holds it for you: it ranks your hold by its own rules.`).waitFor();
    await shoot(page, 'held-at-both');

    // The one certificate serves each part, and each house verifies its own copy.
    const openAt = (house: string) => openPart(page, platform, house, quoteAt(house));
    for (const house of ['aviation', 'london']) {
      await openAt(house);
      const insurance = page.getByRole('region', { name: 'Certificate of insurance' });
      await insurance.getByRole('button', { name: 'Use for this order' }).click();
      await insurance.getByText('Used for this order').waitFor();
      await staff.page.goto(`${app.server.url}/admin/#/t/${house}/quote-requests/${quoteAt(house)}`);
      const certificate = staff.page
        .getByRole('heading', { name: 'Certificate of insurance' })
        .locator('xpath=ancestor::div[contains(@class, "MuiCard-root")]');
      await certificate.getByRole('button', { name: 'Verify' }).click();
      await certificate.getByText(/^Verified by /).waitFor();
    }
    await shoot(staff.page, 'certificate-verified-at-soho');

    // Red Eye wants Jetway's galley on the same days: Jetway challenges Night Flight's hold.
    const second = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await approve('aviation', await app.signUp(second.page, jetway, 'sam@red-eye.example'));
    await openHydrated(second.page, `${jetway}/quotes`);
    const behind = await sendQuoteRequest(second.page, {
      items: [{ objectID: GALLEY, quantity: 1 }],
      startDate,
      endDate: addDays(startDate, 3),
      production: 'Red Eye',
    });
    expect(behind.id, JSON.stringify(behind)).toBeDefined();
    // From Night Flight's request (its galley and stand) to Red Eye's (the galley alone), in the same console page.
    await staff.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${behind.id}`);
    const holdCard = staff.page.getByRole('heading', { name: 'Hold', exact: true }).locator('..').locator('..');
    await holdCard.getByText(/^Night Flight, held until/).waitFor();
    await holdCard.getByRole('button', { name: 'Challenge the hold ahead' }).click();
    await holdCard.getByRole('status').getByText('Challenged: the holder is mailed the deadline.').waitFor();

    // Night Flight is told, signs Jetway's terms and accepts; Jetway confirms.
    await openAt('aviation');
    await page.getByText(/^Another production wants the items you hold\. Accept the quote to confirm/).waitFor();
    await shoot(page, 'challenged-at-jetway');
    await authoriseTestCard(page);
    await page.getByRole('button', { name: 'Accept this quote' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('region', { name: 'Rental terms' }).getByText('full replacement value').waitFor();
    await dialog.getByRole('textbox', { name: 'Sign with your full name' }).fill('Dana Reyes');
    await dialog.getByRole('textbox', { name: /Your title/ }).fill('Set decorator');
    await drawOn(page, dialog.getByRole('img', { name: /Draw your signature/ }));
    await dialog.getByRole('button', { name: 'Accept this quote' }).click();
    await page.getByText('Accepted. The vendor has been told.').waitFor();
    await page.getByText(/you accepted, so your hold stands until Jetway Props confirms your order/).waitFor();
    // Its list at Jetway no longer asks it for an answer.
    await openHydrated(page, `${jetway}/quotes`);
    const card = page.getByRole('link', { name: /Night Flight/ });
    await card.getByText('1st hold', { exact: true }).waitFor();
    await staff.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${quoteAt('aviation')}`);
    await staff.page
      .getByText(/^Rental terms \(version [0-9a-f]{8}\) signed by Dana Reyes, Set decorator on /)
      .waitFor();
    await staff.page.getByRole('button', { name: 'Confirm order' }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Confirm order' }).click();
    await staff.page.getByText('Order confirmed: the items are reserved.').waitFor();

    // The challenger is mailed the outcome; Night Flight lets Soho's hold go.
    const outbox = new OutboxMailer(path.join(app.root, '.data', 'outbox'));
    const mailTo = async (to: string, kind: string) =>
      (await outbox.list()).find((mail) => mail.kind === kind && mail.to.includes(to));
    await expect
      .poll(async () => (await mailTo('sam@red-eye.example', 'challengeAnswered'))?.subject, { timeout: 5_000 })
      .toBe('The production ahead of you confirmed with Jetway Props');
    await openAt('london');
    await page.getByRole('button', { name: 'Release my hold' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Release my hold' }).click();
    await page.getByText('Hold released. The vendor has been told.').waitFor();

    // A question on the Jetway order; the answer comes back by mail.
    await openAt('aviation');
    const panel = page.getByRole('region', { name: 'Messages with Jetway Props' });
    await panel
      .getByRole('textbox', { name: 'Message to Jetway Props' })
      .fill('Can the galley come to Stage 5 at 6am?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByRole('status').getByText('Sent.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'order-at-jetway');
    // It goes back to its list on the platform (an open quote page would read the answer as it comes).
    await openHydrated(page, `${platform}/quotes`);
    await staff.page.reload();
    const thread = staff.page
      .getByRole('heading', { name: 'Messages with the production' })
      .locator('..')
      .locator('..');
    await thread.getByText('Can the galley come to Stage 5 at 6am?').waitFor();
    await thread.getByRole('textbox', { name: 'Message to the production' }).fill('Yes: our truck is there at 5:30.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.getByText('Sent, and mailed to dana@nightflight.example.').waitFor();
    const answer = await mailTo('dana@nightflight.example', 'conversationMessage');
    const mail = await simpleParser(await readFile(path.join(outbox.dir, answer!.file)));
    expect(mail.text).toContain('Yes: our truck is there at 5:30.');
    expect(mail.text).toContain(`/quotes/${quoteAt('aviation')}`);
    // The production's list on the platform is its inbox across houses: Jetway's part has a new message.
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor();
    await page
      .locator('.production-part')
      .filter({ hasText: 'Sent to Jetway Props' })
      .getByText('1 new message')
      .waitFor();
    expect(
      await page
        .locator('.production-part')
        .filter({ hasText: 'Sent to Soho Prop Hire' })
        .getByText(/new message/)
        .count(),
    ).toBe(0);
    await shoot(page, 'platform-inbox');

    // Where it ends: an order at Jetway, nothing held at Soho, Red Eye behind a confirmed order.
    const view = async (house: string) =>
      (await api('GET', `/api/tenants/${house}/quote-requests/${quoteAt(house)}`)).json();
    expect(await view('aviation')).toMatchObject({ state: 'confirmed', hold: 'order' });
    expect(await view('london')).toMatchObject({ hold: 'none' });
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  }, 240_000);
});
