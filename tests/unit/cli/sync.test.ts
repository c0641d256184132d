/**
 * `backlot push|pull|diff` through program.parseAsync, against Google's official Firestore emulator
 * (a project per test) injected as the remote store. tests/helpers/firestore.ts is imported first:
 * it turns the metadata-server probe off and points firebase-admin at the emulator.
 */
import { createTestDatabase, type TestDatabase } from '../../helpers/firestore';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tenant } from '../../../schema/types.generated';
import { noStackTrace, useScratchTenants } from '../../helpers/cli';

const { FirestoreTenantStore } = await import('../../../server/stores/firestore-tenant-store');

const scratch = useScratchTenants('acme', 'aviation');
let db: TestDatabase;

/** A fresh, empty Firestore per test. */
beforeEach(async () => {
  db = await createTestDatabase('backlot-sync');
});
afterEach(() => db.cleanup());

const remoteStore = () => FirestoreTenantStore.open({ firestore: db.firestore, watch: false });
const backlot = (...args: string[]) => scratch.run(args, { remoteStore });

const file = (relative: string) => path.join(scratch.cwd, relative);
const read = (relative: string) => readFile(file(relative), 'utf8');
const recorded = async (tenantId: string) =>
  JSON.parse(await read(`.data/sync/${tenantId}.json`)) as { remoteVersion: string; at: string };
const syncRecords = () => readdir(file('.data/sync')).catch(() => [] as string[]);

/** What Firestore holds now, read through a store of its own. */
async function remote(tenantId: string) {
  const store = await FirestoreTenantStore.open({ firestore: db.firestore, watch: false });
  try {
    return await store.get(tenantId);
  } finally {
    await store.close();
  }
}

/** Someone else (another server, the console) changes the tenant in Firestore. */
async function editInFirestore(tenantId: string, change: (tenant: Tenant) => void): Promise<string> {
  const store = await FirestoreTenantStore.open({ firestore: db.another(), watch: false });
  try {
    const current = (await store.get(tenantId))!;
    const tenant = structuredClone(current.tenant);
    change(tenant);
    return (await store.put(tenantId, tenant, { ifMatch: current.version, actor: 'someone@example.com' })).version;
  } finally {
    await store.close();
  }
}

async function editLocal(relative: string, from: string, to: string) {
  const text = await read(relative);
  expect(text).toContain(from);
  await writeFile(file(relative), text.replace(from, to));
}

