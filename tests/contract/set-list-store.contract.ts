/**
 * The SetListStore contract, run against every adapter: lists are kept per tenant and per owner,
 * found by their share token only while shared, changed atomically (concurrent changes all land),
 * and refused whole when they do not fit the schema.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SetList } from '../../schema/types.generated';
import { UnknownSetListError, type SetListStore } from '../../server/stores/set-list-store';

export function sampleSetList(id: string, overrides: Partial<SetList> = {}): SetList {
  return {
    id,
    tenantId: 'aviation',
    uid: 'visitor-1',
    name: 'Ep 3: galley',
    lines: [{ objectID: 'galley-cart-grey', quantity: 2, addedAt: '2026-11-20T10:00:00.000Z' }],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function describeSetListStoreContract(name: string, open: () => Promise<{ store: SetListStore; cleanup(): Promise<void> }>) {
  describe(`SetListStore contract: ${name}`, () => {
    let store: SetListStore;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
    });
    afterEach(async () => {
      await store.close();
      await cleanup();
    });

    it('creates, reads and deletes a list; an unknown id reads as nothing', async () => {
      const list = sampleSetList('list-aaaa1');
      expect(await store.create(list)).toEqual(list);
      expect(await store.get('aviation', 'list-aaaa1')).toEqual(list);
      expect(await store.get('aviation', 'list-nope1')).toBeUndefined();
      await store.delete('aviation', 'list-aaaa1');
      expect(await store.get('aviation', 'list-aaaa1')).toBeUndefined();
      await store.delete('aviation', 'list-aaaa1');
    });

    it('refuses a second list with a taken id, and the first stays', async () => {
      await store.create(sampleSetList('list-aaaa1'));
      await expect(store.create(sampleSetList('list-aaaa1', { name: 'Another' }))).rejects.toThrow(/already exists/);
      expect((await store.get('aviation', 'list-aaaa1'))?.name).toBe('Ep 3: galley');
    });

    it('refuses a list that does not fit the schema, and stores nothing', async () => {
      await expect(store.create(sampleSetList('list-bad01', { name: '' }))).rejects.toThrow(/\/name/);
      expect(await store.get('aviation', 'list-bad01')).toBeUndefined();
      await store.create(sampleSetList('list-aaaa1'));
      await expect(store.update('aviation', 'list-aaaa1', (current) => ({ ...current, lines: [{ objectID: 'x', quantity: 0, addedAt: current.createdAt }] }))).rejects.toThrow(/quantity/);
      expect((await store.get('aviation', 'list-aaaa1'))?.lines).toHaveLength(1);
    });

    it("lists one visitor's lists, most recently changed first, never another's or another tenant's", async () => {
      await store.create(sampleSetList('list-old01', { updatedAt: '2026-11-20T10:00:00.000Z' }));
      await store.create(sampleSetList('list-new01', { updatedAt: '2026-11-21T10:00:00.000Z' }));
      await store.create(sampleSetList('list-them1', { uid: 'visitor-2' }));
      await store.create(sampleSetList('list-else1', { tenantId: 'platform' }));
      expect((await store.listFor('aviation', 'visitor-1')).map((list) => list.id)).toEqual(['list-new01', 'list-old01']);
      expect((await store.listFor('platform', 'visitor-1')).map((list) => list.id)).toEqual(['list-else1']);
      expect(await store.listFor('aviation', 'visitor-3')).toEqual([]);
      expect(await store.get('platform', 'list-old01')).toBeUndefined();
    });

    it('finds a list by its share token only while it is shared, and only in its tenant', async () => {
      const token = 'abcdefghijklmnopqrstuvwxyz012345';
      await store.create(sampleSetList('list-aaaa1'));
      expect(await store.getShared('aviation', token)).toBeUndefined();
      await store.update('aviation', 'list-aaaa1', (current) => ({ ...current, shareToken: token }));
      expect((await store.getShared('aviation', token))?.id).toBe('list-aaaa1');
      expect(await store.getShared('platform', token)).toBeUndefined();
      await store.update('aviation', 'list-aaaa1', ({ shareToken: _token, ...current }) => current);
      expect(await store.getShared('aviation', token)).toBeUndefined();
    });

    it('changes a list atomically: concurrent additions all land', async () => {
      await store.create(sampleSetList('list-aaaa1', { lines: [] }));
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          store.update('aviation', 'list-aaaa1', (current) => ({ ...current, lines: [...current.lines, { objectID: `item-${index}`, quantity: 1, addedAt: current.createdAt }] })),
        ),
      );
      expect((await store.get('aviation', 'list-aaaa1'))?.lines).toHaveLength(20);
      await expect(store.update('aviation', 'list-none1', (current) => current)).rejects.toBeInstanceOf(UnknownSetListError);
    });
  });
}
