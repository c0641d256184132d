/**
 * The firestore adapter: the contract (with and without its collection listener), plus what
 * only Firestore does (atomic commits, transactions against other servers, the listener),
 * on Google's official Firestore emulator (one project per test database); read counts alone come
 * from the in-process double (@firebase-bridge/firestore-admin), which counts them and the emulator
 * does not. tests/helpers/firestore.ts is imported first: it turns the metadata-server probe off
 * and points firebase-admin at the emulator before firebase-admin loads.
 */
import { createDoubleDatabase, createTestDatabase } from '../helpers/firestore';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import type { Tenant } from '../../schema/types.generated';
import { FileTenantStore } from '../../server/stores/file-tenant-store';
import type { FirestoreTenantStore as FirestoreTenantStoreType } from '../../server/stores/firestore-tenant-store';
import { renderTenant, versionOf } from '../../server/stores/tenant-documents';
import {
  TenantIdRetiredError,
  TenantInvalidError,
  UnknownVersionError,
  VersionConflictError,
  type HistoryEntry,
} from '../../server/stores/tenant-store';
import { tenantsDir } from '../helpers/paths';
import { acmeTenant, aviationTenant, describeTenantStoreContract } from './tenant-store.contract';

const { FirestoreTenantStore, FIRESTORE_SCHEMA_PATHS } = await import('../../server/stores/firestore-tenant-store');

const schemaPaths = FIRESTORE_SCHEMA_PATHS;

/**
 * Writes a tenant document the way the header of firestore-tenant-store.ts documents it, without
 * going through the store, so the contract starts with two tenants and an empty history.
 */
async function seed(firestore: Firestore, tenantId: string, tenant: Tenant) {
  const texts = renderTenant(tenant, schemaPaths);
  await firestore
    .collection('tenants')
    .doc(tenantId)
    .set({
      version: versionOf(texts),
      ...texts,
      domain: tenant.site.domain.toLowerCase(),
      displayName: tenant.vendor.displayName,
      updatedAt: new Date(),
      updatedBy: 'seed',
    });
}

/** A site part that does not parse, written behind the store's back (as a console in another region might). */
async function breakByHand(firestore: Firestore, tenantId: string) {
  await firestore.collection('tenants').doc(tenantId).update({ site: '{ "appTitle": ' });
}

/** A fresh database (its own project id) holding acme and aviation. */
async function database() {
  const db = await createTestDatabase();
  await seed(db.firestore, 'acme', acmeTenant());
  await seed(db.firestore, 'aviation', aviationTenant());
  return db;
}

describeTenantStoreContract('firestore', async () => {
  const db = await database();
  const store = await FirestoreTenantStore.open({ firestore: db.firestore });
  return {
    store,
    cleanup: db.cleanup,
    // The listener hears of a hand edit a moment later (it failed the contract once in CI under a full machine): wait until it has.
    breakByHand: async (tenantId) => {
      await breakByHand(db.firestore, tenantId);
      await expect
        .poll(() =>
          store.get(tenantId).then(
            () => 'still valid',
            () => 'broken',
          ),
        )
        .toBe('broken');
    },
  };
});

describeTenantStoreContract('firestore without a listener', async () => {
  const db = await database();
  const store = await FirestoreTenantStore.open({ firestore: db.firestore, watch: false });
  return { store, cleanup: db.cleanup, breakByHand: (tenantId) => breakByHand(db.firestore, tenantId) };
});

