/**
 * Visitors end to end, in Chromium against the built server on a temp copy of tenants/, with every
 * off-machine request aborted: sign up → awaiting approval → approved in the console by the
 * tenant admin → the visitor's open page shows it without a reload; §8's words where they belong
 * (and §5's 'recaptcha not loaded' when the bot check cannot load); the stored redirect target
 * after login, and `/` instead of a login page; onboarding details saved; two-step login with a
 * wrong then a right code; a sign-in link opened in another tab, and used twice; the email
 * confirmed from its mailed link while the first tab follows live; a staff view
 * opened from the console and ended; a guest who signs up; the account's changes; logout. axe-core on
 * both forms and the onboarding page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxSms } from '../../server/identity/sms';
import { OutboxMailer } from '../../server/mail/mailer';
import { SqliteProfileStore } from '../../server/stores/sqlite-profile-store';
import { axeViolations, logOut, visitorPage } from '../helpers/browser';
import { AVIATION_ADMIN, STAFF, startConsole, type ConsoleUnderTest } from '../helpers/console';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  // Every flow here signs up from 127.0.0.1: more than the default 10 sign-ins a minute (the limit has its own test).
  app = await startConsole('identity', { BACKLOT_SIGN_INS_PER_MINUTE: '100' });
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const PASSPHRASE = 'a long enough passphrase';

const visitor = (width = 1280) => visitorPage(app.browser, { viewport: { width, height: 800 }, bypassCSP: true });

async function open(page: Page, pathname: string) {
  await page.goto(`${storefront}${pathname}`);
  await page.locator('html[data-hydrated]').waitFor();
}

async function submit(page: Page, email: string, password: string, button: 'Sign up' | 'Log in') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(button === 'Sign up' ? 'Choose a password' : 'Password').fill(password);
  await page.locator('form').getByRole('button', { name: button }).click();
}

describe('a visitor', () => {
  it('signs up, waits for approval, and sees the approval arrive on the open page', async () => {
    const { page, context, errors, blocked } = await visitor();
    await open(page, '/auth/signup');
    expect(await axeViolations(page)).toEqual([]);
    await submit(page, 'dana@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(`${storefront}/onboarding/profile`);
    const notice = page.getByRole('status');
    await notice.getByText('Jetway Props checks every new account').waitFor();
    await page.getByRole('group', { name: 'Your account' }).getByText('dana', { exact: true }).waitFor();
    // Onboarding: the details every quote request carries, labelled by the schema, kept across a reload.
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('First name').fill('Dana');
    await details.getByLabel('Production').fill('Red Eye 2');
    await details.getByLabel('Phone number').fill('+1 818 555 0100');
    await details.getByRole('button', { name: 'Save details' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'awaiting_1280.png'), fullPage: true });
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor();
    await expect.poll(() => details.getByLabel('Production').inputValue()).toBe('Red Eye 2');

    const admin = await app.logIn(AVIATION_ADMIN);
    await admin.page.getByRole('menuitem', { name: 'Users' }).click();
    await admin.page.getByRole('button', { name: 'Approve dana@studio.example' }).click();
    await admin.page.getByText('dana@studio.example approved.').waitFor();
    await admin.context.close();

    // No reload: the profile arrives over the live stream.
    await notice.getByText('Your account is approved. You can now send quote requests.').waitFor();
    await page.screenshot({ path: path.join(app.artifacts, 'approved_1280.png') });
    expect(blocked.every((url) => url.startsWith('https://www.googletagmanager.com/'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is told §8's words beside the field they are about, with the way out", async () => {
    const { page, context, errors } = await visitor(375);
    await open(page, '/auth/signup');
    await submit(page, 'sam@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(/onboarding/);
    await logOut(page);
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();

    await open(page, '/auth/signup');
    await submit(page, 'sam@studio.example', PASSPHRASE, 'Sign up');
    const taken = page.getByRole('alert');
    await taken.getByText('This email address is already registered. Please log in.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email').evaluate((input) => input === document.activeElement)).toBe(true);
    await taken.getByRole('link', { name: 'Log in' }).click();
    await page.locator('html[data-hydrated]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await axeViolations(page)).toEqual([]);

    await submit(page, 'sam@studio.example', 'not the passphrase', 'Log in');
    await page.getByRole('alert').getByText('The password is invalid or the user does not have a password.').waitFor();
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await submit(page, 'nobody@studio.example', PASSPHRASE, 'Log in');
    await page
      .getByRole('alert')
      .getByText('There is no user record corresponding to this identifier. The user may have been deleted.')
      .waitFor();
    await page.screenshot({ path: path.join(app.artifacts, 'login-unknown_375.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hears 'recaptcha not loaded' when the bot check cannot load, and no account is made", async () => {
    const { page, context } = await visitor();
    await context.route('**/api/identity/bot-check**', (route) => route.abort('blockedbyclient'));
    await open(page, '/auth/signup');
    await submit(page, 'kim@studio.example', PASSPHRASE, 'Sign up');
    await page.getByRole('alert').getByText('recaptcha not loaded').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/signup');
    await context.close();
    const { page: again, context: second } = await visitor();
    await open(again, '/auth/login');
    await submit(again, 'kim@studio.example', PASSPHRASE, 'Log in');
    await again
      .getByRole('alert')
      .getByText('There is no user record corresponding to this identifier.', { exact: false })
      .waitFor();
    await second.close();
  });

  it('goes back to the page they left for the login, but never to a login or sign-up page', async () => {
    const { page, context } = await visitor();
    await open(page, '/auth/signup');
    await submit(page, 'lee@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(/onboarding/);
    await logOut(page);

    await open(page, '/categories');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.locator('html[data-hydrated]').waitFor();
    await submit(page, 'lee@studio.example', PASSPHRASE, 'Log in');
    await page.waitForURL(`${storefront}/categories`);
    await logOut(page);

    // Stored target: the sign-up page (the visitor went there, then to login): `/` instead.
    await open(page, '/auth/signup');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.locator('html[data-hydrated]').waitFor();
    await submit(page, 'lee@studio.example', PASSPHRASE, 'Log in');
    await page.waitForURL(`${storefront}/`);
    await page.getByRole('group', { name: 'Your account' }).waitFor();
    // A reload keeps the session; logout ends it.
    await page.reload();
    await page.getByRole('group', { name: 'Your account' }).waitFor();
    await logOut(page);
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.getByRole('group', { name: 'Your account' }).count()).toBe(0);
    await context.close();
  });

  it('turns on two-step login, then logs in past a wrong code with the right one', async () => {
    const { page, context, errors } = await visitor(375);
    await open(page, '/auth/signup');
    await submit(page, 'nia@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(/onboarding/);
    const twoStep = page.getByRole('form', { name: 'Two-step login' });
    await twoStep.getByLabel('Phone number').fill('+1 818 555 0100');
    await twoStep.getByRole('button', { name: 'Text me a code' }).click();
    await twoStep.getByText('We texted a code to +1 818 555 0100.').waitFor();
    await twoStep.getByLabel('Code').fill(await lastTextedCode('+18185550100'));
    await twoStep.getByLabel('Your password').fill(PASSPHRASE);
    await twoStep.getByRole('button', { name: 'Turn on two-step login' }).click();
    await page.getByText('Two-step login is now on. Next time you log in, we will text a code to •••• 0100.').waitFor();
    await logOut(page);

    await open(page, '/auth/login');
    await submit(page, 'nia@studio.example', PASSPHRASE, 'Log in');
    await page.getByText('We texted a code to your phone ending •••• 0100. Enter it to finish logging in.').waitFor();
    expect(await page.getByLabel('Code').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('alert').getByText('That code is not right. Check the text message and try again.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'wrong-code_375.png'), fullPage: true });
    await page.getByLabel('Code').fill(await lastTextedCode('+18185550100'));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${storefront}/`);
    await page.getByRole('group', { name: 'Your account' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with an emailed link opened in another tab, and the first tab follows', async () => {
    const { page, context, errors } = await visitor();
    await open(page, '/auth/signup');
    await submit(page, 'uma@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(/onboarding/);
    await logOut(page);

    await open(page, '/auth/login');
    await page.getByLabel('Email').fill('uma@studio.example');
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page
      .getByText('Check your email: if uma@studio.example has an account, a sign-in link is on its way.')
      .waitFor();
    const link = await lastMailedLink('uma@studio.example');
    expect(new URL(link).host).toBe(new URL(storefront).host);
    const mailTab = await context.newPage();
    await mailTab.goto(link);
    await mailTab.locator('html[data-hydrated]').waitFor();
    await mailTab.getByRole('group', { name: 'Your account' }).waitFor();
    // The tab that asked for the link moves on by itself (the live auth listener).
    await page.waitForURL(`${storefront}/`);
    await page.getByRole('group', { name: 'Your account' }).waitFor();

    await mailTab.goto(link);
    await mailTab.locator('html[data-hydrated]').waitFor();
    expect(new URL(mailTab.url()).pathname).toBe('/auth/login');
    await mailTab.getByRole('alert').getByText('Invalid sign in with email link').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('confirms their email with the mailed link, and the page they left open follows', async () => {
    for (const width of [375, 1280]) {
      const email = `eve${width}@studio.example`;
      const { page, context, errors } = await visitor(width);
      await open(page, '/auth/signup');
      await submit(page, email, PASSPHRASE, 'Sign up');
      await page.waitForURL(/onboarding/);
      const account = page.getByRole('region', { name: 'Your account' });
      await account.getByText('Not confirmed yet').waitFor();
      await account.getByText(`We emailed a link to ${email}.`, { exact: false }).waitFor();
      await account.getByRole('button', { name: 'Send the link again' }).click();
      await account.getByRole('status').getByText(`Sent: check ${email} for the new link.`).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await account.screenshot({ path: path.join(app.artifacts, `email-unconfirmed_${width}.png`) });

      // The link, opened in another tab: it lands on onboarding, which thanks them.
      const tab = await context.newPage();
      await tab.goto(await lastMailedLink(email, 'verifyEmail'));
      await tab.locator('html[data-hydrated]').waitFor();
      expect(new URL(tab.url()).pathname).toBe('/onboarding/profile');
      await tab.getByRole('status').getByText('Thank you: your email address is confirmed.').waitFor();
      // The first tab, never reloaded, hears the profile change.
      await account.getByText('Confirmed', { exact: true }).waitFor();
      expect(await account.getByRole('button', { name: 'Send the link again' }).count()).toBe(0);
      await account.screenshot({ path: path.join(app.artifacts, `email-confirmed_${width}.png`) });

      // A link that does not work says so, beside the button that sends a new one.
      await tab.goto(`${storefront}/api/identity/verify-email?token=not-a-token`);
      await tab.locator('html[data-hydrated]').waitFor();
      await tab
        .getByRole('alert')
        .getByText('That confirmation link has expired or does not work.', { exact: false })
        .waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('is seen by platform staff in a staff view opened from the console, bannered until it ends', async () => {
    const { page, context } = await visitor();
    await open(page, '/auth/signup');
    await submit(page, 'ivy@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(/onboarding/);
    await context.close();

    const staff = await app.logIn(STAFF, { bypassCSP: true });
    await staff.page.getByRole('menuitem', { name: 'Tenants' }).waitFor();
    await staff.page.goto(`${app.server.url}/admin/#/t/aviation/users`);
    await staff.page.getByRole('cell', { name: 'ivy@studio.example', exact: true }).waitFor();
    const opened = staff.context.waitForEvent('page');
    await staff.page.getByRole('button', { name: 'View the storefront as ivy@studio.example' }).click();
    const view = await opened;
    await view.locator('html[data-hydrated]').waitFor();
    const banner = view.getByRole('region', { name: 'Staff view' });
    await banner
      .getByText('you are seeing the storefront as ivy@studio.example, signed in by staff@backlot.example.', {
        exact: false,
      })
      .waitFor();
    expect(view.url()).not.toContain('impersonate');
    await view.getByRole('group', { name: 'Your account' }).getByText('ivy', { exact: true }).waitFor();
    expect(await axeViolations(view)).toEqual([]);
    await view.screenshot({ path: path.join(app.artifacts, 'staff-view_1280.png') });

    await banner.getByRole('button', { name: 'End staff view' }).click();
    // The page it loads offers "Log in" (the staff view showed the visitor's account): waiting for
    // its load event after the click missed a load that came first.
    await view.getByRole('link', { name: 'Log in' }).first().waitFor();
    await view.locator('html[data-hydrated]').waitFor();
    expect(await view.getByRole('region', { name: 'Staff view' }).count()).toBe(0);
    // The console session is the staff member's own, as before.
    await staff.page.reload();
    await staff.page.getByRole('button', { name: 'View the storefront as ivy@studio.example' }).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });

  it('changes the password with the current one, and deletes the account after confirming', async () => {
    const { page, context, errors } = await visitor(375);
    await open(page, '/auth/signup');
    await submit(page, 'max@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(/onboarding/);
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Your password').fill('not my passphrase');
    await passwordForm.getByLabel('Choose a password').fill('an even longer passphrase');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm
      .getByRole('alert')
      .getByText('For your security, enter your current password again before making this change.')
      .waitFor();
    await passwordForm.getByLabel('Your password').fill(PASSPHRASE);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Done: your password is changed').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'account_375.png'), fullPage: true });

    const deleteForm = page.getByRole('form', { name: 'Delete account' });
    await deleteForm.getByLabel('Your password').fill('an even longer passphrase');
    await deleteForm.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(`${storefront}/?accountDeleted=1`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await open(page, '/auth/login');
    await submit(page, 'max@studio.example', 'an even longer passphrase', 'Log in');
    await page
      .getByRole('alert')
      .getByText('There is no user record corresponding to this identifier.', { exact: false })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('browses as a guest, then signs up from the guest session, and the profile says it was one', async () => {
    const { page, context, errors } = await visitor();
    await open(page, '/categories');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('button', { name: 'Not ready? Continue as a guest' }).click();
    await page.waitForURL(`${storefront}/categories`);
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('link', { name: 'Guest · Sign up' }).click();
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByText('You are browsing as a guest.', { exact: false }).waitFor();
    await submit(page, 'gus@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(/onboarding/);
    await page.getByRole('group', { name: 'Your account' }).getByText('gus', { exact: true }).waitFor();
    const profiles = new SqliteProfileStore(path.join(app.root, '.data/profiles.sqlite'));
    try {
      const { profiles: list } = await profiles.list('aviation');
      expect(list.find((entry) => entry.profile.email === 'gus@studio.example')?.profile.wasAnonymous).toBe(true);
    } finally {
      await profiles.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

async function lastTextedCode(to: string): Promise<string> {
  const texts = await new OutboxSms(path.join(app.root, '.data/outbox')).list();
  return /\b(\d{6})\b/.exec(texts.filter((text) => text.to === to).at(-1)!.body)![1]!;
}

async function lastMailedLink(to: string, kind: 'magicLink' | 'verifyEmail' = 'magicLink'): Promise<string> {
  const outbox = new OutboxMailer(path.join(app.root, '.data/outbox'));
  const mail = (await outbox.list()).find((entry) => entry.to === to && entry.kind === kind)!;
  const { text } = await simpleParser(await readFile(path.join(outbox.dir, mail.file)));
  return /(http:\/\/\S+\/api\/identity\/(?:sign-in-link|verify-email)\?token=\S+)/.exec(text!)![1]!;
}
