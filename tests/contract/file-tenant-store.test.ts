/** The file adapter: the contract, plus what only files do (edits on disk, crash recovery, canonical text). */
import { TENANT_PARTS } from '../../schema/rules';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileTenantStore } from '../../server/stores/file-tenant-store';
import { FileHistory } from '../../server/stores/file-history';
import { VersionUnusableError } from '../../server/stores/tenant-store';
import { acmeDir, tenantsDir } from '../helpers/paths';
import { describeTenantStoreContract } from './tenant-store.contract';

async function scratch() {
  const root = await mkdtemp(path.join(tmpdir(), 'backlot-store-'));
  const tenants = path.join(root, 'tenants');
  await cp(acmeDir, path.join(tenants, 'acme'), { recursive: true });
  await cp(path.join(tenantsDir, 'aviation'), path.join(tenants, 'aviation'), { recursive: true });
  return { root, tenants, data: path.join(root, '.data'), cleanup: () => rm(root, { recursive: true, force: true }) };
}

describeTenantStoreContract('file', async () => {
  const dirs = await scratch();
  const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data, revalidateMs: 0 });
  return {
    store,
    cleanup: dirs.cleanup,
    breakByHand: (tenantId) => writeFile(path.join(dirs.tenants, tenantId, 'site.json'), '{ "appTitle": '),
  };
});

