/**
 * Identity benchmarks (run by `npm run bench`; figures, not assertions), against the built server
 * on loopback, same run:
 * - sign-up and login latency, p50 and p99, one at a time and eight at once, beside GET
 *   /api/health in the same run (the ratio is the figure). Passwords are hashed by better-auth:
 *   scrypt with N=16384, r=16, p=1, 64-byte key (32 MiB per hash), in libuv's thread pool; the
 *   raw hash alone is timed too.
 * - 1,000 open live profile subscriptions (server-sent events): the server's resident memory
 *   before and after they open, its CPU time while they sit idle for IDLE_MS, and how long one
 *   profile change takes to reach all of them.
 */
import { scrypt } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tenantsDir } from '../helpers/paths';
import { startServer } from '../helpers/server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1000);
const IDLE_MS = 10_000;
const PASSWORD = 'correct horse battery staple';
const HOST = 'aviation.localhost';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

function call(port: number, method: string, pathname: string, body?: object, cookie?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        agent: false,
        headers: {
          host: `${HOST}:${port}`,
          origin: `http://${HOST}:${port}`,
          ...(payload && { 'content-type': 'application/json' }),
          ...(cookie && { cookie }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: text,
            cookies: [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]!),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function timed(work: () => Promise<Answer>, expected: number): Promise<number> {
  const started = performance.now();
  const answer = await work();
  const elapsed = performance.now() - started;
  if (answer.status !== expected)
    throw new Error(`expected ${expected}, got ${answer.status}: ${answer.body.slice(0, 200)}`);
  return elapsed;
}

/** Runs `work(i)` for i < runs, `concurrency` at a time; the latency of each. */
async function latencies(runs: number, concurrency: number, work: (i: number) => Promise<number>): Promise<number[]> {
  const results: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < runs) results.push(await work(next++));
    }),
  );
  return results;
}

/** The process's resident memory (kB) and CPU time (ms), from /proc. */
async function usage(pid: number): Promise<{ rssKb: number; cpuMs: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime + stime, in clock ticks (100 per second here)
  return { rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)![1]), cpuMs: ticks * 10 };
}

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-identity-'));
try {
  for (const tenant of ['aviation', 'platform'])
    await cp(path.join(tenantsDir, tenant), path.join(scratch, 'tenants', tenant), { recursive: true });
  const server = await startServer({
    BACKLOT_TENANTS_DIR: path.join(scratch, 'tenants'),
    BACKLOT_DATA_DIR: path.join(scratch, '.data'),
    BACKLOT_ADMIN_EMAIL: 'staff@backlot.example',
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
    BACKLOT_SIGN_INS_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  });
  const { port } = server;
  const pid = server.child.pid!;
  try {
    const token = async () =>
      JSON.parse((await call(port, 'GET', '/api/identity/bot-check?action=signup')).body).token as string;
    const signUp = async (email: string) => {
      const botCheckToken = await token();
      return timed(() => call(port, 'POST', '/api/identity/signup', { email, password: PASSWORD, botCheckToken }), 201);
    };
    // Warm up: the first requests load code and open files.
    for (let i = 0; i < 5; i++) await signUp(`warm${i}@studio.example`);

    const health = await latencies(RUNS, 1, () => timed(() => call(port, 'GET', '/api/health'), 200));
    const signUps = await latencies(RUNS, 1, (i) => signUp(`seq${i}@studio.example`));
    const signUps8 = await latencies(RUNS, 8, (i) => signUp(`par${i}@studio.example`));
    const logins = await latencies(RUNS, 1, (i) =>
      timed(
        () => call(port, 'POST', '/api/identity/login', { email: `seq${i}@studio.example`, password: PASSWORD }),
        200,
      ),
    );
    const logins8 = await latencies(RUNS, 8, (i) =>
      timed(
        () => call(port, 'POST', '/api/identity/login', { email: `par${i}@studio.example`, password: PASSWORD }),
        200,
      ),
    );
    const hashes = await latencies(20, 1, async () => {
      const started = performance.now();
      await new Promise((resolve, reject) =>
        scrypt(
          PASSWORD,
          'a-16-byte-salt!!',
          64,
          { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 },
          (error, key) => (error ? reject(error) : resolve(key)),
        ),
      );
      return performance.now() - started;
    });

    const base = percentile(health, 50);
    const row = (name: string, values: number[]) =>
      console.log(
        `${name.padEnd(34)} p50 ${ms(percentile(values, 50)).padStart(10)}  p99 ${ms(percentile(values, 99)).padStart(10)}  p50 = ${(percentile(values, 50) / base).toFixed(0)}× /api/health`,
      );
    console.log(`\nIdentity latency (${RUNS} each, loopback; passwords: scrypt N=16384 r=16 p=1, 64-byte key)`);
    row('GET /api/health (baseline)', health);
    row('sign-up, one at a time', signUps);
    row('sign-up, 8 at once', signUps8);
    row('login, one at a time', logins);
    row('login, 8 at once', logins8);
    row('scrypt hash alone (in this process)', hashes);

    // 1,000 live subscriptions: one visitor's profile, followed from SUBSCRIPTIONS connections.
    const visitor = await call(port, 'POST', '/api/identity/signup', {
      email: 'live@studio.example',
      password: PASSWORD,
      botCheckToken: await token(),
    });
    const { uid } = JSON.parse(visitor.body) as { uid: string };
    const cookie = visitor.cookies.join('; ');
    const before = await usage(pid);
    const streams: IncomingMessage[] = [];
    const heard: Array<Promise<number>> = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const stream = await new Promise<IncomingMessage>((resolve, reject) =>
        request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/identity/events',
            agent: false,
            headers: { host: `${HOST}:${port}`, cookie },
          },
          resolve,
        )
          .on('error', reject)
          .end(),
      );
      if (stream.statusCode !== 200) throw new Error(`subscription ${i} answered ${stream.statusCode}`);
      stream.setEncoding('utf8');
      streams.push(stream);
      heard.push(
        new Promise((resolve) => {
          const onData = (chunk: string) => {
            if (!chunk.includes('"isAuthorized":true')) return;
            stream.off('data', onData);
            resolve(performance.now());
          };
          stream.on('data', onData);
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const opened = await usage(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = await usage(pid);

    const staff = await call(port, 'POST', '/api/auth/login', { email: 'staff@backlot.example', password: PASSWORD });
    const changed = performance.now();
    const approve = await call(
      port,
      'PUT',
      `/api/tenants/aviation/users/${uid}`,
      { isAuthorized: true },
      staff.cookies.join('; '),
    );
    if (approve.status !== 200) throw new Error(`approval answered ${approve.status}`);
    const arrivals = (await Promise.all(heard)).map((at) => at - changed);
    for (const stream of streams) stream.destroy();

    console.log(`\n${SUBSCRIPTIONS} open live profile subscriptions (server-sent events), server process`);
    console.log(
      `resident memory: ${(before.rssKb / 1024).toFixed(1)} MB before, ${(opened.rssKb / 1024).toFixed(1)} MB with them open: ${(((opened.rssKb - before.rssKb) * 1024) / SUBSCRIPTIONS / 1024).toFixed(1)} KB each`,
    );
    console.log(
      `CPU while idle for ${IDLE_MS / 1000} s: ${idle.cpuMs - opened.cpuMs} ms (${(((idle.cpuMs - opened.cpuMs) / IDLE_MS) * 100).toFixed(2)}% of one core)`,
    );
    console.log(
      `one profile change reaches all of them in ${ms(Math.max(...arrivals))} (p50 ${ms(percentile(arrivals, 50))}), approval request included`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
