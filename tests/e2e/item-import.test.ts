/**
 * Items → Import end to end in Chromium against the built server: a tenant admin opens Import from
 * the Items list, chooses another prop house's spreadsheet (the sample XLSX) and a ZIP of its
 * photos, checks it: the columns are guessed (each beside its first values), the dry run counts
 * what it would do and lists every refused row by row and column with the cell; a category the
 * tree lacks is put where it belongs and the sheet checked again; importing waits until the admin
 * chooses to skip the refused rows; then the items are in the list, with their photos, and the
 * catalogue downloads as a spreadsheet to edit and import again. axe-core on the page; screenshots at 1280 and 375 px.
 */
import { rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../fixtures/tiny-png';
import { axeViolations, chooseOption, shootBothWidths } from '../helpers/browser';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { repoRoot } from '../helpers/paths';

let app: ConsoleUnderTest;
beforeAll(async () => {
  app = await startConsole('item-import');
}, 60_000);
afterAll(() => app?.close(), 30_000);

const shoot = (page: Page, name: string) => shootBothWidths(page, app.artifacts, name);

describe('Items → Import', () => {
  it('checks a prop house’s spreadsheet, shows its columns and refused rows, and imports the rest with photos', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let n = 10; n <= 300; n += 10) files[`H9-${String(n).padStart(5, '0')}.png`] = TINY_PNG;
    const zip = path.join(app.artifacts, 'photos.zip');
    await writeFile(zip, zipSync(files));

    const { page, errors } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    await page.waitForURL(/#\/t\/aviation\/site/);
    await page.getByRole('menuitem', { name: 'Items' }).click();
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL(/#\/t\/aviation\/items\/import$/);
    await page.getByRole('heading', { name: '1. The spreadsheet' }).waitFor();
    await shoot(page, 'import-empty');

    // Files larger than an import takes are refused as they are picked, before anything is read or sent (sparse files: no disk used).
    const huge = async (name: string, megabytes: number) => {
      const file = path.join(app.artifacts, name);
      await writeFile(file, '');
      await truncate(file, megabytes * 1024 * 1024 + 1);
      return file;
    };
    await page.getByLabel('Choose the spreadsheet').setInputFiles(await huge('everything.csv', 100));
    await page
      .getByRole('alert')
      .getByText('everything.csv is 101 MB; an import takes at most 100 MB: split it, or leave the photos out of it')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Check', exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Photos (ZIP, optional)').setInputFiles(await huge('all-photos.zip', 150));
    await page
      .getByRole('alert')
      .getByText(
        'all-photos.zip is 151 MB; the console takes at most 150 MB: split it, or import from the CLI with --photos <folder>',
      )
      .waitFor();
    await shoot(page, 'import-too-large');
    await Promise.all(['everything.csv', 'all-photos.zip'].map((name) => rm(path.join(app.artifacts, name))));

    await page
      .getByLabel('Choose the spreadsheet')
      .setInputFiles(path.join(repoRoot, 'tests', 'fixtures', 'prop-house', 'hangar9-stock.xlsx'));
    await page.getByLabel('Photos (ZIP, optional)').setInputFiles(zip);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByRole('heading', { name: '2. The columns' }).waitFor();
    await page.getByText(/^Guessed from the headers and values of sheet “Stock” \(308 rows/).waitFor();
    // Each field beside the column guessed for it and its first values.
    const columns = page.getByRole('table', { name: '2. The columns' });
    await expect
      .poll(() => columns.getByRole('row', { name: /Day rate/ }).innerText())
      .toMatch(/Daily Hire[\s\S]*\$52\.00 · \$89\/day/);
    await page.getByText('300 to create', { exact: true }).waitFor();
    await page.getByText('8 refused', { exact: true }).waitFor();
    const problems = page.getByRole('table', { name: 'Problems, by row and column' });
    await problems.getByRole('row', { name: /call for price/ }).waitFor();
    expect(await problems.getByRole('row', { name: /Seats > Frist Class/ }).innerText()).toMatch(
      /122\s+Dept\s+Seats > Frist Class\s+is not in the category tree: did you mean Seats > First Class\?/,
    );
    const importButton = page.getByRole('button', { name: 'Import 300 items' });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'import-checked');

    // The typo's path is put where it belongs, and the sheet checked again: that row passes.
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'Put “Seats > Frist Class” in' }),
      'Seats > First Class',
    );
    await page.getByRole('button', { name: 'Check again with these columns' }).first().click();
    await page.getByText('7 refused', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: /Import the rest and skip the 7 refused rows/ }).check();
    // On a slow line (the upload throttled to 20 kB/s) the page says how much is sent, with a bar that counts.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 20_000,
    });
    await page.getByRole('button', { name: 'Import 301 items' }).click();
    const sending = page.getByRole('progressbar', { name: /^Sending the files: [\d.]+ [kM]B of [\d.]+ [kM]B$/ });
    await sending.waitFor();
    expect(Number(await sending.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await shoot(page, 'import-sending');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page
      .getByText('Imported: 301 added, 0 updated, 0 unchanged, 30 photos stored, 7 refused rows skipped.')
      .waitFor({ timeout: 60_000 });
    await shoot(page, 'import-done');

    // The catalogue downloads as a spreadsheet to edit and import again.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download as Excel' }).click();
    expect((await download).suggestedFilename()).toBe('aviation-items.xlsx');

    await page.getByRole('link', { name: 'See the items' }).click();
    await page.waitForURL(/#\/t\/aviation\/items$/);
    await page.getByRole('textbox', { name: 'Search items' }).fill('Chrome Headrest 1');
    await page.getByText('Chrome Headrest 1', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