describe('FileTenantStore on disk', () => {
  let dirs: Awaited<ReturnType<typeof scratch>>;
  beforeEach(async () => {
    dirs = await scratch();
  });
  afterEach(() => dirs.cleanup());

  it('refuses to show or restore a broken version an older server kept in the history (409 reason)', async () => {
    const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data });
    const { version } = (await store.get('acme'))!;
    const snapshots = path.join(dirs.data, 'history', 'acme', 'snapshots');
    await mkdir(snapshots, { recursive: true });
    await writeFile(
      path.join(snapshots, 'brokenByHand0000000000.json'),
      JSON.stringify({ site: '{ "appTitle": ', vendor: '{}', categories: '{}' }),
    );
    await expect(store.atVersion('acme', 'brokenByHand0000000000')).rejects.toBeInstanceOf(VersionUnusableError);
    await expect(store.restore('acme', 'brokenByHand0000000000', { ifMatch: version, actor: 'x' })).rejects.toThrow(
      /does not pass validation/,
    );
    expect((await store.get('acme'))!.version).toBe(version);
    await store.close();
  });

  it('removes temporary files that a killed write left behind, but only its own and only old ones', async () => {
    const first = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data });
    const { version } = (await first.get('acme'))!;
    await first.put(
      'acme',
      {
        ...(await first.get('acme'))!.tenant,
        site: { ...(await first.get('acme'))!.tenant.site, appTitle: 'Acme Two' },
      },
      { ifMatch: version, actor: 'x' },
    );
    await first.close();
    const old = new Date(Date.now() - 10 * 60_000);
    const leftovers = [
      path.join(dirs.tenants, 'acme', '.site.json.4242.0a1b2c3d.tmp'),
      path.join(dirs.data, 'journal', '.acme.json.4242.deadbeef.tmp'),
      path.join(dirs.data, 'history', 'acme', 'snapshots', '.abc.json.77.00ff00ff.tmp'),
    ];
    await mkdir(path.join(dirs.data, 'journal'), { recursive: true });
    for (const file of leftovers) {
      await writeFile(file, 'half a write');
      await utimes(file, old, old);
    }
    const halfTenant = path.join(dirs.tenants, '.newco.4242.12345678.tmp');
    await mkdir(halfTenant);
    await writeFile(path.join(halfTenant, 'site.json'), '{}');
    await utimes(halfTenant, old, old);
    // Kept: a fresh temporary file (another process may be writing it now) and files not named like ours.
    const fresh = path.join(dirs.tenants, 'acme', '.vendor.json.4243.0a1b2c3e.tmp');
    const notOurs = path.join(dirs.tenants, 'acme', 'notes.tmp');
    for (const file of [fresh, notOurs]) await writeFile(file, 'x');
    await utimes(notOurs, old, old);

    const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data });
    expect((await store.sweep).sort()).toEqual([
      '.newco.4242.12345678.tmp',
      'acme/.site.json.4242.0a1b2c3d.tmp',
      'history/acme/snapshots/.abc.json.77.00ff00ff.tmp',
      'journal/.acme.json.4242.deadbeef.tmp',
    ]);
    for (const file of [...leftovers, halfTenant]) await expect(stat(file)).rejects.toThrow(/ENOENT/);
    for (const file of [fresh, notOurs]) await expect(stat(file)).resolves.toBeTruthy();
    expect((await store.get('acme'))!.tenant.site.appTitle).toBe('Acme Two');
    await store.close();
  });

  it('picks up edits made on disk (by hand, or git pull) without a restart', async () => {
    const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data, revalidateMs: 0 });
    const before = (await store.get('acme'))!;
    const site = path.join(dirs.tenants, 'acme/site.json');
    await writeFile(
      site,
      (await readFile(site, 'utf8'))
        .replace('"appTitle": "Acme Props"', '"appTitle": "Edited By Hand"')
        .replace('www.acme-props.example', 'www.hand-edited.example'),
    );
    const after = (await store.get('acme'))!;
    expect(after.tenant.site.appTitle).toBe('Edited By Hand');
    expect(after.version).not.toBe(before.version);
    expect(store.tenantForDomain('www.hand-edited.example')).toBe('acme');
    await expect(store.put('acme', before.tenant, { ifMatch: before.version, actor: 'a' })).rejects.toThrow(
      /has changed since that version/,
    );
  });

  it('routes tenants added or removed on disk while running, after a rescan', async () => {
    const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data, rescanMs: 0 });
    await cp(path.join(tenantsDir, 'platform'), path.join(dirs.tenants, 'platform'), { recursive: true });
    expect(store.tenantForDomain('www.backlot.example')).toBeUndefined();
    await store.rescan();
    expect(store.tenantForDomain('www.backlot.example')).toBe('platform');
    expect(store.has('platform')).toBe(true);
    await rm(path.join(dirs.tenants, 'platform'), { recursive: true });
    await store.rescan();
    expect(store.tenantForDomain('www.backlot.example')).toBeUndefined();
    expect(store.has('platform')).toBe(false);
    await store.close();
  });

  it('notices a tenant folder added or removed at once, without waiting for the timed listing', async () => {
    // The timed listing an hour away: only the folder watch can see the change.
    const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data, rescanMs: 3_600_000 });
    // As `backlot new` adds one: made whole beside the folder, then renamed in.
    await cp(path.join(tenantsDir, 'platform'), path.join(dirs.tenants, '..', 'platform-new'), { recursive: true });
    await rename(path.join(dirs.tenants, '..', 'platform-new'), path.join(dirs.tenants, 'platform'));
    await expect.poll(() => store.tenantForDomain('www.backlot.example')).toBe('platform');
    await rm(path.join(dirs.tenants, 'platform'), { recursive: true });
    await expect.poll(() => store.has('platform')).toBe(false);
    await store.close();
  });

  it('reports a tenant broken on disk instead of serving it, and still accepts a fix', async () => {
    const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data, revalidateMs: 0 });
    const good = (await store.get('acme'))!;
    const vendor = path.join(dirs.tenants, 'acme/vendor.json');
    await writeFile(vendor, '{ "id": "acme", ');
    await expect(store.get('acme')).rejects.toMatchObject({
      issues: [expect.objectContaining({ file: 'vendor', rule: 'json-syntax' })],
    });
    const broken = (await store.list()).find((t) => t.tenantId === 'acme')!;
    const fixed = await store.put('acme', good.tenant, { ifMatch: broken.version, actor: 'fixer' });
    expect((await store.get('acme'))!.version).toBe(fixed.version);
  });

  it('writes canonical files that keep their $schema, and only the files that changed', async () => {
    const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data });
    const before = (await store.get('aviation'))!;
    const vendorBefore = await readFile(path.join(dirs.tenants, 'aviation/vendor.json'), 'utf8');
    const tenant = structuredClone(before.tenant);
    tenant.site.maxColumnCount = 4;
    await store.put('aviation', tenant, { ifMatch: before.version, actor: 'a' });
    const site = await readFile(path.join(dirs.tenants, 'aviation/site.json'), 'utf8');
    expect(site.startsWith('{\n  "$schema": "../../schema/site.schema.json",\n  "tenantId": "aviation",')).toBe(true);
    expect(site).toContain('"maxColumnCount": 4,');
    expect(await readFile(path.join(dirs.tenants, 'aviation/vendor.json'), 'utf8')).toBe(vendorBefore);
    // No temporaries left beside the tenant's files, its assets and its sample catalogue.
    expect((await readdir(path.join(dirs.tenants, 'aviation'))).sort()).toEqual([
      'assets',
      'catalogue.json',
      'categories.json',
      'items',
      'pages.json',
      'site.json',
      'vendor.json',
    ]);
  });

  it('completes a write that a crash interrupted, on the next open', async () => {
    const store = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data });
    const before = (await store.get('acme'))!;
    // What a write leaves behind when killed after its journal and before its files: the journal only.
    const next = structuredClone(before.tenant);
    next.site.appTitle = 'After the crash';
    next.categories.groups[0]!.categories[0]!.name = 'Cockpit Sets';
    const { renderTenant, versionOf } = await import('../../server/stores/tenant-documents');
    const texts = renderTenant(
      next,
      Object.fromEntries(TENANT_PARTS.map((part) => [part, `../../../../schema/${part}.schema.json`])),
    );
    const version = versionOf(texts);
    const history = new FileHistory(dirs.data);
    await history.writeJournal({
      tenantId: 'acme',
      version,
      entry: {
        version,
        previousVersion: before.version,
        actor: 'crashed',
        at: new Date().toISOString(),
        changed: ['/site/appTitle'],
      },
      texts: { site: texts.site, categories: texts.categories },
    });

    const reopened = await FileTenantStore.open({ tenantsDir: dirs.tenants, dataDir: dirs.data });
    const after = (await reopened.get('acme'))!;
    expect(after.tenant.site.appTitle).toBe('After the crash');
    expect(after.tenant.categories.groups[0]!.categories[0]!.name).toBe('Cockpit Sets');
    expect((await reopened.history('acme'))[0]).toMatchObject({ version: after.version, actor: 'crashed' });
    expect(await readdir(path.join(dirs.data, 'journal'))).toEqual([]);
  });
});
