/**
 * What the shared engines cost a request (run by `npm run bench`; figures, not assertions): one
 * server on the embedded stores (tenant files, SQLite) against one on the shared ones (Google's
 * official Firestore emulator for tenants and the catalogue, a throwaway PostgreSQL 15 for
 * accounts and sessions), in the same run, on loopback. For each, p50 and p99 of:
 * a whole-tenant GET, a whole-tenant PUT (each on the version the last one made), a console login,
 * and a signed-in visitor's account page. The emulator is slower than Firestore's servers and
 * shares the machine, so the ratio says what a round trip to a shared engine costs here, no more.
 * Then each store is given a 10,000-item catalogue, and a server is started on each: how long
 * until it listens (it loads every item into its search index first), and its memory then.
 */
process.env.METADATA_SERVER_DETECTION = 'none';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { loadTenant } from '../../schema/node/loader';
import type { Item } from '../../schema/types.generated';
import type { Tenant } from '../../schema/types.generated';
import { startFirestoreEmulator } from '../helpers/firestore-emulator';
import { tenantsDir } from '../helpers/paths';
import { startPostgres } from '../helpers/postgres';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const CATALOGUE_SIZE = 10_000;
const EMAIL = 'staff@backlot.example';
const PASSWORD = 'correct horse battery staple';
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function timed(
  runs: number,
  request: (n: number) => Promise<{ status: number }>,
  expected = 200,
): Promise<number[]> {
  const times: number[] = [];
  for (let n = 0; n < runs; n++) {
    const started = performance.now();
    const answer = await request(n);
    times.push(performance.now() - started);
    if (answer.status !== expected) throw new Error(`run ${n}: answered ${answer.status}`);
  }
  return times;
}

async function measure(server: ServerProcess) {
  const login = () =>
    http(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: server.url },
      body: { email: EMAIL, password: PASSWORD },
    });
  const first = await login();
  const cookie = String(first.headers['set-cookie']).split(';')[0]!;
  const get = await timed(RUNS, () => http(`${server.url}/api/tenants/aviation`, { headers: { cookie } }));
  let current = await http(`${server.url}/api/tenants/aviation`, { headers: { cookie } });
  const put = await timed(Math.ceil(RUNS / 2), async (n) => {
    const tenant = current.json() as Tenant;
    const answer = await http(`${server.url}/api/tenants/aviation`, {
      method: 'PUT',
      headers: { cookie, origin: server.url, 'if-match': String(current.headers.etag) },
      body: {
        site: { ...tenant.site, appTitle: `Bench ${n}` },
        vendor: tenant.vendor,
        categories: tenant.categories,
        pages: tenant.pages,
      },
    });
    if (answer.status === 200) current = answer;
    return answer;
  });
  const logins = await timed(Math.ceil(RUNS / 3), login);
  const host = 'aviation.localhost';
  const { token } = (
    await http(`${server.url}/api/identity/bot-check?action=signup`, { headers: { host } })
  ).json() as { token: string };
  const signup = await http(`${server.url}/api/identity/signup`, {
    method: 'POST',
    headers: { host, origin: `http://${host}` },
    body: { email: 'bench@studio.example', password: PASSWORD, botCheckToken: token },
  });
  const visitor = [signup.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => String(line).split(';')[0])
    .join('; ');
  const account = await timed(RUNS, () =>
    http(`${server.url}/api/identity/session`, { headers: { host, cookie: visitor } }),
  );
  return { 'tenant GET': get, 'tenant PUT': put, 'console login': logins, 'visitor session': account };
}

