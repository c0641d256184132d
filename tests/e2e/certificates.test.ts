/**
 * One certificate of insurance for two houses, end to end in Chromium against the built server
 * (every off-machine request aborted): a production keeps its blanket certificate (any lessor, in
 * dollars) once on the marketplace, asks two houses at once, and uses it for Jetway's order in one
 * click; Soho Prop Hire takes pounds only, so the same certificate says why it cannot serve there
 * until Soho states a rate for dollars; then it serves there too, its limit set against the order
 * at that rate, and Soho's staff verify their own copy (Jetway's stays unreviewed). axe-core on the
 * pages; screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart, todayIn } from '../../schema/rental/quote-rules';
import { axeViolations, openHydrated, shootBothWidths, visitorPage } from '../helpers/browser';
import { STAFF, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';
import { keepCertificate, sendQuoteRequest } from '../helpers/storefront-steps';
import { openPart, partsOf, platformStaff, sendProductionRequest } from '../helpers/platform-steps';
import { TINY_PDF } from '../fixtures/tiny-pdf';

let app: ConsoleUnderTest;
let platform: string;
beforeAll(async () => {
  app = await startConsole(
    'certificates',
    { BACKLOT_SIGN_INS_PER_MINUTE: '100' },
    { tenants: ['aviation', 'london', 'platform'] },
  );
  platform = app.server.url.replace('127.0.0.1', 'platform.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const shoot = (page: Page, name: string) => shootBothWidths(page, app.artifacts, name);

describe('a certificate kept once on the marketplace', () => {
  it('serves each house by that house’s rules', async () => {
    const staff = await platformStaff(app);
    const { api, editSite } = staff;
    for (const house of ['aviation', 'london']) await editSite(house, { insuranceRequired: true });

    // The production keeps its certificate once, on the marketplace.
    const { page, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const uid = await app.signUp(page, platform, 'dana@nightflight.example');
    await openHydrated(page, `${platform}/onboarding/welcome`);
    const kept = page.getByRole('region', { name: 'Your certificates' });
    await kept.getByText('You keep no certificate here yet. Add one below.').waitFor();
    const today = todayIn('UTC', new Date());
    await keepCertificate(page, TINY_PDF, today, addDays(today, 365));
    const card = kept.locator('.kept-certificate');
    await card.getByText('Names any lessor as additional insured').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'platform-certificate-kept');

    // One request, two houses; each approves the production and quotes its part.
    const startDate = addDays(earliestStart('Europe/London', 2, new Date()), 6);
    const key = crypto.randomUUID();
    const sent = await sendProductionRequest(page, {
      key,
      items: [
        { listing: 'aviation~c-stand-40-in-with-arm', quantity: 2 },
        { listing: 'london~c-stand-40-in-with-arm', quantity: 1 },
      ],
      startDate,
      endDate: addDays(startDate, 2),
      production: 'Night Flight',
    });
    expect(sent).toBe(201);
    for (const house of ['aviation', 'london']) await staff.approve(house, uid);
    const parts = await partsOf(page, key);
    expect(parts.map((part) => [part.house, part.state])).toEqual([
      ['aviation', 'sent'],
      ['london', 'sent'],
    ]);
    const quoteAt = (house: string) => parts.find((part) => part.house === house)!.quoteId;
    await staff.quoteParts(parts);

    // At Jetway: the marketplace certificate is offered, and used in one click.
    const insuranceAt = async (house: string) => {
      await openPart(page, platform, house, quoteAt(house));
      return page.getByRole('region', { name: 'Certificate of insurance' });
    };
    let insurance = await insuranceAt('aviation');
    const offered = insurance.locator('.kept-certificate');
    await offered.getByText('Kept on the marketplace').waitFor();
    await offered.getByRole('button', { name: 'Use for this order' }).click();
    await offered.getByText('Used for this order').waitFor();
    await insurance.getByText(/^Certificate received: cover runs to /).waitFor();
    await shoot(page, 'aviation-certificate-used');

    // At Soho: pounds only, so the same certificate says why it cannot serve here.
    insurance = await insuranceAt('london');
    await insurance
      .getByText('Cannot be used at Soho Prop Hire. The limits are in USD: Soho Prop Hire takes certificates in GBP.')
      .waitFor();
    expect(await insurance.getByRole('button', { name: 'Use for this order' }).count()).toBe(0);
    await shoot(page, 'london-certificate-other-currency');

    // Soho states its rate for dollars: the certificate serves, its limit at that rate.
    await editSite('london', { certificateRates: [{ currency: 'USD', rate: 0.79 }] });
    insurance = await insuranceAt('london');
    await insurance.getByRole('button', { name: 'Use for this order' }).click();
    await insurance.getByText('Used for this order').waitFor();
    await insurance.getByText(/^Certificate received: cover runs to /).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'london-certificate-at-rate');

    // Soho's staff see its copy, in dollars at its rate, and verify it; Jetway's copy is Jetway's to review.
    await staff.page.goto(`${app.server.url}/admin/#/t/london/quote-requests/${quoteAt('london')}`);
    const certificate = staff.page
      .getByRole('heading', { name: 'Certificate of insurance' })
      .locator('xpath=ancestor::div[contains(@class, "MuiCard-root")]');
    await certificate.getByText(/^US\$500,000\.00 at 0\.79: £395,000\.00 \(the order is worth/).waitFor();
    // The detail list says it (the form below has a box of that name too).
    await certificate.getByText('Any lessor (blanket)').first().waitFor();
    await certificate.getByText('Night Flight Productions LLC').waitFor();
    await certificate.getByRole('button', { name: 'Verify' }).click();
    await certificate.getByText(/^Verified by /).waitFor();
    await shoot(staff.page, 'london-console-certificate');
    const aviation = await api('GET', `/api/tenants/aviation/quote-requests/${quoteAt('aviation')}`);
    expect(aviation.json().insurance).toMatchObject({ anyLessor: true, coverAmount: 500000 });
    expect(aviation.json().insurance.review).toBeUndefined();
    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  });

  it('is one of the ways a house takes: the production chooses the damage waiver, seen in its totals and by the house', async () => {
    const staff = await app.logIn(STAFF);
    await staff.page.waitForURL(/#\/tenants/);
    const cookie = await staff.cookie();
    const site = (await http(`${app.server.url}/api/tenants/aviation/settings/site`, { headers: { cookie } })).json();
    const saved = await http(`${app.server.url}/api/tenants/aviation/settings/site`, {
      method: 'PUT',
      headers: { cookie, origin: app.server.url, 'if-match': `"${site.version}"` },
      body: {
        ...site,
        insuranceRequired: true,
        coverOptions: ['certificate', 'waiver', 'cardHold'],
        damageWaiver: {
          percent: 12,
          covers: 'Accidental damage on set and in transit',
          excludes: 'Loss, theft from an unattended vehicle, and misuse',
          maxLiability: 1500,
        },
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
    const { page, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const uid = await app.signUp(page, storefront, 'sam@dayshift.example');
    expect(
      (
        await http(`${app.server.url}/api/tenants/aviation/users/${uid}`, {
          method: 'PUT',
          headers: { cookie, origin: app.server.url },
          body: { isAuthorized: true },
        })
      ).status,
    ).toBe(200);
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 9);
    await openHydrated(page, `${storefront}/quotes`);
    const sent = await sendQuoteRequest(page, {
      items: [{ objectID: 'aft-galley-module-stainless', quantity: 1 }],
      startDate,
      endDate: addDays(startDate, 3),
      production: 'Day Shift',
    });
    const quoted = await http(`${app.server.url}/api/tenants/aviation/quote-requests/${sent.id}/quote`, {
      method: 'POST',
      headers: { cookie, origin: app.server.url, 'if-match': '"0"' },
      body: { adjustments: {}, services: [] },
    });
    expect(quoted.status, quoted.text).toBe(200);

    await openHydrated(page, `${storefront}/quotes/${sent.id}`);
    const cover = page.getByRole('region', { name: 'Cover for this hire' });
    await cover.getByText('Choose how this hire is covered.').waitFor();
    const waiver = cover.getByRole('radio', { name: /^Jetway Props’s damage waiver/ });
    await cover.getByText('Covers: Accidental damage on set and in transit').waitFor();
    await cover.getByText('You pay at most $1,500.00 for damage it covers.').waitFor();
    await waiver.check();
    await cover.getByText(/^Covered by Jetway Props’s damage waiver: \$[\d,.]+ on your quote\.$/).waitFor();
    // The waiver is a line of the quote's totals, before processing.
    await page.locator('.quote-totals').getByText('Damage waiver (12% of the rentals)').waitFor();
    // What the card holds names it too.
    await page.locator('.card-hold-parts').getByText('Damage waiver (12% of the rentals)').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'aviation-cover-waiver');
    // By certificate instead: the production's certificates are offered.
    await cover.getByRole('radio', { name: /^Our certificate of insurance/ }).check();
    await cover.getByRole('region', { name: 'Your certificates' }).waitFor();
    expect(
      await page
        .locator('.quote-totals')
        .getByText(/^Damage waiver/)
        .count(),
    ).toBe(0);
    await cover.getByRole('radio', { name: /^Jetway Props’s damage waiver/ }).check();
    await cover.getByText(/^Covered by Jetway Props’s damage waiver/).waitFor();

    // The house sees the way chosen, by whom, on its card.
    await staff.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${sent.id}`);
    const card = staff.page
      .getByRole('heading', { name: 'Cover and insurance' })
      .locator('xpath=ancestor::div[contains(@class, "MuiCard-root")]');
    await card.getByText('chosen by the production').waitFor();
    await card.getByText(/^Covered by the damage waiver: \$[\d,.]+ on the quote \(12% of the rentals\)\.$/).waitFor();
    await staff.page.getByText('Damage waiver (12% of the rentals)').waitFor();
    await shoot(staff.page, 'aviation-console-cover');
    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  });
});
