/**
 * When a test fails, what each of its browser pages had on screen: a full-page screenshot in
 * .tmp/artifacts/failed/, and in the log the page's address and the text of its open dialogs and
 * alerts. A step that timed out waiting for something ("the dialog never opened") then says what
 * the page showed instead, in CI's log as well as on this machine.
 *
 * Browsers are those tests/helpers/browser.ts launched in this file's worker (open-browsers.ts), so
 * that tests with no browser never load Playwright.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openBrowsers } from '../helpers/open-browsers';
import { repoRoot } from '../helpers/paths';

const failedDir = path.join(repoRoot, '.tmp/artifacts/failed');
const fileSafe = (text: string) => text.replace(/[^\w-]+/g, '-').slice(0, 80);

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const pages = [...openBrowsers()].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
  if (!pages.length) return;
  await mkdir(failedDir, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const shot = path.join(failedDir, `${fileSafe(task.name)}-${index}.png`);
    // The screenshot is bounded: a page that hangs must not hang the report of why its test failed.
    const [said] = await Promise.allSettled([
      page.locator('[role=dialog], [role=alertdialog], [role=alert]').allInnerTexts(),
      page.screenshot({ path: shot, fullPage: true, timeout: 10_000 }),
    ]);
    const texts =
      said.status === 'fulfilled' ? said.value.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean) : [];
    console.error(
      `[failed] page ${index}: ${page.url()}\n  dialogs and alerts: ${texts.length ? texts.map((text) => `“${text.slice(0, 300)}”`).join(' · ') : 'none'}\n  screenshot: ${shot}`,
    );
  }
});
