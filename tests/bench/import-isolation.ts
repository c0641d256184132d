/**
 * One house's import never stalls another's pages (issue 50), measured on the built server (what
 * `npm start` runs): another house's storefront page (London's home page), asked again and again by
 * two visitors, first at rest, then while Jetway checks 60,000-row sheets back to back (each read,
 * mapped and planned in a worker thread). The figure is the page's p95 during the checks as a
 * ratio of its p95 at rest, in the same run (goal ≤ 2×); the checks' own time is printed beside it.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { tenantsDir } from '../helpers/paths';
import { startServer } from '../helpers/server-process';
import { fmt, percentile } from './figures';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CHECKS = 5;
const ROWS = 60_000;
const EMAIL = 'bench@backlot.example';
const PASSWORD = 'a long enough passphrase';

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-import-isolation-'));
await cp(tenantsDir, path.join(scratch, 'tenants'), { recursive: true });
const server = await startServer({
  BACKLOT_TENANTS_DIR: path.join(scratch, 'tenants'),
  BACKLOT_DATA_DIR: path.join(scratch, '.data'),
  BACKLOT_ADMIN_EMAIL: EMAIL,
  BACKLOT_ADMIN_PASSWORD: PASSWORD,
  LOG_LEVEL: 'warn',
});
try {
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  const cookie = String(login.headers.get('set-cookie')).split(';')[0]!;
  const lines = ['Name,Category,Day rate'];
  for (let row = 0; row < ROWS; row += 1) lines.push(`Thing ${row},${['Galley', 'Practicals', 'Economy', 'Whatever'][row % 4]},${row % 50}`);
  const sheet = Buffer.from(lines.join('\n'));
  const body = JSON.stringify({ fileName: 'stock.csv', data: sheet.toString('base64') });

  /** Another house's page, by two visitors one request after another, until `enough`: each answer's time. */
  const pageTimes = async (enough: (times: number[]) => boolean) => {
    const times: number[] = [];
    const visitor = async () => {
      while (!enough(times)) {
        const started = performance.now();
        const page = await fetch(`${server.url}/`, { headers: { host: 'london.localhost' } });
        await page.text();
        if (page.status !== 200) throw new Error(`London's page answered ${page.status}`);
        times.push(performance.now() - started);
      }
    };
    await Promise.all([visitor(), visitor()]);
    return times;
  };
  const checkOnce = async () => {
    const started = performance.now();
    const answer = await fetch(`${server.url}/api/tenants/aviation/items/import/check`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: server.url }, body });
    // Read, not parsed: parsing its 7 MB here would stall this process's own timing of the page.
    const report = await answer.text();
    if (answer.status !== 200 || !report.includes(`"rows":${ROWS},`)) throw new Error(`the check answered ${answer.status}`);
    return performance.now() - started;
  };

  await pageTimes((times) => times.length >= 100); // warm: the page cache, the connection
  await checkOnce(); // warm: the worker thread and its validators
  const atRest = await pageTimes((times) => times.length >= REQUESTS);
  let checking = true;
  const checks: number[] = [];
  const checker = (async () => {
    while (checking) checks.push(await checkOnce());
  })();
  // The page asked for as long as CHECKS checks take, and at least REQUESTS times.
  const during = await pageTimes((times) => checks.length >= CHECKS && times.length >= REQUESTS);
  checking = false;
  await checker;

  console.log(
    `Another house's page (London's home), asked by two visitors one request after another, while Jetway checks ${ROWS.toLocaleString('en-US')}-row sheets (${fmt(sheet.length / 1024 / 1024, 1)} MB) back to back:`,
  );
  console.log(`  at rest        p50 ${fmt(percentile(atRest, 50))} ms, p95 ${fmt(percentile(atRest, 95))} ms (${atRest.length} pages)`);
  console.log(
    `  during checks  p50 ${fmt(percentile(during, 50))} ms, p95 ${fmt(percentile(during, 95))} ms (${during.length} pages over ${checks.length} checks, each ${fmt(percentile(checks, 50), 0)} ms at the median)`,
  );
  console.log(`  p95 ratio      ${fmt(percentile(during, 95) / percentile(atRest, 95))}× (goal ≤ 2×)`);
} finally {
  await server.stop();
  await rm(scratch, { recursive: true, force: true });
}
