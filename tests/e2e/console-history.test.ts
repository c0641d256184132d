/**
 * The console's history end to end, in Chromium against the built server on a temp copy of
 * tenants/: eleven saves appear newest first (by number: 11, 10, 9 …) with who and when; opening one shows each setting
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
    // Eleven saves: ids 10 and 11 sort after 9 as numbers (as text they came last, and #9 was called current).
    const titles = Array.from({ length: 11 }, (_, i) => `Jetway Save ${i + 1}`);
    for (const title of titles) {
      const current = (
        await http(`${app.server.url}/api/tenants/aviation/settings/site`, { headers: { cookie: await cookie() } })
      ).json();
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
    const rowOf = (id: number) =>
      page.locator('tbody tr', { has: page.locator('td.column-id', { hasText: new RegExp(`^${id}$`) }) });
    const numbers = async () => (await page.locator('tbody td.column-id').allTextContents()).map(Number);
    expect(await numbers()).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(await rows.nth(1).locator('td.column-id').textContent()).toBe('11');
    expect(await rows.nth(1).textContent()).toMatch(/owner@jetwayprops\.com.*Site settings › App title.*Current$/);
    expect(await rowOf(10).getByRole('button', { name: 'Restore' }).count()).toBe(1);
    await rows.nth(1).click();
    const change = page.getByRole('table', { name: 'What changed from #10 to #11' });
    await change.getByRole('cell', { name: 'Jetway Save 11' }).waitFor();
    expect(await change.getByRole('row').nth(1).textContent()).toBe(
      'Site settings › App titleJetway Save 10Jetway Save 11',
    );
    // Any two versions: #11 against #3.
    await page.getByLabel('Compare with').selectOption('3');
    const wider = page.getByRole('table', { name: 'What changed from #3 to #11' });
    expect(await wider.getByRole('row').nth(1).textContent()).toBe(
      'Site settings › App titleJetway Save 3Jetway Save 11',
    );
    await page.getByLabel('Compare with').selectOption('10');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(app.artifacts, 'history_1280.png'), fullPage: true });

    // The state before the latest change, restored from the row below the current one.
    await rowOf(10).getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore version #10?' });
    await dialog.getByText(/This is saved as a new change/).waitFor();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Version #10 restored.', { exact: false }).waitFor();
    expect(await app.storefront('/pages/credits')).toContain('<title>Credits | Jetway Save 10</title>');
    await page.locator('tbody td.column-id', { hasText: /^12$/ }).waitFor();
    expect(await rows.nth(1).textContent()).toMatch(/Current$/);
    expect(await rows.nth(1).locator('td.column-id').textContent()).toBe('12');

    // On a phone (a fresh visit, as a phone makes one) the list fits the screen, and Restore is on it.
    const phone = await app.logIn(AVIATION_ADMIN, { bypassCSP: true, viewport: { width: 375, height: 800 } });
    await phone.page.waitForURL(/#\/t\/aviation\/site/);
    await phone.page.goto(`${app.server.url}/admin/#/t/aviation/history`);
    const phoneRow = (id: number) =>
      phone.page.locator('tbody tr', { has: phone.page.locator('td.column-id', { hasText: new RegExp(`^${id}$`) }) });
    await phoneRow(11).getByRole('button', { name: 'Restore' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const restore = await phoneRow(11).getByRole('button', { name: 'Restore' }).boundingBox();
    expect(restore!.x + restore!.width).toBeLessThanOrEqual(375);
    await phoneRow(12).click();
    await phone.page.getByRole('table', { name: 'What changed from #11 to #12' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: path.join(app.artifacts, 'history_375.png'), fullPage: true });
    await phone.context.close();
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
