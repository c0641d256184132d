/**
 * Start-up work that outlasts its wait (here a 2,000-item sample catalogue against a 1 ms wait, as
 * a busy machine stretches a real one past Fastify's plugin timeout) does not stop the server: it
 * serves at once, `/api/health` says `starting` and `/api/health/ready` answers 503 naming the
 * steps, and once the import is done both say ready and every item is there.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { sampleItem } from '../contract/item-store.contract';
import { acmeDir } from '../helpers/paths';

const ITEMS = 2_000;
let root: string;
// The app on its own (not tests/helpers/server.ts, whose logins would wait out the start-up work).
let app: FastifyInstance;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-startup-'));
  const tenants = path.join(root, 'tenants');
  await cp(acmeDir, path.join(tenants, 'acme'), { recursive: true });
  const items = Array.from({ length: ITEMS }, (_, index) =>
    sampleItem(`prop-${index}`, {
      name: `Prop ${index}`,
      category: { group: 'sets', category: 'galleys' },
      vendorId: 'acme',
    }),
  );
  await writeFile(path.join(tenants, 'acme', 'catalogue.json'), JSON.stringify({ items }));
  app = await buildApp({
    config: configFromEnv({
      BACKLOT_TENANTS_DIR: tenants,
      BACKLOT_DATA_DIR: path.join(root, '.data'),
      BACKLOT_DEFAULT_TENANT: 'acme',
    }),
    startupWaitMs: 1,
  });
});
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

describe('start-up under load', () => {
  it('serves while its start-up work runs, says so to health and readiness probes, and is ready once it is done', async () => {
    await app.ready();
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'starting', pending: expect.arrayContaining(['the search index']) });
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().pending.length).toBeGreaterThan(0);

    await app.startup.done();
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok' });
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    expect(await app.itemStore.count('acme')).toBe(ITEMS);
  });
});
