/**
 * The console's history end to end, in Chromium against the built server on a temp copy of
 * tenants/: two saves appear newest first with who and when; opening one shows each setting
 * before and after, named from the schema; restoring an earlier version asks first, then the
 * storefront shows it again and the restore is itself a new entry. axe-core on the screen.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/browser';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
beforeAll(async () => {
  app = await startConsole('console-history');
}, 60_000);
afterAll(() => app?.close());

describe('console history', () => {
  it('lists changes with who and when, shows before and after, and restores an earlier version after asking', async () => {
    const { page, context, cookie, blocked, errors } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\/site/);
    for (const title of ['Jetway First', 'Jetway Second']) {
      const current = (await http(`${app.server.url}/api/tenants/aviation/settings/site`, { headers: { cookie: await cookie() } })).json();
      const put = await http(`${app.server.url}/api/tenants/aviation/settings/site`, {
        method: 'PUT',
        headers: { cookie: await cookie(), origin: app.server.url, 'if-match': `"${current.version}"` },
        body: { ...current, appTitle: title },
      });
      expect(put.status, put.text).toBe(200);
    }
    await page.goto(`${app.server.url}/admin/#/t/aviation/history`);
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'Site settings › App title' }).first().waitFor();
    expect(await rows.nth(1).textContent()).toMatch(/^2.*owner@jetwayprops\.com.*Site settings › App title.*Current$/);
    await rows.nth(1).click();
    const change = page.getByRole('table', { name: 'What change #2 made' });
    await change.getByRole('cell', { name: 'Jetway Second' }).waitFor();
    expect(await change.getByRole('row').nth(1).textContent()).toBe('Site settings › App titleJetway FirstJetway Second');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'history_1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Restore' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Restore version #1?' });
    await dialog.getByText(/This is saved as a new change/).waitFor();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Version #1 restored.', { exact: false }).waitFor();
    expect(await app.storefront('/pages/credits')).toContain('<title>Credits | Jetway First</title>');
    await rows.filter({ hasText: /^3/ }).first().waitFor();
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
