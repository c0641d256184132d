/**
 * Visitor approval in the console end to end, in Chromium against the built server on a temp
 * copy of tenants/: a sign-up (written into the server's SQLite profiles, as the sign-up flow
 * will) awaits a decision; the tenant admin approves one and denies another; each gets its mail
 * once (read from the server's outbox); the list says whose email is confirmed. axe-core on the screen.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProfile } from '../../server/identity/profile';
import { OutboxMailer } from '../../server/mail/mailer';
import { SqliteProfileStore } from '../../server/stores/sqlite-profile-store';
import { axeViolations } from '../helpers/browser';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';

let app: ConsoleUnderTest;
beforeAll(async () => {
  app = await startConsole('console-users');
  const profiles = new SqliteProfileStore(path.join(app.root, '.data/profiles.sqlite'));
  for (const [uid, email] of [
    ['dana', 'dana@studio.example'],
    ['sam', 'sam@studio.example'],
  ])
    // sam followed the link mailed to confirm the address; dana has not yet.
    await profiles.create('aviation', uid!, {
      ...newProfile({
        email,
        vendorId: 'aviation',
        vendorName: 'Jetway Props',
        isEmailVerified: uid === 'sam',
        now: new Date(),
      }),
      production: 'Red Eye 2',
    });
  await profiles.close();
}, 60_000);
afterAll(() => app?.close());

describe('console users', () => {
  it('approves and denies sign-ups awaiting a decision, each mailed once', async () => {
    const { page, context, errors, blocked } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\/site/);
    // The menu says how many wait for a decision, from any screen.
    await page.getByRole('menuitem', { name: /^Users\s*2 waiting for your decision$/ }).waitFor();
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('cell', { name: 'dana@studio.example', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'Red Eye 2' }).count()).toBe(2);
    // Whether each address is confirmed, for the admin deciding.
    await page.getByRole('columnheader', { name: 'Email confirmed' }).waitFor();
    expect(
      await page
        .getByRole('row', { name: /dana@studio\.example/ })
        .getByRole('cell', { name: 'Not yet', exact: true })
        .count(),
    ).toBe(1);
    expect(
      await page
        .getByRole('row', { name: /sam@studio\.example/ })
        .getByRole('cell', { name: 'Yes', exact: true })
        .count(),
    ).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'users_1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Approve dana@studio.example' }).click();
    await page.getByText('dana@studio.example approved.').waitFor();
    await page.getByRole('button', { name: 'Deny sam@studio.example' }).click();
    await page.getByText('sam@studio.example denied.').waitFor();
    await expect(page.getByRole('button', { name: 'Approve dana@studio.example' }).isDisabled()).resolves.toBe(true);
    // Both decided: the menu's count is gone.
    await page.getByRole('menuitem', { name: 'Users', exact: true }).waitFor();
    // Changing one's mind mails the other message, once; deciding the same again mails nothing.
    await page.getByRole('button', { name: 'Deny dana@studio.example' }).click();
    await page.getByText('dana@studio.example denied.').waitFor();
    const mails = await new OutboxMailer(path.join(app.root, '.data/outbox')).list();
    expect(mails.map((mail) => `${mail.to} ${mail.kind}`).sort()).toEqual([
      'dana@studio.example denied',
      'dana@studio.example welcome',
      'sam@studio.example denied',
    ]);
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
