/**
 * Images in the console end to end, in Chromium against the built server on a temp copy of
 * tenants/: a PNG chosen from disk is uploaded and made the header logo, and the storefront
 * shows it; a hostile SVG is refused with the reason and never reaches the storefront (no
 * dialog opens, nothing is served); an image in use says where instead of being removed; one
 * no longer used is removed. axe-core on the screen, screenshots at both widths.
 */
import { TINY_PNG as PNG } from '../fixtures/tiny-png';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/browser';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';

let app: ConsoleUnderTest;
beforeAll(async () => {
  app = await startConsole('console-assets');
}, 60_000);
afterAll(() => app?.close());

// A real 2×1 PNG.

describe('console images', () => {
  it('uploads a logo and uses it, refuses a hostile SVG, and removes only what is unused', async () => {
    const png = path.join(app.root, 'New Logo.PNG');
    const svg = path.join(app.root, 'sneaky.svg');
    await writeFile(png, PNG);
    await writeFile(
      svg,
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><rect width="10" height="10"/></svg>',
    );
    const { page, context, blocked, errors } = await app.logIn(AVIATION_ADMIN, { bypassCSP: true });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => (dialogs.push(dialog.message()), void dialog.dismiss()));
    await page.waitForURL(/#\/t\/aviation\/site/);
    await page.goto(`${app.server.url}/admin/#/t/aviation/assets`);
    await page.getByRole('heading', { name: 'logo.svg' }).waitFor();
    await page.getByText(/SVG, PNG, JPEG, WebP or ICO, up to 2 MB/).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Choose an image').setInputFiles(png);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'new-logo.png' }) });
    await card.getByText('2 × 1 px').waitFor();
    await card.getByRole('button', { name: 'Use as…' }).click();
    await page.getByRole('menuitem', { name: 'Header logo', exact: true }).click();
    await card.getByText('Used as: Header logo').waitFor();
    expect(await app.storefront('/')).toMatch(/src="\/assets\/aviation\/new-logo\.png\?v=[^"]+"/);
    // The logo keeps its height; its width follows the new image's shape (2 × 1), as the card says.
    await card.getByText('Shown at 96 × 48 px in the header logo').waitFor();

    await page.getByLabel('Choose an image').setInputFiles(svg);
    await page
      .getByRole('alert')
      .filter({ hasText: /this SVG contains an event handler attribute/ })
      .waitFor();
    expect((await http(`${app.server.url}/assets/aviation/sneaky.svg`)).status).toBe(404);
    await page.screenshot({ path: path.join(app.artifacts, 'assets_1280.png'), fullPage: true });

    // In use: it says where, and stays.
    const favicon = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'favicon.svg' }) });
    await favicon.getByRole('button', { name: 'Remove' }).click();
    await page
      .getByRole('dialog')
      .getByText(/favicon\.svg is in use as Favicon\. Point that setting at another image first/)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    // The old logo is free now: it goes.
    const oldLogo = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'logo.svg' }) });
    await oldLogo.getByText('Not used').waitFor();
    await oldLogo.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('logo.svg removed.').waitFor();
    expect((await http(`${app.server.url}/assets/aviation/logo.svg`)).status).toBe(404);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(app.artifacts, 'assets_375.png'), fullPage: true });
    expect(dialogs).toEqual([]);
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