describe('FirestoreTenantStore in Firestore', () => {
  let db: Awaited<ReturnType<typeof database>>;
  let store: FirestoreTenantStoreType;
  const stores: { close(): Promise<void> }[] = [];
  const open = async (firestore: Firestore, options: { watch?: boolean; now?: () => Date } = {}) => {
    const opened = await FirestoreTenantStore.open({ firestore, ...options });
    stores.push(opened);
    return opened;
  };
  beforeEach(async () => {
    db = await database();
    store = await open(db.firestore);
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await db.cleanup();
  });

  it('keeps an id retired that an earlier release archived, with only its archive document to show for it', async () => {
    // What the previous release's archive() left: the tenant's document under the archive collection, no "-retired" document.
    await db.firestore
      .collection('tenants-archive')
      .doc('heard-props-2026-01-01T00-00-00-000Z')
      .set({ tenantId: 'heard-props', archivedBy: 'staff@example.com' });
    expect(await store.everUsed('heard-props')).toBe(true);
    const tenant = acmeTenant();
    await expect(
      store.create(
        'heard-props',
        {
          ...tenant,
          site: { ...tenant.site, tenantId: 'heard-props', domain: 'www.heard-props.example' },
          vendor: { ...tenant.vendor, id: 'heard-props' },
        },
        'a',
      ),
    ).rejects.toBeInstanceOf(TenantIdRetiredError);
  });

  it('commits the document, its history entry and both snapshots together', async () => {
    const before = (await store.get('aviation'))!;
    const tenant = structuredClone(before.tenant);
    tenant.site.maxColumnCount = 4;
    tenant.site.domain = 'www.jetway-moved.example';
    const after = await store.put('aviation', tenant, { ifMatch: before.version, actor: 'ada@example.com' });

    const doc = await db.firestore.doc('tenants/aviation').get();
    const texts = renderTenant(tenant, schemaPaths);
    expect(doc.data()).toMatchObject({
      version: after.version,
      ...texts,
      domain: 'www.jetway-moved.example',
      displayName: 'Jetway Props',
      updatedBy: 'ada@example.com',
    });
    expect(
      doc.get('site').startsWith('{\n  "$schema": "../../schema/site.schema.json",\n  "tenantId": "aviation",'),
    ).toBe(true);
    expect(doc.get('updatedAt').toDate()).toBeInstanceOf(Date);

    const history = await db.firestore.collection('tenants/aviation/history').get();
    expect(history.docs).toHaveLength(1);
    const entry = history.docs[0]!;
    expect(entry.data()).toEqual({
      version: after.version,
      previousVersion: before.version,
      actor: 'ada@example.com',
      at: expect.any(String),
      changed: expect.arrayContaining(['/site/maxColumnCount', '/site/domain']),
    } satisfies Record<keyof HistoryEntry, unknown>);

    const snapshots = await db.firestore.collection('tenants/aviation/snapshots').get();
    expect(snapshots.docs.map((s) => s.id).sort()).toEqual([before.version, after.version].sort());
    expect((await db.firestore.doc(`tenants/aviation/snapshots/${after.version}`).get()).data()).toEqual(texts);
    expect(
      versionOf((await db.firestore.doc(`tenants/aviation/snapshots/${before.version}`).get()).data() as typeof texts),
    ).toBe(before.version);

    // One commit: every document it wrote carries the same commit time.
    const commit = doc.updateTime!;
    expect(entry.createTime.isEqual(commit)).toBe(true);
    for (const snapshot of snapshots.docs.filter((s) => s.id === after.version))
      expect(snapshot.createTime.isEqual(commit)).toBe(true);
  });

  it('refuses a write based on a version another writer replaced directly in Firestore', async () => {
    const before = (await store.get('acme'))!;
    const elsewhere = structuredClone(before.tenant);
    elsewhere.site.appTitle = 'Written elsewhere';
    const texts = renderTenant(elsewhere, schemaPaths);
    await db.firestore.doc('tenants/acme').update({ ...texts, version: versionOf(texts) });

    const mine = structuredClone(before.tenant);
    mine.site.appTitle = 'Mine';
    await expect(store.put('acme', mine, { ifMatch: before.version, actor: 'a' })).rejects.toMatchObject({
      currentVersion: versionOf(texts),
    });
    expect((await store.get('acme'))!.tenant.site.appTitle).toBe('Written elsewhere');
    expect(await store.history('acme')).toEqual([]);
  });

  it('lets one of many writes from two servers based on the same version through (the transaction, not the lock)', async () => {
    const other = await open(db.another());
    const before = (await store.get('acme'))!;
    const attempts = [store, other, store, other, store, other].map((s, i) => {
      const tenant = structuredClone(before.tenant);
      tenant.site.appTitle = `Writer ${i}`;
      return s.put('acme', tenant, { ifMatch: before.version, actor: `writer-${i}` });
    });
    const results = await Promise.allSettled(attempts);
    const won = results.filter(
      (r): r is PromiseFulfilledResult<Awaited<(typeof attempts)[number]>> => r.status === 'fulfilled',
    );
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => r.status === 'rejected'))
      expect(lost.reason).toBeInstanceOf(VersionConflictError);
    expect((await store.get('acme'))!.version).toBe(won[0]!.value.version);
    expect(await other.history('acme')).toHaveLength(1);
  });

  it("keeps the domain index fresh with other servers' writes through its listener", async () => {
    const other = await open(db.another());
    const fresh = structuredClone(acmeTenant());
    fresh.site.tenantId = 'studio-b';
    fresh.vendor.id = 'studio-b';
    fresh.site.domain = 'www.studio-b.example';
    await other.create('studio-b', fresh, 'staff@example.com');
    await expect.poll(() => store.tenantForDomain('www.studio-b.example')).toBe('studio-b');
    expect(store.has('studio-b')).toBe(true);

    const aviation = (await other.get('aviation'))!;
    const moved = structuredClone(aviation.tenant);
    moved.site.domain = 'www.jetway-moved.example';
    await other.put('aviation', moved, { ifMatch: aviation.version, actor: 'a' });
    await expect.poll(() => store.tenantForDomain('www.jetway-moved.example')).toBe('aviation');
    expect(store.tenantForDomain('www.jetwayprops.com')).toBeUndefined();

    await db.firestore.doc('tenants/studio-b').delete();
    await expect.poll(() => store.has('studio-b')).toBe(false);
    expect(store.tenantForDomain('www.studio-b.example')).toBeUndefined();
  });

  it('stops listening on close', async () => {
    const watching = await open(db.another());
    const closed = await open(db.another());
    await closed.close();
    const fresh = structuredClone(acmeTenant());
    fresh.site.tenantId = 'studio-c';
    fresh.vendor.id = 'studio-c';
    fresh.site.domain = 'www.studio-c.example';
    await store.create('studio-c', fresh, 'x');
    await expect.poll(() => watching.has('studio-c')).toBe(true);
    expect(closed.has('studio-c')).toBe(false);
    expect(closed.tenantForDomain('www.studio-c.example')).toBeUndefined();
  });

  it('reports a tenant broken in Firestore instead of serving it, lists it, and still accepts a fix', async () => {
    const good = (await store.get('acme'))!;
    await db.firestore.doc('tenants/acme').update({ vendor: '{ "id": "acme", ' });
    // Another writer's change reaches this store through its listener, a moment later (a full run once read the old copy first).
    await expect
      .poll(() =>
        store.get('acme').then(
          () => 'still served',
          (error: unknown) => error,
        ),
      )
      .toBeInstanceOf(TenantInvalidError);
    await expect(store.get('acme')).rejects.toMatchObject({
      issues: [expect.objectContaining({ file: 'vendor', rule: 'json-syntax' })],
    });
    const broken = (await store.list()).find((t) => t.tenantId === 'acme')!;
    expect(broken.version).not.toBe(good.version);
    const fixed = await store.put('acme', good.tenant, { ifMatch: broken.version, actor: 'fixer' });
    expect(fixed.version).toBe(good.version);
    expect((await store.get('acme'))!.version).toBe(good.version);
    expect((await store.history('acme'))[0]).toMatchObject({ previousVersion: null, changed: [''] });
  });

  it('gives the same versions as the file store for the same tenant, and reads nothing for malformed ids or versions', async () => {
    const data = await mkdtemp(path.join(tmpdir(), 'backlot-fs-versions-'));
    try {
      const files = await FileTenantStore.open({ tenantsDir, dataDir: data });
      expect((await store.get('aviation'))!.version).toBe((await files.get('aviation'))!.version);
      await files.close();
    } finally {
      await rm(data, { recursive: true, force: true });
    }
    for (const id of ['../acme', 'acme/history/x', 'ACME', '', '__name__']) expect(await store.get(id)).toBeUndefined();
    // Reads counted: only the in-process double counts them (the emulator does not).
    const double = createDoubleDatabase();
    try {
      await seed(double.firestore, 'acme', acmeTenant());
      const counted = await open(double.firestore, { watch: false });
      const reads = () => double.controller.getStats().reads + double.controller.getStats().noopReads;
      const before = reads();
      for (const id of ['../acme', 'acme/history/x', 'ACME', '', '__name__'])
        expect(await counted.get(id)).toBeUndefined();
      for (const version of ['../acme', 'a/b/c', '__name__', ''])
        await expect(counted.atVersion('acme', version)).rejects.toBeInstanceOf(UnknownVersionError);
      expect(reads()).toBe(before);
    } finally {
      await Promise.all(stores.splice(1).map((s) => s.close()));
      await double.cleanup();
    }
  });

  it('orders history by time, newest first, then by commit for writes in the same instant', async () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    const fixed = await open(db.another(), { watch: false, now: () => at });
    let current = (await fixed.get('acme'))!;
    const versions: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const tenant = structuredClone(current.tenant);
      tenant.site.appTitle = title;
      current = await fixed.put('acme', tenant, { ifMatch: current.version, actor: title });
      versions.push(current.version);
    }
    expect((await store.history('acme')).map((e) => e.version)).toEqual(versions.reverse());
  });
});
