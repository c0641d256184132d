/**
 * The marketplace end to end in Chromium against the built server (every off-machine request
 * aborted): a production designer signs up on the platform, sees every listed house's items
 * measured from the default place, measures from London instead and narrows to 25 miles, opens a
 * Soho Prop Hire item priced in pounds, and asks for it; the house approves new productions by
 * hand, so the part says it waits; once the house's staff approve, it is sent, and the visitor's
 * requests page shows it with a link to its page on the house's storefront, which opens there
 * signed in (as the platform's page for it does, where the house's mails link); platform staff see it in
 * the console's Production requests. A house short of a line finds it free at another house that
 * takes its sub-hires, nearest first at its trade price, and names the houses it lends to itself.
 * axe-core on the listing and the offers; screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestStart } from '../../schema/rental/quote-rules';
import { axeViolations, drawOn, shootBothWidths, visitorPage } from '../helpers/browser';
import { AVIATION_ADMIN, STAFF, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';
import { TEST_CARDS, testCard } from '../helpers/card-hold';

let app: ConsoleUnderTest;
let platform: string;
beforeAll(async () => {
  app = await startConsole(
    'marketplace',
    { BACKLOT_SIGN_INS_PER_MINUTE: '100' },
    { tenants: ['aviation', 'london', 'atlanta', 'platform'] },
  );
  platform = app.server.url.replace('127.0.0.1', 'platform.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const shoot = (page: Page, name: string) => shootBothWidths(page, app.artifacts, name);
const firstHouse = (page: Page) => page.locator('.item-card .house-name').first().innerText();

describe('the platform, for a production', () => {
  it('searches every house nearest first, measures from London, and sends one request to the house', async () => {
    const { page, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const uid = await app.signUp(page, platform, 'dana@nightflight.example');

    // Every listed house, the nearest to the default place first.
    await page.goto(`${platform}/rentals`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByText('485 items').waitFor();
    await page.getByText(/Distances from\s*Hollywood \(the default\)/).waitFor();
    expect(await firstHouse(page)).toBe('Jetway Props, Sun Valley, CA');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'platform-rentals-default');

    // From London: Soho Prop Hire first; within 25 miles, only its items.
    // The town typed is searched among every listed house's: "lond" leaves the default and London.
    await page.getByLabel('Measure from').fill('lond');
    await expect
      .poll(() =>
        page.locator('#place-choices option').evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
      )
      .toEqual(['Hollywood (the default)', 'London, GB']);
    // A town no house is in is refused in words, and the page stays where it was.
    await page.getByLabel('Measure from').fill('Lisbon');
    await page.getByRole('button', { name: 'Use this place' }).click();
    await page.getByText('No rental house is in “Lisbon”.', { exact: false }).waitFor();
    await page.getByLabel('Measure from').fill('London, GB');
    await page.getByRole('button', { name: 'Use this place' }).click();
    await page.getByText(/Distances from\s*London, GB/).waitFor();
    expect(await firstHouse(page)).toBe('Soho Prop Hire, London, GB');
    // "Use this place" loads the page anew: the radius applies on change only once the page is hydrated
    // (CI lost this test to a change made on the server's HTML before its script had run).
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByLabel('Within').selectOption({ label: '25 mi' });
    await page.waitForURL(/within=40/);
    await page.getByText('36 items').waitFor();
    await shoot(page, 'platform-rentals-london');

    // An item of the London house, in pounds, asked for.
    await page.locator('.item-card-link').first().click();
    await page.locator('html[data-hydrated]').waitFor();
    await page.locator('.item-house').getByText('Soho Prop Hire, London, GB').waitFor();
    expect(await page.locator('.item-rate').first().innerText()).toMatch(/^£[\d,.]+ \/ day$/);
    // The first day offered is Soho's, by its own notice in London's time, not the platform's.
    expect(await page.getByLabel('First day').getAttribute('min')).toBe(earliestStart('Europe/London', 2, new Date()));
    const startDate = addDays(earliestStart('Europe/London', 2, new Date()), 5);
    await page.getByLabel('First day').fill(startDate);
    await page.getByLabel('Last day').fill(addDays(startDate, 1));
    await page.getByLabel('Production').fill('Night Flight');
    await page.getByRole('button', { name: /^Send/ }).click();
    await page.getByText('Waiting for Soho Prop Hire to approve you').waitFor();
    await page.getByText(/Soho Prop Hire checks every new production first/).waitFor();
    await shoot(page, 'platform-request-waiting');

    // The house approves the production in its console: the part is sent.
    const staff = await app.logIn(STAFF);
    await staff.page.waitForURL(/#\/tenants/);
    const cookie = await staff.cookie();
    expect(
      (
        await http(`${app.server.url}/api/tenants/london/users/${uid}`, {
          method: 'PUT',
          headers: { cookie, origin: app.server.url },
          body: { isAuthorized: true },
        })
      ).status,
    ).toBe(200);
    await page.goto(`${platform}/quotes`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByText('Sent to Soho Prop Hire').waitFor();
    const link = page.getByRole('link', { name: 'Open it at Soho Prop Hire' });
    const partHref = await link.getAttribute('href');
    expect(partHref).toMatch(/^http:\/\/london\.localhost:\d+\/quotes\/pr-[0-9a-f]{32}$/);
    await shoot(page, 'platform-requests');
    // Opened from the platform, the part's page at the house is the production's own: no sign-in wall.
    await link.click();
    await page.waitForURL(partHref!);
    await page.getByRole('heading', { name: 'Night Flight' }).waitFor();
    expect(await page.getByText('Log in to see your quotes and orders').count()).toBe(0);
    await shoot(page, 'house-part-from-platform');
    // The house's mails link to the part's page on the platform: from there too, signed in at the house.
    await page.context().clearCookies({ domain: 'london.localhost' });
    await page.goto(`${platform}${new URL(partHref!).pathname}`);
    await page.waitForURL(partHref!);
    await page.getByRole('heading', { name: 'Night Flight' }).waitFor();
    await page.goto(`${platform}/quotes`);
    // Platform staff see every production's parts in the console.
    await staff.page.goto(`${app.server.url}/admin/#/marketplace/production-requests`);
    await staff.page
      .getByRole('row', { name: /Night Flight/ })
      .getByText('Soho Prop Hire: requested')
      .waitFor();
    await shoot(staff.page, 'console-production-requests');

    // A set list of two houses' items is sent from its own page as one production request, split per house.
    const listId = await page.evaluate(async () => {
      const made = (await (
        await fetch('/api/set-lists', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Night Flight: stage 4' }),
        })
      ).json()) as {
        id: string;
      };
      for (const listing of ['aviation~c-stand-40-in-with-arm', 'london~c-stand-40-in-with-arm'])
        await fetch(`/api/set-lists/${made.id}/lines/${listing}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ quantity: 1 }),
        });
      return made.id;
    });
    await page.goto(`${platform}/set-lists/${listId}`);
    await page.locator('html[data-hydrated]').waitFor();
    // Each line says whose it is, its rate in that house's currency.
    const lines = page.locator('.set-list-line');
    await lines
      .filter({ hasText: 'Soho Prop Hire' })
      .getByText(/^£[\d.,]+/)
      .waitFor();
    await lines
      .filter({ hasText: 'Jetway Props' })
      .getByText(/^\$[\d.,]+/)
      .waitFor();
    const listStart = addDays(startDate, 10);
    await page.getByLabel('First day').fill(listStart);
    await page.getByLabel('Last day').fill(addDays(listStart, 1));
    await page.getByLabel('Production').fill('Night Flight');
    await page.getByRole('button', { name: /^Send/ }).click();
    // Soho approved Dana above, so its part goes at once; Jetway checks her first.
    await page.getByText('Sent to Soho Prop Hire').waitFor();
    await page.getByText('Waiting for Jetway Props to approve you').waitFor();
    // A part not sent yet can be dropped from here.
    await page.getByRole('button', { name: 'Withdraw the part for Jetway Props' }).waitFor();
    // Held at every house that has its part, in one click: Soho ranks the hold by its own rules.
    await page.getByRole('button', { name: 'Hold at every house' }).click();
    await page
      .getByRole('status')
      .getByText('Soho Prop Hire holds it for you: it ranks your hold by its own rules.')
      .waitFor();
    await page.getByText('On hold', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Hold at every house' }).count()).toBe(0);
    await shoot(page, 'platform-set-list-sent');
    expect(errors).toEqual([]);
  });
});

describe('a house short of a line', () => {
  it('finds it free at the nearest house that takes its sub-hires, asks it there at the trade price, accepts its quote on account, has its stock grow once confirmed, and names whom it lends to', async () => {
    const uniform = '1960s-jet-age-flight-attendant-uniform-red';
    const { page } = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
    await app.signUpApproved(page, storefront, 'rae@skyline.example');
    // Rae asks for all seven of Jetway's red uniforms; then three go missing from stock.
    // Within Dispatch's week, where the sub-hired stock is collected first.
    const startDate = addDays(earliestStart('America/Los_Angeles', 2, new Date()), 2);
    const asked = await page.evaluate(
      (body) =>
        fetch('/api/quote-requests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json() as Promise<{ id: string }>),
      { items: [{ objectID: uniform, quantity: 7 }], startDate, endDate: addDays(startDate, 2), production: 'Skyline' },
    );
    const admin = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await admin.page.waitForURL(/#\/t\/aviation\/site/);
    const cookie = await admin.cookie();
    const itemUrl = `${app.server.url}/api/tenants/aviation/items/${uniform}`;
    const item = await http(itemUrl, { headers: { cookie } });
    const { id: _id, version: _version, ...record } = item.json() as Record<string, unknown>;
    const fewer = await http(itemUrl, {
      method: 'PUT',
      headers: { cookie, origin: app.server.url, 'if-match': String(item.headers.etag) },
      body: { ...record, quantity: 4 },
    });
    expect(fewer.status, fewer.text).toBe(200);

    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests/${asked.id}`);
    await admin.page.getByText('4 of 4 free').waitFor();
    await admin.page
      .getByRole('button', { name: 'Find it at other houses: 1960s Jet Age Flight Attendant Uniform, Red' })
      .click();
    const dialog = admin.page.getByRole('dialog', {
      name: '1960s Jet Age Flight Attendant Uniform, Red at other houses',
    });
    await dialog.getByText('You are short of 3.').waitFor();
    const first = dialog.getByRole('listitem').first();
    await first.getByText('Peachtree Prop House', { exact: false }).waitFor();
    await first.getByText(/3,\d{3} km away/).waitFor();
    await first.getByText('$28.00 a day to you ($35.00 less 20% trade discount)').waitFor();
    await first.getByText('4 free').waitFor();
    await shoot(admin.page, 'sub-hire-offers');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(admin.page)).toEqual([]);

    // Jetway asks Peachtree for the three it is short: an ordinary request there, Jetway the customer.
    await first
      .getByRole('button', { name: 'Ask for 3: 1960s Jet Age Flight Attendant Uniform, Red at Peachtree Prop House' })
      .click();
    await first.getByRole('button', { name: /Peachtree Prop House/, disabled: true }).waitFor();
    await admin.page
      .getByText('Asked Peachtree Prop House for 3: it is in their console now.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const subHires = admin.page.getByRole('region', {
      name: '3 × 1960s Jet Age Flight Attendant Uniform, Red from Peachtree Prop House',
    });
    await subHires.getByText('Requested').waitFor();
    const { subHire } = (
      (
        await http(`${app.server.url}/api/tenants/aviation/quote-requests/${asked.id}/sub-hires`, {
          headers: { cookie },
        })
      ).json() as Array<{ subHire: { quoteId: string } }>
    )[0]!;

    // At Peachtree (platform staff here): the request names Jetway, at the trade price, and is priced as any other.
    const lender = await app.logIn(STAFF, { bypassCSP: true });
    await lender.page.waitForURL(/#\/tenants/);
    // Jetway's ask was its admin's own change (heard back by now, while Peachtree signed in): never said to come from elsewhere.
    expect(await admin.page.getByText(/changed elsewhere/).count()).toBe(0);
    await lender.page.goto(`${app.server.url}/admin/#/t/atlanta/quote-requests/${subHire.quoteId}`);
    await lender.page.getByText('A sub-hire for Jetway Props, for their order “Skyline”.', { exact: false }).waitFor();
    await lender.page.getByText('$28.00 a day', { exact: false }).first().waitFor();
    expect(await lender.page.getByText('rae@skyline.example').count()).toBe(0);
    await shoot(lender.page, 'sub-hire-at-lender');
    await lender.page.setViewportSize({ width: 1280, height: 900 });
    // Peachtree has rental terms: Jetway signs them to accept.
    const lenderCookie = await lender.cookie();
    const site = (
      await http(`${app.server.url}/api/tenants/atlanta/settings/site`, { headers: { cookie: lenderCookie } })
    ).json();
    const saved = await http(`${app.server.url}/api/tenants/atlanta/settings/site`, {
      method: 'PUT',
      headers: { cookie: lenderCookie, origin: app.server.url, 'if-match': `"${site.version}"` },
      body: {
        ...site,
        rentalTerms: '# Peachtree terms\n\n- Everything comes back **clean**.',
        // And asks for cover: a certificate, or its damage waiver (a card hold is no way for a house on account).
        insuranceRequired: true,
        coverOptions: ['certificate', 'waiver', 'cardHold'],
        damageWaiver: { percent: 10, covers: 'Accidental damage', excludes: 'Loss and theft', maxLiability: 500 },
      },
    });
    expect(saved.status, saved.text).toBe(200);
    await lender.page.getByRole('button', { name: 'Send quote' }).click();
    await lender.page.getByText('Quote sent to the visitor.').waitFor();

    // Back at Jetway: Peachtree's quote, accepted on Jetway's house account with no card.
    await admin.page.reload();
    await subHires.getByText('Quoted').waitFor();
    await subHires.getByText('Their quote: $', { exact: false }).waitFor();
    await subHires.getByRole('button', { name: 'Accept on account' }).click();
    const signing = admin.page.getByRole('dialog', { name: 'Sign Peachtree Prop House’s rental terms' });
    await signing.getByRole('region', { name: 'Peachtree Prop House’s rental terms' }).getByText('clean').waitFor();
    const sign = signing.getByRole('button', { name: 'Sign and accept on account' });
    expect(await sign.isDisabled()).toBe(true);
    await signing.getByLabel(/^Your full name/).fill('Kim Park');
    // Named and not yet covered: still not ready. The waiver says its price on this quote and its terms.
    expect(await sign.isDisabled()).toBe(true);
    expect(await signing.getByRole('radio', { name: /card hold/i }).count()).toBe(0);
    const waiver = signing.getByRole('radio', {
      name: /^The damage waiver: \$\d+\.\d\d on this quote \(10% of the rentals\)/,
    });
    await waiver.check();
    await signing
      .getByText('It covers: Accidental damage. It leaves out: Loss and theft. You pay at most $500.00')
      .waitFor();
    await drawOn(admin.page, signing.getByRole('img', { name: 'Draw your signature (optional)' }));
    await expect.poll(() => signing.getByRole('button', { name: 'Clear' }).isEnabled()).toBe(true);
    await shoot(admin.page, 'sub-hire-sign-terms');
    await sign.click();
    await subHires.getByText('Accepted').waitFor();
    await admin.page.getByText('Peachtree Prop House has your acceptance: they confirm it next.').waitFor();
    // At Peachtree, the order is covered by its waiver, and the agreement carries the drawn signature.
    const atLender = (
      await http(`${app.server.url}/api/tenants/atlanta/quote-requests/${subHire.quoteId}`, {
        headers: { cookie: lenderCookie },
      })
    ).json();
    expect(atLender.cover).toMatchObject({ choice: 'waiver', by: 'visitor' });
    expect(atLender.agreement).toMatchObject({
      name: 'Kim Park',
      drawing: expect.stringMatching(/^data:image\/png;base64,/),
    });

    // Peachtree confirms: Jetway's stock on the dates grows by three, and the line is no longer short.
    await lender.page.reload();
    await lender.page.getByRole('button', { name: 'Confirm order' }).click();
    await lender.page.getByRole('dialog').getByRole('button', { name: 'Confirm order' }).click();
    await lender.page.getByText('Order confirmed: the items are reserved.').waitFor();
    await admin.page.reload();
    await subHires.getByText('Confirmed').waitFor();
    // A confirmed order is Peachtree's to change or cancel, as for any customer: the card says whom to ask.
    await subHires.getByText('To change or cancel it now, ask Peachtree Prop House:', { exact: false }).waitFor();
    await admin.page.getByText('7 free: 4 own + 3 hired in').waitFor();
    expect(await admin.page.getByRole('button', { name: /^Find it at other houses/ }).count()).toBe(0);
    // Rae's own form takes as many as Jetway has on her dates: seven (four own, three hired in), and four a day past Peachtree's.
    await page.goto(`${storefront}/item/${uniform}`);
    await page.locator('html[data-hydrated]').waitFor();
    const quoteForm = page.getByRole('form', { name: 'Ask for a quote' });
    await quoteForm.getByLabel('First day').fill(startDate);
    await quoteForm.getByLabel('Last day').fill(addDays(startDate, 2));
    await expect.poll(() => quoteForm.getByLabel('How many').getAttribute('max')).toBe('7');
    await quoteForm.getByLabel('Last day').fill(addDays(startDate, 3));
    await expect.poll(() => quoteForm.getByLabel('How many').getAttribute('max')).toBe('4');
    await shoot(admin.page, 'sub-hire-stock-grown');
    await admin.page.setViewportSize({ width: 1280, height: 900 });

    // Jetway quotes Rae, she accepts with a card, Jetway confirms: on Dispatch the order goes out with Peachtree's three collected first.
    const jetway = (url: string, revision: string, body?: object) =>
      http(`${app.server.url}/api/tenants/aviation/quote-requests/${asked.id}/${url}`, {
        method: 'POST',
        headers: { cookie, origin: app.server.url, 'if-match': `"${revision}"` },
        ...(body && { body }),
      });
    const current = await http(`${app.server.url}/api/tenants/aviation/quote-requests/${asked.id}`, {
      headers: { cookie },
    });
    expect(
      (await jetway('quote', String(current.headers.etag).replace(/"/g, ''), { adjustments: {}, services: [] })).status,
    ).toBe(200);
    const accepted = await page.evaluate(
      async ({ id, card }) => {
        const post = (url: string, body: object = {}, headers: Record<string, string> = {}) =>
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });
        const { payment } = (await (await post(`/api/quotes/${id}/card-hold`)).json()) as {
          payment: { clientSecret: string };
        };
        await post('/api/payments/test/confirm', { clientSecret: payment.clientSecret, ...card });
        const refreshed = await post(`/api/quotes/${id}/card-hold/refresh`);
        const answer = await post(
          `/api/quotes/${id}/accept`,
          { version: 1 },
          { 'if-match': refreshed.headers.get('etag') ?? '' },
        );
        return { status: answer.status, revision: (answer.headers.get('etag') ?? '').replace(/"/g, '') };
      },
      { id: asked.id, card: testCard(TEST_CARDS.ok) },
    );
    expect(accepted.status).toBe(200);
    expect((await jetway('confirm', accepted.revision)).status).toBe(200);
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/dispatch`);
    await admin.page
      .getByText('Collect from Peachtree Prop House first: 3 × 1960s Jet Age Flight Attendant Uniform, Red (sub-hired)')
      .waitFor();
    await shoot(admin.page, 'dispatch-sub-hire');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(admin.page)).toEqual([]);
    // Its pull sheet: the three hired in are scanned by Peachtree's own labels (tests/server/sub-hires.test.ts scans them).
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/dispatch/${asked.id}`);
    await admin.page.getByText('3 hired in from Peachtree Prop House: scan their labels (atlanta/…)').waitFor();
    await shoot(admin.page, 'pull-sheet-sub-hire');
    await admin.page.setViewportSize({ width: 1280, height: 900 });

    // Under the requests, the month's sub-hire margins for the office, its month chosen by name. Skyline is not
    // Jetway's order yet, so it has no row (tests/server/sub-hires.test.ts reads a confirmed order's).
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/quote-requests`);
    const margins = admin.page.getByRole('region', { name: 'Sub-hire margins' });
    const month = new Date(`${startDate}T12:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await margins.getByRole('combobox', { name: 'Month' }).click();
    await admin.page.getByRole('option', { name: month }).click();
    // The menu has gone (MUI removes it after its closing transition) before the page is shot.
    await expect.poll(() => admin.page.locator('[role="option"]').count()).toBe(0);
    const download = margins.getByRole('link', { name: `Download ${month} (CSV)` });
    expect(await download.getAttribute('href')).toBe(`/api/tenants/aviation/sub-hire-margins/${startDate.slice(0, 7)}`);
    const csv = await http(`${app.server.url}/api/tenants/aviation/sub-hire-margins/${startDate.slice(0, 7)}`, {
      headers: { cookie },
    });
    expect(csv.text.split('\r\n')[0] ?? csv.text.split('\n')[0]).toMatch(
      /^Month,Order,Production,Lent by,Their request,Item,Hired in,Currency,Charged,Their currency,Their charge,Margin/,
    );
    await shoot(admin.page, 'sub-hire-margins');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    await shoot(admin.page, 'sub-hires-card');
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(admin.page)).toEqual([]);

    // Jetway's own rule: it lends only to the houses it names, chosen by name.
    await admin.page.goto(`${app.server.url}/admin/#/t/aviation/vendor`);
    const lendsTo = admin.page.getByRole('combobox', { name: 'Houses it takes sub-hires from' });
    await lendsTo.waitFor();
    await admin.page.getByRole('button', { name: /Peachtree Prop House/ }).waitFor();
    await lendsTo.click();
    await admin.page.getByRole('option', { name: /Soho Prop Hire/ }).click();
    await admin.page.keyboard.press('Escape');
    await shoot(admin.page, 'vendor-sub-hires');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (
            (await http(`${app.server.url}/api/tenants/aviation/vendor/aviation`, { headers: { cookie } })).json() as {
              subHires?: { houses?: string[] };
            }
          ).subHires?.houses,
      )
      .toEqual(['atlanta', 'london']);
  });
});
