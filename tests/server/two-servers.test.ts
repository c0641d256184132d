/**
 * Two real server processes behind one address, as a load balancer runs them: the same Firestore
 * (Google's official emulator, a project of this test's own: BACKLOT_STORE=firestore) and the same
 * PostgreSQL for accounts and sessions (BACKLOT_DATABASE_URL), their own data folders and ports.
 * Requests alternate between them: a session made on A works on B; forty concurrent whole-tenant
 * PUTs with one If-Match, split across both, let exactly one through and keep one history entry; a
 * change saved through A is on B's storefront; an item edited through A is found by search on B
 * (its index follows Firestore) and its page there shows it; a visitor signed up through A is signed
 * in on B, and forty set-list additions across both keep the counters exact; an image uploaded
 * through A is served by B alike (one disk); two restores of one history entry at
 * once, one on each, let one through; and A killed (SIGKILL) in a burst of writes: B serves on,
 * holding every write A acknowledged.
 */
import { emulatorHost, emulatorReady } from '../helpers/firestore';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../schema/node/loader';
import type { Tenant } from '../../schema/types.generated';
import { PASSWORD, STAFF } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

const { initializeApp, deleteApp } = await import('firebase-admin/app');
const { getFirestore } = await import('firebase-admin/firestore');
const { FirestoreTenantStore } = await import('../../server/stores/firestore-tenant-store');

const projectId = `backlot-two-servers-${Date.now().toString(36)}`;
let postgres: TestPostgres;
let root: string;
let a: ServerProcess;
let b: ServerProcess;
let cookie: string;

