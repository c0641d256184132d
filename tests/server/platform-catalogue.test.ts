/**
 * The platform's catalogue over real parts (the tenants folder, a SQLite item store, the embedded
 * index): it follows every house's items with one listener, not one a house (on Firestore that one
 * listener is a collection-group listener: tests/contract/firestore-item-store.test.ts runs the
 * same contract on the emulator, and the two-server suite the whole path); a change made while the
 * first load is written is applied after it, never lost; a house not listed is not on the
 * platform, and is read in once it lists itself. The one double is named where it is used: an
 * index whose replaceAll waits for the test.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Item } from '../../schema/types.generated';
import { PlatformCatalogue } from '../../server/marketplace/platform-catalogue';
import { InProcessSearchIndex } from '../../server/search/engine/in-process-search';
import type { SearchIndex } from '../../server/search/search-port';
import { FileTenantStore } from '../../server/stores/file-tenant-store';
import type { ItemStore } from '../../server/stores/item-store';
import { SqliteItemStore } from '../../server/stores/sqlite-item-store';
import { sampleItem } from '../contract/item-store.contract';
import { tenantsDir } from '../helpers/paths';

let root: string;
let tenantStore: FileTenantStore;
let itemStore: SqliteItemStore;
let catalogue: PlatformCatalogue | undefined;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-platform-catalogue-'));
  for (const tenant of ['platform', 'london', 'atlanta'])
    await cp(path.join(tenantsDir, tenant), path.join(root, 'tenants', tenant), { recursive: true });
  tenantStore = await FileTenantStore.open({
    tenantsDir: path.join(root, 'tenants'),
    dataDir: path.join(root, 'data'),
  });
  itemStore = new SqliteItemStore(path.join(root, 'items.sqlite'));
  await itemStore.putMany('london', [sampleItem('sofa', { name: 'Chesterfield Sofa' })]);
  await itemStore.putMany('atlanta', [sampleItem('crate', { name: 'Peach Crate' })]);
});

afterEach(async () => {
  catalogue?.close();
  await itemStore.close();
  await tenantStore.close();
  await rm(root, { recursive: true, force: true });
});

/** The item store as the catalogue uses it, counting the listeners it asks for. */
function counted(store: ItemStore) {
  const calls = { subscribe: 0, followEveryTenant: 0 };
  const wrapped = new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'subscribe' || name === 'followEveryTenant') calls[name]++;
      const value = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { wrapped, calls };
}

function open(index: SearchIndex, store: ItemStore = itemStore) {
  catalogue = new PlatformCatalogue({
    platformId: 'platform',
    index,
    itemStore: store,
    tenantStore,
    changed: () => undefined,
    failed: (error) => console.error(error),
  });
  return catalogue;
}

const found = async (index: SearchIndex, text: string) =>
  (await index.search('platform', { text, filters: {}, page: 0, perPage: 10 })).hits.map((hit) => hit.objectID);

describe("the platform's catalogue", () => {
  it('follows every house with one listener, not one a house', async () => {
    const index = new InProcessSearchIndex();
    const { wrapped, calls } = counted(itemStore);
    await open(index, wrapped).loaded();
    expect(await found(index, 'chesterfield')).toEqual(['london~sofa']);
    expect(await found(index, 'peach')).toEqual(['atlanta~crate']);
    expect(calls).toEqual({ subscribe: 0, followEveryTenant: 1 });
    // A house's change reaches the platform through that listener.
    await itemStore.put('atlanta', sampleItem('lamp', { name: 'Brass Floor Lamp' }));
    await expect.poll(() => found(index, 'brass lamp')).toEqual(['atlanta~lamp']);
    await itemStore.delete('london', 'sofa');
    await expect.poll(() => found(index, 'chesterfield')).toEqual([]);
    expect(calls.followEveryTenant).toBe(1);
  });

  it('applies a change made while the first load is written after it, never under it', async () => {
    const index = new InProcessSearchIndex();
    // The double: an index whose replaceAll waits until the test lets it go.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let writing!: () => void;
    const started = new Promise<void>((resolve) => (writing = resolve));
    const gated: SearchIndex = {
      replaceAll: async (tenantId: string, items: readonly Item[]) => {
        writing();
        await gate;
        await index.replaceAll(tenantId, items);
      },
      upsert: (tenantId, item) => index.upsert(tenantId, item),
      remove: (tenantId, objectID) => index.remove(tenantId, objectID),
      removeVendor: (tenantId, vendorId) => index.removeVendor(tenantId, vendorId),
      search: (tenantId, query) => index.search(tenantId, query),
    };
    const loading = open(gated).loaded();
    await started;
    await itemStore.put('atlanta', sampleItem('crate', { name: 'Peach Crate', quantity: 7 }));
    await itemStore.put('london', sampleItem('trunk', { name: 'Steamer Trunk' }));
    release();
    await loading;
    await expect.poll(() => found(index, 'steamer')).toEqual(['london~trunk']);
    expect(
      (await index.search('platform', { text: 'peach', filters: {}, page: 0, perPage: 1 })).hits[0]?.quantity,
    ).toBe(7);
  });

  it('leaves out a house that is not listed, and reads it in once it lists itself', async () => {
    const record = (await tenantStore.get('atlanta'))!;
    await tenantStore.put(
      'atlanta',
      { ...record.tenant, vendor: { ...record.tenant.vendor, isListed: false } },
      { ifMatch: record.version, actor: 'test' },
    );
    const index = new InProcessSearchIndex();
    const platform = open(index);
    await platform.loaded();
    expect(await found(index, 'peach')).toEqual([]);
    // Its changes while unlisted are not the platform's.
    await itemStore.put('atlanta', sampleItem('lamp', { name: 'Brass Floor Lamp' }));
    const unlisted = (await tenantStore.get('atlanta'))!;
    await tenantStore.put(
      'atlanta',
      { ...unlisted.tenant, vendor: { ...unlisted.tenant.vendor, isListed: true } },
      { ifMatch: unlisted.version, actor: 'test' },
    );
    await platform.refresh(false, ['atlanta']);
    expect((await found(index, 'peach')).concat(await found(index, 'brass lamp'))).toEqual([
      'atlanta~crate',
      'atlanta~lamp',
    ]);
  });

  it('reads a house made after the first load as soon as its listing is announced, not at the next whole check', async () => {
    const index = new InProcessSearchIndex();
    const platform = open(index);
    await platform.loaded();
    // A house approved since: its tenant is new to the catalogue, and has no version it has read.
    const { tenant } = (await tenantStore.get('atlanta'))!;
    await tenantStore.create(
      'savannah',
      {
        ...tenant,
        site: { ...tenant.site, tenantId: 'savannah', domain: 'savannah.backlot.example' },
        vendor: { ...tenant.vendor, id: 'savannah' },
      },
      'test',
    );
    await itemStore.put('savannah', sampleItem('lantern', { name: 'Harbour Lantern' }));
    await platform.refresh(false, ['savannah']);
    expect(await found(index, 'harbour lantern')).toEqual(['savannah~lantern']);
  });
});
