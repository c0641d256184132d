/**
 * A shared engine that goes away while servers run: a real server process (`node dist/server/main.js`)
 * on its own official Firestore emulator (BACKLOT_STORE=firestore), which the test then stops.
 * Changes are refused at once with 503, a Retry-After and words that say nothing was saved (not
 * the minute firebase-admin would otherwise spend retrying); the storefront keeps serving the
 * tenant it holds; /api/health says which engine is down.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTenant } from '../../schema/node/loader';
import type { Tenant } from '../../schema/types.generated';
import { PASSWORD, STAFF } from '../helpers/console';
import { startFirestoreEmulator, type RunningEmulator } from '../helpers/firestore-emulator';
import { tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

let emulator: RunningEmulator;
let server: ServerProcess;
let root: string;
let cookie: string;
const projectId = 'backlot-engine-lost';

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { FirestoreTenantStore } = await import('../../server/stores/firestore-tenant-store');
  const app = initializeApp({ projectId }, projectId);
  const seeded = await FirestoreTenantStore.open({ firestore: getFirestore(app), watch: false });
  for (const tenantId of ['aviation', 'platform'])
    await seeded.create(tenantId, (await loadTenant(path.join(tenantsDir, tenantId))).tenant as Tenant, 'seed');
  await seeded.close();
  await deleteApp(app);
  root = await mkdtemp(path.join(tmpdir(), 'backlot-engine-lost-'));
  server = await startServer({
    BACKLOT_STORE: 'firestore',
    FIRESTORE_EMULATOR_HOST: emulator.host,
    GOOGLE_CLOUD_PROJECT: projectId,
    BACKLOT_TENANTS_DIR: tenantsDir,
    BACKLOT_DATA_DIR: root,
    BACKLOT_ADMIN_EMAIL: STAFF,
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  });
  const login = await http(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { origin: server.url },
    body: { email: STAFF, password: PASSWORD },
  });
  expect(login.status, login.text).toBe(200);
  cookie = String(login.headers['set-cookie']).split(';')[0]!;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  emulator?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('Firestore lost while the server runs', () => {
  it('refuses changes at once with 503 and a retry hint, keeps the storefront up, and says so in health', async () => {
    const page = () => http(`${server.url}/pages/credits`, { headers: { host: 'aviation.localhost' } });
    const current = await http(`${server.url}/api/tenants/aviation`, { headers: { cookie } });
    expect(current.status).toBe(200);
    expect((await page()).status).toBe(200);
    expect((await http(`${server.url}/api/health`)).json()).toEqual({
      status: 'ok',
      store: 'firestore',
      engines: { Firestore: 'reachable' },
    });

    emulator.stop();
    await expect
      .poll(async () => (await http(`${server.url}/api/health`)).json().engines, { timeout: 15_000, interval: 500 })
      .toEqual({ Firestore: 'unreachable' });

    const tenant = current.json() as Tenant;
    const started = Date.now();
    const put = await http(`${server.url}/api/tenants/aviation`, {
      method: 'PUT',
      headers: { cookie, origin: server.url, 'if-match': String(current.headers.etag) },
      body: {
        site: { ...tenant.site, appTitle: 'Never Saved' },
        vendor: tenant.vendor,
        categories: tenant.categories,
        pages: tenant.pages,
      },
    });
    expect(put.status, put.text).toBe(503);
    expect(put.headers['retry-after']).toBe('5');
    expect(put.json().message).toBe(
      'The shared database (Firestore) cannot be reached just now: nothing was saved. Try again in a few seconds.',
    );
    // Refused without waiting on firebase-admin's retries (which run for a minute or more).
    expect(Date.now() - started).toBeLessThan(10_000);

    // Visitors keep the storefront as the server last had it.
    const after = await page();
    expect(after.status).toBe(200);
    expect(after.text).toContain('Credits');
    expect(after.text).not.toContain('Never Saved');
    expect(server.log()).toMatch(
      /Firestore at 127\.0\.0\.1:\d+ refused the connection \(is it running\?\): changes are refused \(503\) until it is back/,
    );
  }, 60_000);
});
