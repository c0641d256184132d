/**
 * The real server process over HTTP on 127.0.0.1: start-up on its defaults, tenant by Host,
 * concurrent writes, and a SIGKILL in the middle of a burst of writes.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTenant, loadTenants } from '../../schema/node/loader';
import { FileTenantStore } from '../../server/stores/file-tenant-store';
import { backlot } from '../helpers/cli';
import { acmeDir, repoRoot, tenantsDir } from '../helpers/paths';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

const ADMIN = { email: 'boss@backlot.example', password: 'a long enough password' };
let root: string;
let server: ServerProcess | undefined;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-process-'));
  await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'tenants/aviation'), { recursive: true });
  await cp(path.join(tenantsDir, 'platform'), path.join(root, 'tenants/platform'), { recursive: true });
  await cp(acmeDir, path.join(root, 'tenants/acme'), { recursive: true });
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await rm(root, { recursive: true, force: true });
});

const env = () => ({
  BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
  BACKLOT_DATA_DIR: path.join(root, '.data'),
  BACKLOT_ADMIN_EMAIL: ADMIN.email,
  BACKLOT_ADMIN_PASSWORD: ADMIN.password,
});

async function login(url: string): Promise<Record<string, string>> {
  const response = await http(`${url}/api/auth/login`, { method: 'POST', body: ADMIN });
  expect(response.status).toBe(200);
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  return { cookie, origin: url };
}

describe('the server process', () => {
  it('starts with `npm start` on its embedded defaults, creates the first admin, and answers health', async () => {
    server = await startServer(env(), ['npm', 'start', '--silent']);
    expect((await http(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', store: 'file' });
    expect(server.log()).toContain('created the first platform account');
    expect(await login(server.url)).toHaveProperty('cookie');
  });

  it('says plainly when its port is taken, without a stack trace', async () => {
    server = await startServer(env());
    const { spawnSync } = await import('node:child_process');
    const second = spawnSync(process.execPath, [path.join(import.meta.dirname, '../../dist/server/main.js')], {
      env: {
        ...process.env,
        ...env(),
        METADATA_SERVER_DETECTION: 'none',
        PORT: String(server.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `Backlot could not start: port ${server.port} is already in use; stop the other server or set PORT`,
    );
    expect(second.stderr).not.toMatch(/\n\s+at /);
  });

  it('says plainly what is missing for BACKLOT_STORE=firestore, or a bad setting', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = (extra: Record<string, string>) =>
      spawnSync(process.execPath, [path.join(import.meta.dirname, '../../dist/server/main.js')], {
        env: {
          PATH: process.env.PATH!,
          HOME: process.env.HOME!,
          ...env(),
          METADATA_SERVER_DETECTION: 'none',
          PORT: '0',
          HOST: '127.0.0.1',
          ...extra,
        },
        encoding: 'utf8',
        timeout: 20_000,
      });
    const firestore = run({ BACKLOT_STORE: 'firestore' });
    expect(firestore.status).toBe(1);
    expect(firestore.stderr).toContain(
      'Backlot could not start: BACKLOT_STORE=firestore, but no Firestore to talk to: set FIRESTORE_EMULATOR_HOST',
    );
    const store = run({ BACKLOT_STORE: 'postgres' });
    expect(store.stderr).toContain(
      'Backlot could not start: BACKLOT_STORE must be "file" or "firestore", not "postgres"',
    );
    const port = run({ PORT: 'eighty' });
    expect(port.stderr).toContain('Backlot could not start: PORT must be a port number, not "eighty"');
    const identity = run({ BACKLOT_IDENTITY: 'auth0' });
    expect(identity.stderr).toContain(
      'Backlot could not start: BACKLOT_IDENTITY must be "local" or "firebase", not "auth0"',
    );
    const firebase = run({ BACKLOT_IDENTITY: 'firebase' });
    expect(firebase.stderr).toContain(
      'Backlot could not start: BACKLOT_IDENTITY=firebase needs BACKLOT_FIREBASE_API_KEY',
    );
    const sms = run({ BACKLOT_SMS_URL: 'https://sms.example/send' });
    expect(sms.stderr).toContain(
      'Backlot could not start: Texting codes through a provider needs BACKLOT_SMS_URL, BACKLOT_SMS_KEY, BACKLOT_SMS_FROM; missing BACKLOT_SMS_KEY, BACKLOT_SMS_FROM',
    );
    for (const result of [firestore, store, port, identity, firebase, sms])
      expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('picks the tenant by Host: exact domain, then <id>.localhost, then the default', async () => {
    server = await startServer(env());
    // The storefront page's state block names the tenant it was rendered for.
    const tenantOf = async (host: string) =>
      /"configuration":\{"tenantId":"([^"]+)"/.exec((await http(`${server!.url}/`, { headers: { host } })).text)?.[1];
    expect(await tenantOf('www.jetwayprops.com')).toBe('aviation');
    expect(await tenantOf('platform.localhost:3000')).toBe('platform');
    expect(await tenantOf('acme.localhost')).toBe('acme');
    expect(await tenantOf('nobody.localhost')).toBe('aviation');
    expect(await tenantOf('elsewhere.example')).toBe('aviation');
  });

  it('lets exactly one of 50 parallel PUTs carrying the same If-Match through; the file stays valid', async () => {
    server = await startServer(env());
    const headers = await login(server.url);
    const current = await http(`${server.url}/api/tenants/acme`, { headers });
    const etag = String(current.headers.etag);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const body = current.json();
        body.site.appTitle = `Writer ${i}`;
        return http(`${server!.url}/api/tenants/acme`, {
          method: 'PUT',
          headers: { ...headers, 'if-match': etag },
          body,
        });
      }),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    expect((await loadTenant(path.join(root, 'tenants/acme'))).issues).toEqual([]);
  });

  it('killed with SIGKILL mid-burst: every file still parses and passes its schema, and the next start completes the interrupted write', async () => {
    server = await startServer(env());
    const headers = await login(server.url);
    const base = `${server.url}/api/tenants/acme`;
    let stop = false;
    let writes = 0;
    const burst = (async () => {
      // Each write changes two files that depend on each other: a new category, and a footer link to it.
      for (let i = 0; !stop; i++) {
        const current = await http(base, { headers }).catch(() => undefined);
        if (!current || current.status !== 200) return;
        const tenant = current.json();
        tenant.categories.groups[0].categories.push({ name: `Burst ${i}`, slug: `burst-${i}`, subcategories: [] });
        tenant.site.footerLinks = [{ label: `Burst ${i}`, target: `/rentals/sets/burst-${i}` }];
        const saved = await http(base, {
          method: 'PUT',
          headers: { ...headers, 'if-match': String(current.headers.etag) },
          body: tenant,
        }).catch(() => undefined);
        if (saved?.status === 200) writes++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    process.kill(server.child.pid!, 'SIGKILL');
    stop = true;
    await burst;
    await server.stop();
    server = undefined;
    expect(writes).toBeGreaterThan(5);

    const afterKill = await loadTenant(path.join(root, 'tenants/acme'));
    expect(
      afterKill.issues.filter((issue) => issue.rule === 'json-syntax' || issue.rule.startsWith('schema/')),
    ).toEqual([]);

    // Opening the store is what the next start does first: it completes any journaled write.
    const store = await FileTenantStore.open({
      tenantsDir: path.join(root, 'tenants'),
      dataDir: path.join(root, '.data'),
    });
    await store.close();
    expect((await loadTenants(path.join(root, 'tenants'))).issues).toEqual([]);
  });

  it('shows in search and on item pages at once what `backlot items import` writes beside it into the same data folder', async () => {
    server = await startServer(env());
    const page = (pathname: string) =>
      http(`${server!.url}${pathname}`, { headers: { host: 'aviation.localhost' } }).then((answer) => answer.text);
    expect(await page('/search?q=headrest')).not.toContain('href="/item/h9-00001"');
    const sheet = path.join(repoRoot, 'tests/fixtures/prop-house/hangar9-stock.csv');
    const imported = await backlot(['items', 'import', 'aviation', sheet, '--skip-refused', '--add-categories'], {
      cwd: root,
      env: env(),
    });
    expect(imported.code, imported.stderr).toBe(0);
    // The server hears the other process's commit on its own (no restart, no request to it).
    await expect.poll(() => page('/search?q=headrest'), { timeout: 10_000 }).toContain('href="/item/h9-00001"');
    expect(await page('/item/h9-00001')).toContain('Chrome Headrest 1');
  });
});
