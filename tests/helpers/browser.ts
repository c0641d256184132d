/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with every request
 * that would leave the machine refused and recorded: a configured tracking script is requested
 * but never fetched, and a test can assert exactly that. The browser itself refuses them (every
 * address but loopback goes to a proxy that is not there), so nothing is intercepted per request:
 * routing every request through Playwright also turned off the browser's cache, and each page
 * load fetched and compiled every script again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'vitest';
import { openBrowsers } from './open-browsers';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';

/** Debian's full browser: what Lighthouse measures (tests/bench) and what a person would run. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * What the tests drive: Debian's chromium-headless-shell (the same Chromium without the browser's
 * own windows and pages), which .ci/run installs. The full browser in headless mode also renders
 * its own UI: a whole run spent about half its CPU in Chromium, and two browser test files took a
 * quarter less CPU and wall time on the shell. Without it, the full browser.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROME_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Off the machine, nothing: every address but loopback's goes to a proxy no one listens on (port
  // 9, discard), IP addresses included, which a host-resolver rule would let through.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=localhost;*.localhost;127.0.0.1;[::1]',
];

/** `extraArgs`: flags a test needs besides the usual (a fake camera, say). */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
  // Known to tests/setup/failed-pages.ts, which shows what each page had on screen when a test fails.
  openBrowsers().add(browser);
  browser.on('disconnected', () => openBrowsers().delete(browser));
  return browser;
}

const isLoopback = (url: URL) =>
  ['data:', 'blob:', 'about:'].includes(url.protocol) ||
  ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ||
  url.hostname.endsWith('.localhost');

export interface ContainedContext {
  context: BrowserContext;
  /** URLs of requests that tried to leave the machine (and were refused). */
  blocked: string[];
}

export async function containedContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<ContainedContext> {
  const context = await browser.newContext(options);
  const blocked: string[] = [];
  // Recorded as asked for; the browser's proxy setting (CHROMIUM_ARGS) refuses them.
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!isLoopback(url)) blocked.push(url.href);
  });
  return { context, blocked };
}

/** A new visitor's page in a contained context, with the page's errors collected (`errors`). */
export async function visitorPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<ContainedContext & { page: Page; errors: string[] }> {
  const contained = await containedContext(browser, options);
  const page = await contained.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { ...contained, page, errors };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let axeAddress: Promise<string> | undefined;

/**
 * axe-core's script at a loopback address of this process's, cached for a year: a context that
 * checks several pages fetches and compiles its 500 KB once (Chromium keeps the compiled code),
 * where a script added by its text was compiled again on every page.
 */
function axeScriptUrl(): Promise<string> {
  axeAddress ??= new Promise((resolve, reject) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      response.end(axeSource);
    });
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/axe.min.js`),
    );
    // It serves as long as the test file runs, and never keeps it from ending.
    server.unref();
  });
  return axeAddress;
}

/**
 * axe-core's serious and critical violations on the page, as `rule: targets`. axe is injected as a
 * script (and transitions are stopped by a style), which the pages' CSP rightly forbids: use it in
 * a context made with `bypassCSP: true`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged as they settle: a button caught mid-way through its colour transition
  // (a Save that has just become enabled) has a blend no user reads, and failed contrast by chance.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.addScriptTag({ url: await axeScriptUrl() });
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
    }),
  );
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Logs the storefront's visitor out as they would: the header's Log out, or on a phone the one in the account menu. */
export async function logOut(page: Page): Promise<void> {
  // "Your account" is the header's group on wide screens and the account menu on phones: whichever shows.
  await page.getByRole('group', { name: 'Your account' }).waitFor();
  const menu = page.locator('.account-menu > summary');
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Log out' }).click();
}

/** Goes to `url` and waits until the storefront's page has hydrated (its buttons work). */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor();
}

/** Full-page screenshots at desktop (1280 px) and phone (375 px) widths, as `<dir>/<name>_<width>.png`; the page is left at 1280 px. */
export async function shootBothWidths(
  page: Page,
  dir: string,
  name: string,
  /** Fail when the page is wider than the screen (once its layout has settled after the resize). */
  options: { fits?: boolean } = {},
): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    if (options.fits)
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `${name} is wider than ${width} px`,
          timeout: 5000,
        })
        .toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(dir, `${name}_${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Picks `option` from an MUI select (single or multiple) as a person would, and waits until the
 * select shows it. The menu is clicked only once its opening transition has ended: the popover
 * places itself while it grows, and on a loaded machine a click aimed at an option before then can
 * land on the backdrop, which closes the menu and picks nothing (seen in CI as an item saved without
 * the colour the test had "chosen").
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  // Held by its element: once picked, the select's accessible name includes what it shows.
  const shown = await select.elementHandle();
  await select.click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  // Until no animation is running: MUI may cancel a transition and start another (its `finished`
  // then rejects with an AbortError), so each round waits for all to settle, whichever way.
  await listbox.evaluate(async (element) => {
    const root = element.closest('.MuiPaper-root') ?? element;
    const running = () =>
      root.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running');
    for (let now = running(); now.length > 0; now = running())
      await Promise.allSettled(now.map((animation) => animation.finished));
  });
  await listbox.getByRole('option', { name: option, exact: true }).click();
  // A multiple select stays open until dismissed; a single one has closed already.
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'detached' });
  await page.waitForFunction(([element, text]) => element?.textContent?.includes(text), [shown, option] as const);
}

/** Draws a signature on a pad (a canvas) with the mouse, as a finger would: a zigzag across it. */
export async function drawOn(page: Page, pad: Locator): Promise<void> {
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, box.y + 20, { steps: 10 });
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height - 20, { steps: 10 });
  await page.mouse.move(box.x + box.width * 0.8, box.y + 30, { steps: 6 });
  await page.mouse.up();
}
