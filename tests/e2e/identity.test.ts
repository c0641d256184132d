/**
 * Visitors end to end, in Chromium against the built server on a temp copy of tenants/, with every
 * off-machine request aborted: sign up → awaiting approval → approved in the console by the
 * tenant admin → the visitor's open page shows it without a reload; §8's words where they belong
 * (and §5's 'recaptcha not loaded' when the bot check cannot load); the stored redirect target
 * after login, and `/` instead of a login page; onboarding details saved; logout. axe-core on
 * both forms and the onboarding page.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, containedContext } from '../helpers/browser';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';

let app: ConsoleUnderTest;
let storefront: string;
beforeAll(async () => {
  app = await startConsole('identity');
  storefront = app.server.url.replace('127.0.0.1', 'aviation.localhost');
}, 60_000);
afterAll(() => app?.close());

const PASSPHRASE = 'a long enough passphrase';

async function visitor(width = 1280) {
  const contained = await containedContext(app.browser, { viewport: { width, height: 800 }, bypassCSP: true });
  const page = await contained.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { ...contained, page, errors };
}

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
    await page.getByLabel('First name').fill('Dana');
    await page.getByLabel('Production').fill('Red Eye 2');
    await page.getByLabel('Phone number').fill('+1 818 555 0100');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'awaiting_1280.png'), fullPage: true });
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor();
    await expect.poll(() => page.getByLabel('Production').inputValue()).toBe('Red Eye 2');

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
    await page.getByRole('button', { name: 'Log out' }).click();
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
    await page.getByRole('alert').getByText('There is no user record corresponding to this identifier. The user may have been deleted.').waitFor();
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
    await again.getByRole('alert').getByText('There is no user record corresponding to this identifier.', { exact: false }).waitFor();
    await second.close();
  });

  it('goes back to the page they left for the login, but never to a login or sign-up page', async () => {
    const { page, context } = await visitor();
    await open(page, '/auth/signup');
    await submit(page, 'lee@studio.example', PASSPHRASE, 'Sign up');
    await page.waitForURL(/onboarding/);
    await page.getByRole('button', { name: 'Log out' }).click();

    await open(page, '/categories');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.locator('html[data-hydrated]').waitFor();
    await submit(page, 'lee@studio.example', PASSPHRASE, 'Log in');
    await page.waitForURL(`${storefront}/categories`);
    await page.getByRole('button', { name: 'Log out' }).click();

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
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.getByRole('group', { name: 'Your account' }).count()).toBe(0);
    await context.close();
  });
});