describe('backlot push', () => {
  it('creates a tenant Firestore does not have yet and records its version', async () => {
    const run = await backlot('push', 'acme');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const there = (await remote('acme'))!;
    expect(there.tenant.site).toMatchObject({
      tenantId: 'acme',
      appTitle: 'Acme Props',
      domain: 'www.acme-props.example',
    });
    expect(run.stdout).toBe(`Pushed tenants/acme to Firestore (version ${there.version}). It is new there.\n`);
    expect(await recorded('acme')).toEqual({
      remoteVersion: there.version,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await remote('aviation')).toBeUndefined();
  });

  it('pushes a local edit that diff shows first, and is then in sync', async () => {
    expect((await backlot('push', 'acme')).code).toBe(0);
    expect(await backlot('diff', 'acme')).toMatchObject({
      code: 0,
      stdout: 'tenants/acme and Firestore are in sync.\n',
      stderr: '',
    });
    expect(await backlot('diff', 'acme', '--json')).toMatchObject({ code: 0, stdout: '[]\n' });

    await editLocal('tenants/acme/site.json', '"appTitle": "Acme Props"', '"appTitle": "Acme Rentals"');
    const diff = await backlot('diff', 'acme');
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('tenants/acme and Firestore differ (1 difference');
    expect(diff.stdout).toContain('  ~ /site/appTitle: "Acme Props" → "Acme Rentals"\n');
    expect(JSON.parse((await backlot('diff', 'acme', '--json')).stdout)).toEqual([
      { op: 'replace', path: '/site/appTitle', value: 'Acme Rentals' },
    ]);

    const push = await backlot('push', 'acme');
    expect(push.code).toBe(0);
    const there = (await remote('acme'))!;
    expect(there.tenant.site.appTitle).toBe('Acme Rentals');
    expect(push.stdout).toBe(
      `Pushed tenants/acme to Firestore (version ${there.version}).\n  ~ /site/appTitle: "Acme Props" → "Acme Rentals"\n`,
    );
    expect((await recorded('acme')).remoteVersion).toBe(there.version);
    expect((await backlot('diff', 'acme')).stdout).toBe('tenants/acme and Firestore are in sync.\n');
    expect(await backlot('push', 'acme')).toMatchObject({
      code: 0,
      stdout: `tenants/acme and Firestore are already in sync (version ${there.version}); nothing to push.\n`,
    });
  });

  it('refuses to overwrite a change made in Firestore since the last push, showing it, until --force', async () => {
    expect((await backlot('push', 'acme')).code).toBe(0);
    const before = await recorded('acme');
    const changedThere = await editInFirestore('acme', (tenant) => void (tenant.site.appTitle = 'Edited In Console'));
    await editLocal('tenants/acme/site.json', '"appTitle": "Acme Props"', '"appTitle": "Acme Rentals"');

    const refused = await backlot('push', 'acme');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `backlot: Firestore's acme has changed since the last pull or push (recorded version ${before.remoteVersion}, now ${changedThere})`,
    );
    expect(refused.stderr).toContain('nothing was pushed');
    expect(refused.stderr).toContain('  ~ /site/appTitle: "Edited In Console" → "Acme Rentals"\n');
    expect(refused.stderr).toContain('Run `backlot pull acme` first');
    expect(refused.stderr).toContain('`backlot push acme --force`');
    expect(noStackTrace(refused.stderr)).toBe(true);
    expect((await remote('acme'))!).toMatchObject({
      version: changedThere,
      tenant: { site: { appTitle: 'Edited In Console' } },
    });
    expect(await recorded('acme')).toEqual(before);

    // diff says so too
    expect((await backlot('diff', 'acme')).stdout).toContain(
      `Firestore's copy changed since the last pull or push (version ${before.remoteVersion}, now ${changedThere})`,
    );

    const dryRun = await backlot('push', 'acme', '--dry-run');
    expect(dryRun.code).toBe(1);
    expect(dryRun.stderr).toContain('has changed since the last pull or push');
    const forcedDryRun = await backlot('push', 'acme', '--force', '--dry-run');
    expect(forcedDryRun).toMatchObject({ code: 0, stderr: '' });
    expect(forcedDryRun.stdout).toContain(
      `Would update acme in Firestore (version ${changedThere}, overwriting changes made there since the last pull or push) from tenants/acme (dry run: nothing written):\n`,
    );
    expect((await remote('acme'))!.version).toBe(changedThere);
    expect(await recorded('acme')).toEqual(before);

    const forced = await backlot('push', 'acme', '--force');
    expect(forced.code).toBe(0);
    const there = (await remote('acme'))!;
    expect(there.tenant.site.appTitle).toBe('Acme Rentals');
    expect(forced.stdout).toBe(
      `Pushed tenants/acme to Firestore (version ${there.version}). --force overwrote changes made there since the last pull or push.\n  ~ /site/appTitle: "Edited In Console" → "Acme Rentals"\n`,
    );
    expect((await recorded('acme')).remoteVersion).toBe(there.version);
  });

  it('refuses to overwrite a different tenant in Firestore it never pulled or pushed, unless --force', async () => {
    const seeded = await FirestoreTenantStore.open({ firestore: db.another(), watch: false });
    const aviation = JSON.parse(await read('tenants/aviation/site.json'));
    expect(aviation.appTitle).not.toBe('Elsewhere');
    const local = await backlot('diff', 'aviation', '--json');
    expect(JSON.parse(local.stdout).map((op: { op: string; path: string }) => `${op.op} ${op.path}`)).toEqual([
      'add /site',
      'add /vendor',
      'add /categories',
      'add /pages',
    ]);
    expect((await backlot('push', 'aviation')).code).toBe(0);
    // Start again from a Firestore that has a different aviation and no record of it here.
    const current = (await seeded.get('aviation'))!;
    await seeded.put(
      'aviation',
      { ...current.tenant, site: { ...current.tenant.site, appTitle: 'Elsewhere' } },
      { ifMatch: current.version, actor: 'x' },
    );
    await seeded.close();
    await rm(file('.data/sync'), { recursive: true });

    const refused = await backlot('push', 'aviation');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Firestore already has a tenant aviation that differs from tenants/aviation, and it was never pulled or pushed from here; nothing was pushed.',
    );
    expect(refused.stderr).toContain(`~ /site/appTitle: "Elsewhere" → ${JSON.stringify(aviation.appTitle)}`);
    expect((await remote('aviation'))!.tenant.site.appTitle).toBe('Elsewhere');
    expect(await syncRecords()).toEqual([]);

    expect((await backlot('push', 'aviation', '--force')).code).toBe(0);
    expect((await remote('aviation'))!.tenant.site.appTitle).toBe(aviation.appTitle);
  });

  it('--dry-run prints what it would do and writes nothing', async () => {
    const create = await backlot('push', 'acme', '--dry-run');
    expect(create.code).toBe(0);
    expect(create.stdout).toMatch(
      /^Would create acme in Firestore from tenants\/acme \(dry run: nothing written\):\n {2}\+ \/site: \{"tenantId":"acme",/,
    );
    expect(await remote('acme')).toBeUndefined();
    expect(await syncRecords()).toEqual([]);

    expect((await backlot('push', 'acme')).code).toBe(0);
    const before = (await remote('acme'))!;
    const record = await recorded('acme');
    await editLocal(
      'tenants/acme/vendor.json',
      '"email": "hello@acme-props.example"',
      '"email": "rent@acme-props.example"',
    );
    const update = await backlot('push', 'acme', '--dry-run');
    expect(update.code).toBe(0);
    expect(update.stdout).toBe(
      `Would update acme in Firestore (version ${before.version}) from tenants/acme (dry run: nothing written):\n  ~ /vendor/email: "hello@acme-props.example" → "rent@acme-props.example"\n`,
    );
    expect((await remote('acme'))!.version).toBe(before.version);
    expect(await recorded('acme')).toEqual(record);
  });

  it('refuses an invalid tenant folder with its issues and writes nothing', async () => {
    await editLocal('tenants/acme/vendor.json', '"email": "hello@acme-props.example"', '"email": "nope"');
    const run = await backlot('push', 'acme');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^backlot: tenants\/acme is invalid, so nothing was pushed:\n {2}tenants\/acme\/vendor\.json:\d+:\d+ \/email .+\n$/,
    );
    expect(await remote('acme')).toBeUndefined();
    expect(await syncRecords()).toEqual([]);
  });
});