const scratch = await mkdtemp(path.join(tmpdir(), 'backlot-bench-shared-'));
const emulator = await startFirestoreEmulator();
const postgres = await startPostgres();
const servers: ServerProcess[] = [];
try {
  for (const tenant of ['aviation', 'platform'])
    await cp(path.join(tenantsDir, tenant), path.join(scratch, 'tenants', tenant), { recursive: true });
  const projectId = 'backlot-bench';
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { FirestoreTenantStore } = await import('../../server/stores/firestore-tenant-store');
  const app = initializeApp({ projectId }, 'bench-seed');
  const seeded = await FirestoreTenantStore.open({ firestore: getFirestore(app), watch: false });
  for (const tenantId of ['aviation', 'platform'])
    await seeded.create(tenantId, (await loadTenant(path.join(tenantsDir, tenantId))).tenant as Tenant, 'seed');
  await seeded.close();
  await deleteApp(app);

  const common = {
    BACKLOT_TENANTS_DIR: path.join(scratch, 'tenants'),
    BACKLOT_ADMIN_EMAIL: EMAIL,
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
    BACKLOT_SIGN_INS_PER_MINUTE: '100000',
  };
  const embeddedEnv = { ...common, BACKLOT_DATA_DIR: path.join(scratch, 'data-embedded') };
  const sharedEnv = {
    ...common,
    BACKLOT_DATA_DIR: path.join(scratch, 'data-shared'),
    BACKLOT_STORE: 'firestore',
    FIRESTORE_EMULATOR_HOST: emulator.host,
    GOOGLE_CLOUD_PROJECT: projectId,
    BACKLOT_DATABASE_URL: postgres.url,
  };
  const embedded = await startServer(embeddedEnv);
  servers.push(embedded);
  const shared = await startServer(sharedEnv);
  servers.push(shared);
  const [base, engines] = [await measure(embedded), await measure(shared)];
  console.log(`\nShared engines vs embedded stores, ${RUNS} runs each (ms; ratio = shared / embedded, p50)`);
  console.log('| request | embedded p50 | embedded p99 | shared p50 | shared p99 | ratio |\n|---|---|---|---|---|---|');
  for (const name of Object.keys(base) as Array<keyof typeof base>) {
    const [b50, b99, s50, s99] = [
      percentile(base[name], 50),
      percentile(base[name], 99),
      percentile(engines[name], 50),
      percentile(engines[name], 99),
    ];
    console.log(
      `| ${name} | ${b50.toFixed(1)} | ${b99.toFixed(1)} | ${s50.toFixed(1)} | ${s99.toFixed(1)} | ${(s50 / b50).toFixed(1)}× |`,
    );
  }
  await Promise.all(servers.splice(0).map((server) => server.stop()));

  // A 10,000-item catalogue in each store: the sample one, repeated under new ids.
  const sample = (
    JSON.parse(await readFile(path.join(tenantsDir, 'aviation', 'catalogue.json'), 'utf8')) as { items: Item[] }
  ).items;
  const many = Array.from({ length: CATALOGUE_SIZE }, (_, n) => ({
    ...sample[n % sample.length]!,
    objectID: `${sample[n % sample.length]!.objectID}-${Math.floor(n / sample.length)}`,
  }));
  const { SqliteItemStore } = await import('../../server/stores/sqlite-item-store');
  const { FirestoreItemStore } = await import('../../server/stores/firestore-item-store');
  const sqlite = new SqliteItemStore(path.join(scratch, 'data-embedded', 'items.sqlite'));
  await sqlite.putMany('aviation', many);
  await sqlite.close();
  const itemsApp = initializeApp({ projectId }, 'bench-items');
  const firestoreItems = new FirestoreItemStore(getFirestore(itemsApp), { onClose: () => deleteApp(itemsApp) });
  await firestoreItems.putMany('aviation', many);
  await firestoreItems.close();
  const started = async (env: Record<string, string>) => {
    const begun = performance.now();
    const server = await startServer(env);
    const ms = performance.now() - begun;
    servers.push(server);
    // The process's resident memory once listening (the server is node itself, not a wrapper).
    const rss =
      Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024;
    return { ms, rss };
  };
  const startEmbedded = await started(embeddedEnv);
  const startShared = await started(sharedEnv);
  console.log(`\nStart with ${CATALOGUE_SIZE.toLocaleString('en')} items (spawn to listening; resident memory then)`);
  console.log('| store | start (ms) | memory (MB) |\n|---|---|---|');
  console.log(`| embedded (SQLite) | ${startEmbedded.ms.toFixed(0)} | ${startEmbedded.rss.toFixed(0)} |`);
  console.log(
    `| shared (Firestore emulator, PostgreSQL) | ${startShared.ms.toFixed(0)} | ${startShared.rss.toFixed(0)} |`,
  );
  console.log(
    `ratio shared / embedded: start ${(startShared.ms / startEmbedded.ms).toFixed(1)}×, memory ${(startShared.rss / startEmbedded.rss).toFixed(1)}×`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres.stop();
  emulator.stop();
  await rm(scratch, { recursive: true, force: true });
}