beforeAll(async () => {
  await emulatorReady();
  // The tenants, pushed into this project's Firestore as `backlot push` would.
  const app = initializeApp({ projectId }, projectId);
  const seeded = await FirestoreTenantStore.open({ firestore: getFirestore(app), watch: false });
  for (const tenantId of ['aviation', 'platform']) await seeded.create(tenantId, (await loadTenant(path.join(tenantsDir, tenantId))).tenant as Tenant, 'seed');
  await seeded.close();
  await deleteApp(app);
  postgres = await startPostgres();
  root = await mkdtemp(path.join(tmpdir(), 'backlot-two-'));
  for (const tenant of ['aviation', 'platform']) await cp(path.join(tenantsDir, tenant), path.join(root, 'tenants', tenant), { recursive: true });
  const env = (name: string) => ({
    BACKLOT_STORE: 'firestore',
    FIRESTORE_EMULATOR_HOST: emulatorHost,
    GOOGLE_CLOUD_PROJECT: projectId,
    BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
    BACKLOT_DATA_DIR: path.join(root, `data-${name}`),
    BACKLOT_DATABASE_URL: postgres.url,
    BACKLOT_ADMIN_EMAIL: STAFF,
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });
  [a, b] = await Promise.all([startServer(env('a')), startServer(env('b'))]);
  const login = await http(`${a.url}/api/auth/login`, { method: 'POST', headers: { origin: a.url }, body: { email: STAFF, password: PASSWORD } });
  expect(login.status, login.text).toBe(200);
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
}, 120_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((server) => server.stop()));
  await postgres?.stop();
  if (root) await rm(root, { recursive: true, force: true });
  await fetch(`http://${emulatorHost}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' }).catch(() => undefined);
});

const servers = () => [a, b] as const;
/** A console request on server `n % 2`, as a load balancer would send it. */
const on = (n: number, pathname: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) => {
  const server = servers()[n % 2]!;
  return http(`${server.url}${pathname}`, { ...options, headers: { cookie, ...(options.method && options.method !== 'GET' && { origin: server.url }), ...options.headers } });
};

describe('two servers on one Firestore and one PostgreSQL', () => {
  it('keeps a console session made on A on B', async () => {
    expect((await on(1, '/api/auth/me')).json()).toMatchObject({ email: STAFF });
  });

  it('lets exactly one of forty concurrent whole-tenant PUTs with one If-Match through, and keeps one history entry', async () => {
    const current = await on(0, '/api/tenants/aviation');
    const version = String(current.headers.etag);
    const tenant = current.json() as Tenant & { id?: string; version?: string };
    const historyBefore = Number(String((await on(1, '/api/tenants/aviation/history')).headers['content-range']).split('/')[1]);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => on(n, '/api/tenants/aviation', { method: 'PUT', headers: { 'if-match': version }, body: { site: { ...tenant.site, appTitle: `Jetway Race ${n}` }, vendor: tenant.vendor, categories: tenant.categories, pages: tenant.pages } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200), JSON.stringify(answers.filter((x) => x.status !== 412 && x.status !== 200).map((x) => x.text))).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(39);
    const winner = answers.find((answer) => answer.status === 200)!.json().site.appTitle as string;
    const historyAfter = Number(String((await on(0, '/api/tenants/aviation/history')).headers['content-range']).split('/')[1]);
    expect(historyAfter).toBe(historyBefore + 1);
    // The change saved on one is what both serve.
    for (const server of servers()) {
      await expect.poll(async () => (await http(`${server.url}/pages/credits`, { headers: { host: 'aviation.localhost' } })).text).toContain(`<title>Credits | ${winner}</title>`);
    }
  });

  it('finds an item edited through A in search on B, and shows the change on its page on B', async () => {
    const [first] = (await on(0, '/api/tenants/aviation/items?range=[0,0]&sort=["name","ASC"]')).json() as Array<{ id: string }>;
    const item = await on(0, `/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`);
    const edited = await on(0, `/api/tenants/aviation/items/${encodeURIComponent(first!.id)}`, {
      method: 'PUT',
      headers: { 'if-match': String(item.headers.etag) },
      body: { ...(item.json() as object), name: 'Zeppelinfold Galley Trolley', updatedAt: new Date().toISOString() },
    });
    expect(edited.status, edited.text).toBe(200);
    const onB = (pathname: string) => http(`${b.url}${pathname}`, { headers: { host: 'aviation.localhost' } }).then((answer) => answer.text);
    await expect.poll(() => onB('/search?q=zeppelinfold')).toContain(`href="/item/${encodeURIComponent(first!.id)}"`);
    expect(await onB(`/item/${encodeURIComponent(first!.id)}`)).toContain('Zeppelinfold Galley Trolley');
  });

  it("keeps a visitor signed up through A signed in on B, with the profile both servers share", async () => {
    const visitor = (server: ServerProcess, pathname: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
      http(`${server.url}${pathname}`, { ...options, headers: { host: 'aviation.localhost', ...(options.method && options.method !== 'GET' && { origin: 'http://aviation.localhost' }), ...options.headers } });
    const { token } = (await visitor(a, '/api/identity/bot-check?action=signup')).json() as { token: string };
    const signup = await visitor(a, '/api/identity/signup', { method: 'POST', body: { email: 'dana@studio.example', password: PASSWORD, botCheckToken: token } });
    expect(signup.status, signup.text).toBe(201);
    const session = [signup.headers['set-cookie'] ?? []].flat().map((line) => String(line).split(';')[0]).join('; ');
    const onB = (await visitor(b, '/api/identity/session', { headers: { cookie: session } })).json();
    expect(onB).toMatchObject({ status: 'authenticated', email: 'dana@studio.example', profile: { vendorId: 'aviation' } });

    // Forty line additions to one set list at once, split across both servers: the counters stay exact.
    const list = (await visitor(a, '/api/set-lists', { method: 'POST', headers: { cookie: session }, body: { name: 'Two-server cabin' } })).json() as { id: string };
    const items = (await on(0, '/api/tenants/aviation/items?range=[0,39]&sort=["name","ASC"]')).json() as Array<{ id: string }>;
    expect(items).toHaveLength(40);
    const added = await Promise.all(
      items.map((entry, n) =>
        visitor(n % 2 ? b : a, `/api/set-lists/${list.id}/lines/${encodeURIComponent(entry.id)}`, { method: 'PUT', headers: { cookie: session }, body: { quantity: 1 } }),
      ),
    );
    expect(added.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    const profile = (await visitor(b, '/api/identity/session', { headers: { cookie: session } })).json().profile;
    expect(profile.stats).toMatchObject({ setListCount: 1, setListItemCount: 40 });
    expect((await visitor(a, `/api/set-lists/${list.id}`, { headers: { cookie: session } })).json().lines).toHaveLength(40);
  });

  it('serves an image uploaded through A from B, byte for byte, with the same headers (a shared disk for files)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><rect width="40" height="10" fill="#123"/></svg>';
    const uploaded = await on(0, '/api/tenants/aviation/assets/two-servers.svg', { method: 'PUT', body: { data: Buffer.from(svg).toString('base64') } });
    expect(uploaded.status, uploaded.text).toBe(200);
    const get = (server: ServerProcess) => http(`${server.url}/assets/aviation/two-servers.svg`, { headers: { host: 'aviation.localhost' } });
    await expect.poll(async () => (await get(b)).status).toBe(200);
    const [fromA, fromB] = [await get(a), await get(b)];
    expect(fromB.text).toBe(svg);
    for (const header of ['etag', 'content-type', 'cache-control', 'content-security-policy']) expect(fromB.headers[header], header).toBe(fromA.headers[header]);
  });

  it('lets one of two restores of the same history entry, one on each server, through; the other is told it is stale', async () => {
    const { etag } = (await on(0, '/api/tenants/aviation/history')).headers;
    const restores = await Promise.all([0, 1].map((n) => on(n, '/api/tenants/aviation/history/1/restore', { method: 'POST', headers: { 'if-match': String(etag) } })));
    expect(restores.map((answer) => answer.status).sort()).toEqual([200, 412]);
  });

  it('keeps serving from B when A is killed in the middle of a burst of writes, and keeps every write A acknowledged', async () => {
    // Last: A does not come back. Writes to the tenant, one after another through A, while A is killed.
    const acknowledged: string[] = [];
    let current = await on(0, '/api/tenants/aviation');
    const burst = (async () => {
      for (let n = 0; n < 200; n++) {
        const tenant = current.json() as Tenant;
        const title = `Jetway Burst ${n}`;
        const answer = await http(`${a.url}/api/tenants/aviation`, { method: 'PUT', headers: { cookie, origin: a.url, 'if-match': String(current.headers.etag) }, body: { site: { ...tenant.site, appTitle: title }, vendor: tenant.vendor, categories: tenant.categories, pages: tenant.pages } }).catch(() => undefined);
        if (!answer) return;
        if (answer.status === 200) {
          acknowledged.push(title);
          current = answer;
        }
      }
    })();
    await expect.poll(() => acknowledged.length).toBeGreaterThanOrEqual(5);
    process.kill(-a.child.pid!, 'SIGKILL');
    await burst;
    const onB = await on(1, '/api/tenants/aviation');
    expect(onB.status).toBe(200);
    // No acknowledged write is lost: B holds the last one A acknowledged, or the one in flight when A
    // died (committed, its answer never sent), never an earlier one.
    const burstNumber = (title: string) => Number(/^Jetway Burst (\d+)$/.exec(title)?.[1]);
    expect(burstNumber(onB.json().site.appTitle)).toBeGreaterThanOrEqual(burstNumber(acknowledged.at(-1)!));
    const history = (await on(1, '/api/tenants/aviation/history?range=[0,499]')).json() as Array<{ version: string }>;
    expect(history.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect((await http(`${b.url}/`, { headers: { host: 'aviation.localhost' } })).status).toBe(200);
  });
});