describe('backlot pull', () => {
  it('brings a change made in Firestore into the tenant folder and records its version', async () => {
    expect((await backlot('push', 'acme')).code).toBe(0);
    const version = await editInFirestore('acme', (tenant) => void (tenant.site.appTitle = 'Edited In Console'));
    const run = await backlot('pull', 'acme');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Pulled acme from Firestore (version ${version}). Updated tenants/acme (1 difference):\n  ~ /site/appTitle: "Acme Props" → "Edited In Console"\n`,
    );
    const site = await read('tenants/acme/site.json');
    expect(JSON.parse(site)).toMatchObject({
      $schema: '../../../../schema/site.schema.json',
      appTitle: 'Edited In Console',
    });
    expect(await recorded('acme')).toMatchObject({ remoteVersion: version });
    expect((await backlot('diff', 'acme')).stdout).toBe('tenants/acme and Firestore are in sync.\n');
    expect(await scratch.run(['validate', 'tenants/acme'])).toMatchObject({ code: 0 });
    // Pulled, so a local edit now pushes without --force.
    await editLocal('tenants/acme/site.json', '"appTitle": "Edited In Console"', '"appTitle": "Acme Props"');
    expect((await backlot('push', 'acme')).code).toBe(0);
  });

  it('creates the folder of a tenant only Firestore has', async () => {
    expect((await backlot('push', 'aviation')).code).toBe(0);
    const files = await Promise.all(
      ['site', 'vendor', 'categories'].map((part) => read(`tenants/aviation/${part}.json`)),
    );
    await rm(file('tenants/aviation'), { recursive: true });
    expect((await backlot('diff', 'aviation')).stdout).toContain(
      'tenants/aviation does not exist; only Firestore has aviation',
    );
    const run = await backlot('pull', 'aviation');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Pulled aviation from Firestore \(version [\w-]+\)\. Created tenants\/aviation\.\n$/);
    const pulled = await Promise.all(
      ['site', 'vendor', 'categories'].map((part) => read(`tenants/aviation/${part}.json`)),
    );
    const withoutSchema = (text: string) => {
      const { $schema, ...rest } = JSON.parse(text);
      return rest;
    };
    expect(pulled.map(withoutSchema)).toEqual(files.map(withoutSchema));
    expect(await scratch.run(['validate', 'tenants/aviation'])).toMatchObject({
      code: 0,
      stdout: '1 tenant, 0 errors\n',
    });
  });

  it('--dry-run prints the differences and writes nothing', async () => {
    expect((await backlot('push', 'acme')).code).toBe(0);
    const record = await recorded('acme');
    const version = await editInFirestore('acme', (tenant) => void (tenant.site.appTitle = 'Edited In Console'));
    const site = await read('tenants/acme/site.json');
    const run = await backlot('pull', 'acme', '--dry-run');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Would update tenants/acme (1 difference) from Firestore (version ${version}; dry run: nothing written):\n  ~ /site/appTitle: "Acme Props" → "Edited In Console"\n`,
    );
    expect(await read('tenants/acme/site.json')).toBe(site);
    expect(await recorded('acme')).toEqual(record);
  });

  it('refuses a tenant Firestore does not have', async () => {
    const run = await backlot('pull', 'acme');
    expect(run).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'backlot: Firestore has no tenant acme; nothing to pull\n',
    });
    expect(await syncRecords()).toEqual([]);
  });
});

