/**
 * Console benchmarks (run by `npm run bench`; figures, not assertions), on loopback, same run:
 * - initial JavaScript of /admin/ in gzip bytes: the entry and what it preloads (goal ≤ 350 KB;
 *   a bare react-admin + MUI 7 app is about 311 KB), and the lazy chunk each editor adds;
 * - time from navigation to an editable settings form (the Domain input enabled and filled),
 *   logged in, in headless Chromium, cold (new browser context) and warm (same context), each
 *   the median of RUNS; as a ratio to the aviation storefront home page's load in the same run.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_DIST, gzipBytes, initialScripts } from '../helpers/admin-bundle';
import { containedContext, launchChromium } from '../helpers/browser';
import { tenantsDir } from '../helpers/paths';
import { startServer } from '../helpers/server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const EMAIL = 'staff@backlot.example';
const PASSWORD = 'correct horse battery staple';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-console-'));
try {
  for (const tenant of ['aviation', 'platform'])
    await cp(path.join(tenantsDir, tenant), path.join(scratch, 'tenants', tenant), { recursive: true });
  const server = await startServer({
    BACKLOT_TENANTS_DIR: path.join(scratch, 'tenants'),
    BACKLOT_DATA_DIR: path.join(scratch, '.data'),
    BACKLOT_ADMIN_EMAIL: EMAIL,
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });

  // Initial JavaScript: the entry script and its modulepreloads, gzipped as served.
  const { files: initial, gzip: initialGzip } = await initialScripts();

  const browser = await launchChromium();
  const { context } = await containedContext(browser, { viewport: { width: 1280, height: 800 } });
  const login = await context.newPage();
  await login.goto(`${server.url}/admin/`);
  await login.locator('input[name=username]').fill(EMAIL);
  await login.locator('input[name=password]').fill(PASSWORD);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await login.waitForURL(/#\/tenants/);
  const cookies = await context.cookies();

  /** Milliseconds from navigation start until the settings form can be typed in. */
  async function timeToEditable(page: import('playwright-core').Page): Promise<{ ms: number; lazyGzip: number }> {
    let lazyGzip = 0;
    const onResponse = async (response: import('playwright-core').Response) => {
      const match = /\/admin\/(assets\/[^?]+\.js)$/.exec(response.url());
      if (match && !initial.includes(match[1]!)) lazyGzip += await gzipBytes(match[1]!);
    };
    page.on('response', onResponse);
    const started = Date.now();
    await page.goto(`${server.url}/admin/#/t/aviation/site`);
    const domain = page.locator('input[name=domain]');
    await domain.waitFor();
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('input[name=domain]');
      return Boolean(input && !input.disabled && input.value);
    });
    const ms = Date.now() - started;
    page.off('response', onResponse);
    return { ms, lazyGzip };
  }

  /** The storefront home page, loaded in the same browser: the baseline. */
  async function storefrontLoad(page: import('playwright-core').Page): Promise<number> {
    const started = Date.now();
    await page.goto(`http://aviation.localhost:${server.port}/`, { waitUntil: 'load' });
    return Date.now() - started;
  }

  const cold: number[] = [];
  const warm: number[] = [];
  const baseline: number[] = [];
  let siteChunkGzip = 0;
  for (let run = 0; run < RUNS; run++) {
    const fresh = await containedContext(browser, { viewport: { width: 1280, height: 800 } });
    await fresh.context.addCookies(cookies);
    const page = await fresh.context.newPage();
    const first = await timeToEditable(page);
    cold.push(first.ms);
    siteChunkGzip = first.lazyGzip;
    warm.push((await timeToEditable(page)).ms);
    const storefront = await fresh.context.newPage();
    baseline.push(await storefrontLoad(storefront));
    await fresh.context.close();
  }
  await browser.close();
  await server.stop();

  // Each editor's own chunk, gzipped (loaded when the editor first opens).
  const assets = await readdir(path.join(ADMIN_DIST, 'assets'));
  const chunks = assets.filter((file) => file.endsWith('.js') && !initial.includes(`assets/${file}`));
  const chunkSizes = await Promise.all(
    chunks.map(async (file) => [file.replace(/-[\w-]{8}\.js$/, ''), await gzipBytes(`assets/${file}`)] as const),
  );

  const base = median(baseline);
  console.log('\nConsole (/admin/)');
  console.log(`  initial JavaScript            ${kb(initialGzip)} gzip in ${initial.length} files (goal ≤ 350 KB)`);
  console.log(`  + settings editor on opening  ${kb(siteChunkGzip)} gzip`);
  console.log(
    `  lazy chunks                   ${chunkSizes
      .sort((a, b) => b[1] - a[1])
      .map(([name, size]) => `${name} ${kb(size)}`)
      .join(', ')}`,
  );
  console.log(`  storefront home load          ${base} ms (baseline, median of ${RUNS})`);
  console.log(`  editable settings form, cold  ${median(cold)} ms = ${(median(cold) / base).toFixed(2)}× baseline`);
  console.log(`  editable settings form, warm  ${median(warm)} ms = ${(median(warm) / base).toFixed(2)}× baseline`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
