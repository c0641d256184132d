/**
 * Several servers behind a load balancer share console accounts and sessions through PostgreSQL
 * (BACKLOT_DATABASE_URL): two real server processes (`node dist/server/main.js`, their own data
 * folders and ports) on one throwaway PostgreSQL 15 cluster (tests/helpers/postgres.ts). Started
 * at the same moment, the first platform account is made once; a login on A works on B; a logout
 * on B ends the session on A too (at once on B, on A within its 5-second session memory); and a
 * database that cannot be reached stops a server with one plain line.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, STAFF, staffCookie } from '../helpers/console';
import { tenantsDir } from '../helpers/paths';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { http, startServer, type ServerProcess } from '../helpers/server-process';

let postgres: TestPostgres;
let root: string;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  root = await mkdtemp(path.join(tmpdir(), 'backlot-shared-'));
  for (const tenant of ['aviation', 'platform'])
    await cp(path.join(tenantsDir, tenant), path.join(root, 'tenants', tenant), { recursive: true });
  const env = (name: string) => ({
    BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
    BACKLOT_DATA_DIR: path.join(root, `data-${name}`),
    BACKLOT_DATABASE_URL: postgres.url,
    BACKLOT_ADMIN_EMAIL: STAFF,
    BACKLOT_ADMIN_PASSWORD: PASSWORD,
  });
  // Both at once, as a deploy starts them: the migrations and the first account happen once.
  servers = await Promise.all([startServer(env('a')), startServer(env('b'))]);
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

const me = (server: ServerProcess, cookie: string) => http(`${server.url}/api/auth/me`, { headers: { cookie } });

describe('console accounts shared by two servers', () => {
  it('makes the first platform account once, whichever server starts first', () => {
    const created = servers.filter((server) => server.log().includes('created the first platform account'));
    expect(created).toHaveLength(1);
  });

  it('lets a session made on A work on B, and a logout on B end it on A', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const cookie = await staffCookie(a.url);
    expect((await me(b, cookie)).json()).toMatchObject({ email: STAFF, role: 'platform-staff' });
    expect((await me(a, cookie)).status).toBe(200);
    const logout = await http(`${b.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: b.url } });
    expect(logout.status).toBe(204);
    expect((await me(b, cookie)).status).toBe(401);
    await expect.poll(async () => (await me(a, cookie)).status).toBe(401);
  });

  it('stops a server whose Firestore cannot be reached, with one plain line naming it, instead of hanging', async () => {
    const refused = await startServer({
      BACKLOT_STORE: 'firestore',
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:9',
      GOOGLE_CLOUD_PROJECT: 'demo-unreachable',
      BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
      BACKLOT_DATA_DIR: path.join(root, 'data-d'),
    }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(
      /BACKLOT_STORE=firestore, but Firestore at 127\.0\.0\.1:9 \(FIRESTORE_EMULATOR_HOST\) refused the connection/,
    );
  });

  it('stops a server whose shared database cannot be reached, with one plain line naming it', async () => {
    const refused = await startServer({
      BACKLOT_TENANTS_DIR: path.join(root, 'tenants'),
      BACKLOT_DATA_DIR: path.join(root, 'data-c'),
      BACKLOT_DATABASE_URL: 'postgres://backlot:secret@127.0.0.1:9/backlot',
    }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/BACKLOT_DATABASE_URL: cannot reach the database at 127\.0\.0\.1:9\/backlot/);
    expect(refused).not.toContain('secret');
  });
});
