/**
 * Storefront benchmarks (run by `npm run bench`; figures, not assertions), on loopback, same run:
 * - SSR requests/s for the aviation home, against @fastify/static serving the same bytes (goal ≥ 0.5×);
 * - first-load JavaScript (and CSS) of / in gzip bytes (goal ≤ 80 KB of JavaScript, kept by tests/server/storefront-bundle.test.ts);
 * - Lighthouse performance and accessibility for the aviation home and a content page, in Debian's
 *   Chromium, offline (goal ≥ 95 each on the home page, ≥ 90 on the content page). The tag
 *   manager's script cannot load here (no internet), so Lighthouse blocks it.
 */
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer } from '../helpers/server-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const HOST = 'aviation.localhost';

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-storefront-'));
try {
  const backlot = await startServer({
    BACKLOT_TENANTS_DIR: tenantsDir,
    BACKLOT_DATA_DIR: path.join(scratch, '.data'),
    LOG_LEVEL: 'warn',
  });
  const home = await http(`${backlot.url}/`, { headers: { host: HOST } });
  if (home.status !== 200) throw new Error(`GET / answered ${home.status}`);
  await writeFile(path.join(scratch, 'index.html'), home.text);

  // Same bytes through @fastify/static first, then the storefront.
  const staticServer = await startServer({ STATIC_DIR: scratch }, [
    process.execPath,
    path.join(repoRoot, 'tests/bench/static-fastify.mjs'),
  ]);
  const staticRun = await autocannon({ url: `${staticServer.url}/`, connections: 50, duration: DURATION });
  await staticServer.stop();
  const ssrRun = await autocannon({
    url: `${backlot.url}/`,
    connections: 50,
    duration: DURATION,
    headers: { host: HOST },
  });
  if (ssrRun.non2xx) throw new Error(`${ssrRun.non2xx} non-2xx answers from the storefront`);

  // First-load bytes: every script and stylesheet / links, gzipped as served from dist.
  const clientDir = path.join(repoRoot, 'dist/storefront/client');
  const urls = [
    ...home.text.matchAll(
      /<(?:script[^>]+src|link[^>]+rel="(?:stylesheet|modulepreload)"[^>]+href)="(\/_storefront\/[^"]+)"/g,
    ),
  ].map((match) => match[1]!);
  let jsGzip = 0;
  let cssGzip = 0;
  for (const url of urls) {
    const size = gzipSync(await readFile(path.join(clientDir, url))).length;
    if (url.endsWith('.js')) jsGzip += size;
    else cssGzip += size;
  }
  const htmlGzip = gzipSync(home.text).length;

  // Lighthouse, offline, through the page's real host name.
  const origin = `http://${HOST}:${backlot.port}`;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  const scores: Array<[string, number, number]> = [];
  try {
    for (const pathname of ['/', '/pages/about-us']) {
      const result = await lighthouse(`${origin}${pathname}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        blockedUrlPatterns: ['*googletagmanager.com*'],
      });
      const categories = result!.lhr.categories;
      scores.push([
        pathname,
        Math.round(categories.performance!.score! * 100),
        Math.round(categories.accessibility!.score! * 100),
      ]);
    }
  } finally {
    chrome.kill();
  }
  await backlot.stop();

  const ssr = ssrRun.requests.average;
  const baseline = staticRun.requests.average;
  console.log(
    `\nStorefront benchmark (${DURATION} s per load, 50 connections, loopback, 2 cores shared with autocannon)`,
  );
  console.log(`  SSR GET / (aviation)            ${fmt(ssr)} req/s   p99 ${ssrRun.latency.p99} ms`);
  console.log(
    `  @fastify/static, same ${fmt(home.text.length / 1024, 1)} KB   ${fmt(baseline)} req/s   → SSR is ${fmt(ssr / baseline, 2)}× (goal ≥ 0.5×)`,
  );
  console.log(
    `  first-load JavaScript           ${fmt(jsGzip / 1024, 1)} KB gzip (goal ≤ 80 KB); CSS ${fmt(cssGzip / 1024, 1)} KB gzip; HTML ${fmt(htmlGzip / 1024, 1)} KB gzip`,
  );
  for (const [pathname, performance, accessibility] of scores)
    console.log(`  Lighthouse ${pathname.padEnd(20)} performance ${performance}, accessibility ${accessibility}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
