/**
 * Server benchmarks (run by `npm run bench`; figures, not assertions). Each server runs in its
 * own process; autocannon runs here, on the same 2 cores, as the goals assume.
 * - GET /api/tenants/aviation (authenticated) vs bare Fastify sending the same 17 KB body in its
 *   own process (goal ≥ 0.8×), and vs bare Fastify hello-world; plus a conditional GET answered 304.
 * - p50/p99 of PUT /api/tenants/aviation, one writer, each with the latest ETag.
 * - 10,000 tenants: start-up time to listening, resident memory, and the cost of a host →
 *   tenant lookup compared with 10 tenants (goals: ≤ 3 s, ≤ 500 MB, independent of the count).
 */
import autocannon from 'autocannon';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileTenantStore } from '../../server/stores/file-tenant-store';
import { generateTenants } from '../helpers/repo-copy';
import { repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer } from '../helpers/server-process';

const ADMIN = { email: 'bench@backlot.example', password: 'a long bench password' };
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration: DURATION, headers });
  if (result.non2xx && !headers['if-none-match']) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result;
}

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-server-'));
try {
  // Baselines.
  const hello = await startServer({}, [process.execPath, path.join(repoRoot, 'tests/bench/bare-fastify.mjs')]);
  const helloRun = await load(`${hello.url}/`);
  await hello.stop();

  await cp(tenantsDir, path.join(scratch, 'tenants'), { recursive: true });
  const env = {
    BACKLOT_TENANTS_DIR: path.join(scratch, 'tenants'),
    BACKLOT_DATA_DIR: path.join(scratch, '.data'),
    BACKLOT_ADMIN_EMAIL: ADMIN.email,
    BACKLOT_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  const backlot = await startServer({ ...env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' });
  const login = await http(`${backlot.url}/api/auth/login`, { method: 'POST', body: ADMIN });
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;
  const tenantUrl = `${backlot.url}/api/tenants/aviation`;
  const first = await http(tenantUrl, { headers: { cookie } });
  const bodyFile = path.join(scratch, 'aviation.json');
  await writeFile(bodyFile, first.text);

  const sameBody = await startServer({ BODY_FILE: bodyFile }, [
    process.execPath,
    path.join(repoRoot, 'tests/bench/bare-fastify.mjs'),
  ]);
  const sameBodyRun = await load(`${sameBody.url}/`);
  await sameBody.stop();

  const getRun = await load(tenantUrl, { cookie });
  const conditionalRun = await load(tenantUrl, { cookie, 'if-none-match': String(first.headers.etag) });

  // PUT latency: one writer, each write based on the version the previous one returned.
  const latencies: number[] = [];
  let etag = String(first.headers.etag);
  const tenant = first.json();
  for (let i = 0; i < 200; i++) {
    tenant.site.appTitle = `Jetway Props ${i}`;
    const started = performance.now();
    const saved = await http(tenantUrl, {
      method: 'PUT',
      headers: { cookie, origin: backlot.url, 'if-match': etag },
      body: tenant,
    });
    latencies.push(performance.now() - started);
    if (saved.status !== 200) throw new Error(`PUT ${saved.status}: ${saved.text}`);
    etag = String(saved.headers.etag);
  }
  await backlot.stop();
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]!;

  // 10,000 tenants.
  const many = path.join(scratch, 'many');
  await generateTenants(path.join(many, 'tenants'), 10_000);
  const spawned = performance.now();
  const big = await startServer({
    BACKLOT_TENANTS_DIR: path.join(many, 'tenants'),
    BACKLOT_DATA_DIR: path.join(many, '.data'),
    BACKLOT_ADMIN_EMAIL: ADMIN.email,
    BACKLOT_ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
  });
  const startMs = performance.now() - spawned;
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${big.child.pid}/status`, 'utf8'))?.[1]);
  const lastHost = await http(`${big.url}/`, { headers: { host: 'www.t10000-props.example' } });
  const bigCookie = String(
    (await http(`${big.url}/api/auth/login`, { method: 'POST', body: ADMIN })).headers['set-cookie'],
  ).split(';')[0]!;
  const timedList = async () => {
    const started = performance.now();
    const list = await http(`${big.url}/api/tenants?range=${encodeURIComponent('[0,24]')}`, {
      headers: { cookie: bigCookie },
    });
    if (list.headers['content-range'] !== 'tenants 0-24/10000')
      throw new Error(`tenants list: ${String(list.headers['content-range'])}`);
    return performance.now() - started;
  };
  const firstListMs = await timedList();
  const laterListMs = await timedList();
  await big.stop();

  const lookupCost = async (count: number) => {
    const dir = path.join(scratch, `lookup-${count}`);
    await generateTenants(path.join(dir, 'tenants'), count);
    const store = await FileTenantStore.open({
      tenantsDir: path.join(dir, 'tenants'),
      dataDir: path.join(dir, '.data'),
    });
    const width = String(count).length;
    const hosts = Array.from(
      { length: 1000 },
      (_, i) => `www.t${String((i % count) + 1).padStart(width, '0')}-props.example`,
    );
    let found = 0;
    const rounds = 2000;
    const started = performance.now();
    for (let r = 0; r < rounds; r++) for (const host of hosts) if (store.tenantForDomain(host)) found++;
    const nsPerLookup = ((performance.now() - started) * 1e6) / (rounds * hosts.length);
    await store.close();
    if (found !== rounds * hosts.length) throw new Error('lookup missed');
    return nsPerLookup;
  };
  const lookup10 = await lookupCost(10);
  const lookup10k = await lookupCost(10_000);

  const rps = (r: autocannon.Result) => r.requests.average;
  const lines = [
    `Server benchmarks (${DURATION} s per load run, 50 connections, autocannon in-process; servers in their own processes)`,
    `  bare Fastify hello-world               ${fmt(rps(helloRun)).padStart(8)} req/s`,
    `  bare Fastify, same 17 KB body          ${fmt(rps(sameBodyRun)).padStart(8)} req/s`,
    `  GET /api/tenants/aviation (session)    ${fmt(rps(getRun)).padStart(8)} req/s  = ${fmt(rps(getRun) / rps(sameBodyRun), 2)}× same-body baseline (goal ≥ 0.8×), ${fmt(rps(getRun) / rps(helloRun), 2)}× hello-world; p99 ${getRun.latency.p99} ms`,
    `  same GET with If-None-Match (304)      ${fmt(rps(conditionalRun)).padStart(8)} req/s  = ${fmt(rps(conditionalRun) / rps(helloRun), 2)}× hello-world`,
    `  PUT /api/tenants/aviation, 200 writes  p50 ${fmt(percentile(50), 1)} ms, p99 ${fmt(percentile(99), 1)} ms`,
    `  10,000 tenants: listening after ${fmt(startMs)} ms (goal ≤ 3,000), RSS ${fmt(rssKb / 1024)} MB (goal ≤ 500); tenant ${lastHost.text.includes('t10000') ? 'resolved' : 'NOT resolved'} by its domain`,
    `  10,000 tenants: GET /api/tenants (first page of 25) ${fmt(firstListMs)} ms the first time, ${fmt(laterListMs)} ms after`,
    `  host → tenant lookup: ${fmt(lookup10, 0)} ns with 10 tenants, ${fmt(lookup10k, 0)} ns with 10,000 (ratio ${fmt(lookup10k / lookup10, 2)})`,
  ];
  console.log(lines.join('\n'));
} finally {
  await rm(scratch, { recursive: true, force: true });
}
