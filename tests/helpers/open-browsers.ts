/**
 * The Chromium browsers this test file's worker launched (tests/helpers/browser.ts adds them), for
 * tests/setup/failed-pages.ts to show what each page had on screen when a test fails. Kept apart
 * from browser.ts so that the setup file, loaded for every test, never loads Playwright.
 */
import type { Browser } from 'playwright-core';

const OPEN = Symbol.for('backlot.openBrowsers');

export function openBrowsers(): Set<Browser> {
  const registry = globalThis as { [OPEN]?: Set<Browser> };
  return (registry[OPEN] ??= new Set());
}
