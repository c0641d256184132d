/**
 * A house signs up and is live the same hour, end to end in Chromium against the built server
 * (every off-machine request aborted): its owner signs up on the platform, says they run a house
 * and fills "List your rental house"; platform staff approve it in the console's House
 * applications; the owner follows the mailed link (read from the outbox), chooses a password and
 * lands in their house's console on Items → Import; then connects the account it is paid on from
 * Payouts (the test provider's onboarding page), and platform staff set the platform's commission
 * on it in Houses and payouts. axe-core on the form and Payouts; screenshots at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, shootBothWidths, visitorPage } from '../helpers/browser';
import { STAFF, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
let platform: string;
beforeAll(async () => {
  app = await startConsole(
    'house-signup',
    { BACKLOT_SIGN_INS_PER_MINUTE: '100' },
    { tenants: ['aviation', 'platform'] },
  );
  platform = app.server.url.replace('127.0.0.1', 'platform.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const shoot = (page: Page, name: string) => shootBothWidths(page, app.artifacts, name);

describe('a house joining the platform', () => {
  it('applies on the platform, is approved in the console, and its admin opens the console on Items → Import', async () => {
    const { page, errors } = await visitorPage(app.browser, {
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    await app.signUp(page, platform, 'owner@savannahprops.example');
    expect(page.url()).toMatch(/onboarding\/welcome/);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('radio', { name: 'I run a rental house: list it' }).check();
    const form = page.getByRole('form', { name: 'List your rental house' });
    await form.getByLabel('House name').fill('Savannah Set Supply');
    // The account just made is a production's login: the console needs an address of its own, and says so.
    await form.getByLabel(/^Email of the house’s admin/).fill('owner@savannahprops.example');
    await form.getByLabel('Street address').fill('401 Indian Street');
    await form.getByLabel('City', { exact: true }).fill('Savannah');
    await form.getByLabel('State or county').fill('GA');
    await form.getByLabel('ZIP or postcode').fill('31401');
    await form.getByLabel('Country (two letters, such as US or GB)').fill('US');
    await form.getByLabel('Time zone').selectOption('America/New_York');
    await form.getByLabel('Sales tax or VAT (%)').fill('7');
    await form.getByLabel('What invoices call it (Sales tax, VAT)').fill('Sales tax');
    await form.getByLabel(/^Location for distances/).fill('32.0835, -81.0998');
    // What happens next is a house's road, not a production's.
    await page.getByText('Platform staff check it, usually within a working day', { exact: false }).waitFor();
    expect(await page.getByText('Send your quote request from the list.').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'house-application-form');
    await form.getByRole('button', { name: 'Send the application' }).click();
    await form.getByText(/already has an account on the platform/).waitFor();
    await form.getByLabel(/^Email of the house’s admin/).fill('desk@savannahprops.example');
    await form.getByRole('button', { name: 'Send the application' }).click();
    await page.getByText(/Thanks: we have Savannah Set Supply’s application/).waitFor();

    // Platform staff approve it in the console.
    const staff = await app.logIn(STAFF);
    await staff.page.waitForURL(/#\/tenants/);
    await staff.page.goto(`${app.server.url}/admin/#/house-applications`);
    const row = staff.page.getByRole('row', { name: /Savannah Set Supply/ });
    await row.getByText('Savannah, GA').waitFor();
    // Its row opens on everything it sent; approving asks first.
    await row.getByRole('cell', { name: 'Savannah Set Supply' }).click();
    const details = staff.page.getByLabel('What Savannah Set Supply sent');
    await details.getByText('desk@savannahprops.example').waitFor();
    await details.getByText('Time zone').waitFor();
    await shoot(staff.page, 'house-applications');
    await row.getByRole('button', { name: 'Approve' }).click();
    const approving = staff.page.getByRole('dialog', { name: 'Approve Savannah Set Supply?' });
    await approving
      .getByText('desk@savannahprops.example is mailed the link to its console', { exact: false })
      .waitFor();
    await approving.getByRole('button', { name: 'Approve' }).click();
    await staff.page.getByText(/Savannah Set Supply is approved/).waitFor();

    // The owner's mail carries the link.
    const cookie = await staff.cookie();
    const outbox = (await http(`${app.server.url}/api/outbox?range=[0,49]`, { headers: { cookie } })).json() as Array<{
      id: string;
      to: string;
      subject: string;
    }>;
    const mail = outbox.find(
      (entry) => entry.to.includes('desk@savannahprops.example') && entry.subject.includes('approved'),
    )!;
    const text = (await http(`${app.server.url}/api/outbox/${mail.id}`, { headers: { cookie } })).json().text as string;
    const link = /http:\/\/\S+\/admin\/#\/welcome\/[A-Za-z0-9_-]+/.exec(text)![0];

    const owner = await visitorPage(app.browser, { viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await owner.page.goto(link);
    await owner.page.getByRole('heading', { name: 'Welcome to your console' }).waitFor();
    await shoot(owner.page, 'house-welcome');
    await owner.page.getByLabel('Choose a password').fill('savannah set supply 2026');
    await owner.page.getByLabel('The same password again').fill('savannah set supply 2026');
    await owner.page.getByRole('button', { name: 'Open my console' }).click();
    await owner.page.waitForURL(/#\/t\/savannah-set-supply\/items\/import/);
    await owner.page
      .getByText(/spreadsheet/i)
      .first()
      .waitFor();
    await shoot(owner.page, 'house-first-visit');

    // Paid on its own account: the new house connects from Payouts (the test provider's onboarding page in Stripe's place).
    // Its quote requests say productions cannot accept with a card yet, and lead to Payouts.
    await owner.page.getByRole('menuitem', { name: 'Quote requests' }).click();
    const reminder = owner.page
      .getByRole('alert')
      .filter({ hasText: 'Productions cannot accept your quotes with a card yet' });
    await reminder.getByRole('link', { name: 'Payouts' }).click();
    await owner.page.getByText('Not connected').waitFor();
    await owner.page.getByText(/Until you connect one, your storefront takes no card hold/).waitFor();
    expect(await axeViolations(owner.page)).toEqual([]);
    await shoot(owner.page, 'house-payouts-not-connected');
    await owner.page.getByRole('button', { name: 'Connect with the test provider' }).click();
    await owner.page.getByRole('heading', { name: 'Connect Savannah Set Supply’s payout account' }).waitFor();
    await shoot(owner.page, 'house-payouts-test-onboarding');
    await owner.page.getByRole('button', { name: 'Finish connecting (test)' }).click();
    await owner.page
      .getByText('You are connected: your storefront takes card holds on your own account from now on.')
      .waitFor();
    await owner.page.getByText('Takes card holds', { exact: true }).waitFor();
    await shoot(owner.page, 'house-payouts-connected');
    await owner.page.getByRole('menuitem', { name: 'Quote requests' }).click();
    await owner.page.getByText(/^No requests match/).waitFor();
    expect(
      await owner.page.getByText('Productions cannot accept your quotes with a card yet', { exact: false }).count(),
    ).toBe(0);

    // Platform staff set the platform's commission on it.
    await staff.page.goto(`${app.server.url}/admin/#/marketplace/houses`);
    const house = staff.page.getByRole('row', { name: /Savannah Set Supply/ });
    await house.getByText('Takes card holds', { exact: true }).waitFor();
    const commission = house.getByLabel('Platform commission on Savannah Set Supply');
    // Each change is asked first, saying from what to what.
    const asked = staff.page.getByRole('dialog', { name: 'Change Savannah Set Supply’s commission?' });
    await commission.fill('80');
    await house.getByRole('button', { name: 'Save' }).click();
    await asked.getByText('From the next card hold it takes 80%', { exact: false }).waitFor();
    await asked.getByRole('button', { name: 'Change the commission' }).click();
    await house.getByText('must be at most 50 (found 80)').waitFor();
    await commission.fill('10');
    // Enter asks too (it never goes on to change it unasked).
    await commission.press('Enter');
    await asked.getByText('From the next card hold it takes 10%', { exact: false }).waitFor();
    await asked.getByRole('button', { name: 'Change the commission' }).click();
    await staff.page
      .getByText(
        'The platform now takes 10% on Savannah Set Supply’s orders through the platform, from the next card hold.',
      )
      .waitFor();
    await shoot(staff.page, 'houses-and-payouts');
    await owner.page.getByRole('menuitem', { name: 'Payouts' }).click();
    await owner.page
      .getByText(/The platform takes 10% of what is captured on orders that come through the platform/)
      .waitFor();

    expect(errors).toEqual([]);
    expect(owner.errors).toEqual([]);
  });
});
