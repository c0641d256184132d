/**
 * What a tenant admin's first day found, end to end in Chromium against the built server on a
 * temp copy of tenants/ (every off-machine request aborted): an edit left through the menu is
 * asked about, not dropped. Screenshots go to .tmp/artifacts/console-first-day/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVIATION_ADMIN, startConsole, type ConsoleUnderTest } from '../helpers/console';

let app: ConsoleUnderTest;

beforeAll(async () => {
  app = await startConsole('console-first-day');
}, 60_000);

afterAll(() => app?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(app.artifacts, `${name}.png`), fullPage: true });

describe("a tenant admin's first day", () => {
  it('asks before an edit is left through the menu, keeps it on Stay, and drops it only on Leave', async () => {
    const { page, context, errors } = await app.logIn(AVIATION_ADMIN);
    await page.waitForURL(/#\/t\/aviation\/site/);
    await page.goto(`${app.server.url}/admin/#/t/aviation/site/branding`);
    const title = page.getByLabel(/^App title/);
    await title.waitFor();
    const saved = await title.inputValue();
    await title.fill('Jetway Unsaved');
    const asked: string[] = [];
    // First answer: stay.
    page.once('dialog', (dialog) => (asked.push(dialog.message()), void dialog.dismiss()));
    await page.getByRole('menuitem', { name: 'Colours' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(page.url()).toMatch(/#\/t\/aviation\/site/);
    expect(await title.inputValue()).toBe('Jetway Unsaved');
    await shot(page, 'unsaved_stay_1280');
    // Second answer: leave; the edit is gone and the colours screen shows.
    page.once('dialog', (dialog) => (asked.push(dialog.message()), void dialog.accept()));
    await page.getByRole('menuitem', { name: 'Colours' }).click();
    await page.waitForURL(/#\/t\/aviation\/colors/);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatch(/changes weren.t saved/i);
    await page.getByRole('menuitem', { name: 'Branding and site' }).click();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expect.poll(() => title.inputValue()).toBe(saved);

    // Every other editor too (one form per screen), and closing the tab.
    for (const [screen, field, next] of [
      ['vendor', /^Display name/, 'Items'],
      ['links', /^Label/, 'Pages'],
      ['categories', /GL code/, 'History'],
    ] as const) {
      await page.goto(`${app.server.url}/admin/#/t/aviation/${screen}`);
      const input = page.getByLabel(field).first();
      await input.fill(`${await input.inputValue()} (edited)`);
      const message = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.message()), void dialog.dismiss())));
      await page.getByRole('menuitem', { name: next }).click();
      expect(await message, screen).toMatch(/changes weren.t saved/i);
      expect(page.url(), screen).toContain(`/t/aviation/${screen}`);
    }
    expect(errors).toEqual([]);
    const unload = new Promise<string>((resolve) => page.once('dialog', (dialog) => (resolve(dialog.type()), void dialog.accept())));
    await page.close({ runBeforeUnload: true });
    expect(await unload).toBe('beforeunload');
    await context.close();
  });
});
