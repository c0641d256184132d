/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), with every request
 * that would leave the machine aborted and recorded: a configured tracking script is requested
 * but never fetched, and a test can assert exactly that.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

const isLoopback = (url: URL) => ['data:', 'blob:', 'about:'].includes(url.protocol) || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');

export interface ContainedContext {
  context: BrowserContext;
  /** URLs of requests that tried to leave the machine (and were aborted). */
  blocked: string[];
}

export async function containedContext(browser: Browser, options: BrowserContextOptions = {}): Promise<ContainedContext> {
  const context = await browser.newContext(options);
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (isLoopback(url)) return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  return { context, blocked };
}