describe('backlot diff', () => {
  it('says clearly when one side is missing, and fails only when both are', async () => {
    expect(await backlot('diff', 'acme')).toMatchObject({
      code: 0,
      stdout: 'Firestore has no tenant acme; only tenants/acme exists (backlot push acme would create it).\n',
    });
    expect(await backlot('diff', 'ghost')).toMatchObject({
      code: 1,
      stderr: 'backlot: there is no tenant ghost in tenants/ or in Firestore\n',
    });
  });
});

describe('push, pull and diff', () => {
  it.each([['push'], ['pull'], ['diff']])(
    '%s refuses a tenant id that is not one, and an unknown tenant',
    async (command) => {
      for (const id of ['Bad_ID', '../acme', 'acme/']) {
        const run = await backlot(command, id);
        expect(run.code, id).toBe(2);
        expect(run.stderr, id).toContain(`backlot: <tenantId> ${JSON.stringify(id)}: must be a lowercase slug`);
        expect(run.stdout, id).toBe('');
      }
      const unknown = await backlot(command, 'ghost');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/ghost/);
      expect(noStackTrace(unknown.stderr)).toBe(true);
      expect(await remote('ghost')).toBeUndefined();
    },
  );

  it.each([['push'], ['pull'], ['diff']])(
    '%s stops with one plain line naming the address when Firestore is unreachable',
    async (command) => {
      // A port on loopback that nothing listens on: the connection is refused (firebase-admin alone retried it for minutes, silently).
      const closed = await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          server.close(() => resolve(port));
        });
      });
      const run = await scratch.run([command, 'acme'], {
        env: { FIRESTORE_EMULATOR_HOST: `127.0.0.1:${closed}`, GOOGLE_CLOUD_PROJECT: 'demo-unreachable' },
      });
      expect(run).toMatchObject({ code: 2, stdout: '' });
      expect(run.stderr).toBe(
        `backlot: Firestore at 127.0.0.1:${closed} (FIRESTORE_EMULATOR_HOST) refused the connection (is it running?); nothing was read or written\n`,
      );
      expect(await syncRecords()).toEqual([]);
    },
  );

  it.each([['push'], ['pull'], ['diff']])(
    '%s names the variables to set when there is no Firestore to talk to',
    async (command) => {
      const run = await scratch.run([command, 'acme']);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      for (const name of ['FIRESTORE_EMULATOR_HOST', 'GOOGLE_APPLICATION_CREDENTIALS', 'GOOGLE_CLOUD_PROJECT'])
        expect(run.stderr).toContain(name);
      expect(await syncRecords()).toEqual([]);
    },
  );

  it.each([['push'], ['pull'], ['diff']])('%s has --help with examples', async (command) => {
    const help = await backlot(command, '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(`Usage: backlot ${command} [options] <tenantId>`);
    expect(help.stdout).toMatch(new RegExp(`Examples:\\n {2}\\$ backlot ${command} acme`));
  });
});
