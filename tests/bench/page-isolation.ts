/**
 * Another house's page while one house's long work runs, measured on the built server: London's
 * home page asked by two visitors one request after another, first at rest, then while `work`
 * runs back to back. The figure is the page's p95 during the work as a ratio of its p95 at rest,
 * in the same run (goal ≤ 2×); the work's own time is printed beside it.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { tenantsDir } from '../helpers/paths';
import { startServer } from '../helpers/server-process';
import { fmt, percentile } from './figures';

const EMAIL = 'bench@backlot.example';
const PASSWORD = 'a long enough passphrase';

/**
 * The built server on a copy of the shipped tenants, in a scratch folder, with platform staff
 * signed in: `prepare` fills its data folder first (a house's invoices …). Stopped and removed after `run`.
 */
export async function withStaffServer(
  name: string,
  prepare: (dataDir: string) => Promise<void>,
  run: (server: { url: string; cookie: string }) => Promise<void>,
): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), `backlot-${name}-`));
  await cp(tenantsDir, path.join(scratch, 'tenants'), { recursive: true });
  await mkdir(path.join(scratch, '.data'), { recursive: true });
  await prepare(path.join(scratch, '.data'));
  const server = await startServer({
    BACKLOT_TENANTS_DIR: path.join(scratch, 'tenants'),
    BACKLOT_DATA_DIR: path.join(scratch, '.data'),
    BACKLOT_ADMIN_EMAIL: EMAIL,
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    await run({ url: server.url, cookie: String(login.headers.get('set-cookie')).split(';')[0]! });
  } finally {
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function pageWhileWorking(options: {
  url: string;
  work: () => Promise<void>;
  works: number;
  requests: number;
  said: string;
}): Promise<void> {
  const { url, work, works, requests, said } = options;
  /** The page, by two visitors one request after another, until `enough`: each answer's time. */
  const pageTimes = async (enough: (times: number[]) => boolean) => {
    const times: number[] = [];
    const visitor = async () => {
      while (!enough(times)) {
        const started = performance.now();
        const page = await fetch(`${url}/`, { headers: { host: 'london.localhost' } });
        await page.text();
        if (page.status !== 200) throw new Error(`London's page answered ${page.status}`);
        times.push(performance.now() - started);
      }
    };
    await Promise.all([visitor(), visitor()]);
    return times;
  };
  const timed = async () => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  await pageTimes((times) => times.length >= 100); // warm: the page cache, the connection
  await timed(); // warm: whatever the work starts once
  const atRest = await pageTimes((times) => times.length >= requests);
  let working = true;
  const done: number[] = [];
  const worker = (async () => {
    while (working) done.push(await timed());
  })();
  // The page asked for as long as `works` runs take, and at least `requests` times.
  const during = await pageTimes((times) => done.length >= works && times.length >= requests);
  working = false;
  await worker;
  console.log(
    `Another house's page (London's home), asked by two visitors one request after another, while ${said} back to back:`,
  );
  console.log(
    `  at rest        p50 ${fmt(percentile(atRest, 50))} ms, p95 ${fmt(percentile(atRest, 95))} ms (${atRest.length} pages)`,
  );
  console.log(
    `  during         p50 ${fmt(percentile(during, 50))} ms, p95 ${fmt(percentile(during, 95))} ms (${during.length} pages over ${done.length} runs, each ${fmt(percentile(done, 50), 0)} ms at the median)`,
  );
  console.log(`  p95 ratio      ${fmt(percentile(during, 95) / percentile(atRest, 95))}× (goal ≤ 2×)`);
}
