/**
 * The SetListStore contract, run against every adapter: lists are kept per tenant and per owner,
 * found by their share token only while shared, changed atomically (concurrent changes all land),
 * and refused whole when they do not fit the schema.
 */
import { describe, expect, it } from 'vitest';
import type { SetList } from '../../schema/types.generated';
import { UnknownSetListError, type SetListStore } from '../../server/stores/set-list-store';
import { storeUnderTest, type OpenedStore } from './store-under-test';

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

export function describeSetListStoreContract(name: string, open: () => Promise<OpenedStore<SetListStore>>) {
  describe(`SetListStore contract: ${name}`, () => {
    const subject = storeUnderTest(open);

    it('creates, reads and deletes a list; an unknown id reads as nothing', async () => {
      const list = sampleSetList('list-aaaa1');
      expect(await subject.store.create(list)).toEqual(list);
      expect(await subject.store.get('aviation', 'list-aaaa1')).toEqual(list);
      expect(await subject.store.get('aviation', 'list-nope1')).toBeUndefined();
      await subject.store.delete('aviation', 'list-aaaa1');
      expect(await subject.store.get('aviation', 'list-aaaa1')).toBeUndefined();
      await subject.store.delete('aviation', 'list-aaaa1');
    });

    it('refuses a second list with a taken id, and the first stays', async () => {
      await subject.store.create(sampleSetList('list-aaaa1'));
      await expect(subject.store.create(sampleSetList('list-aaaa1', { name: 'Another' }))).rejects.toThrow(
        /already exists/,
      );
      expect((await subject.store.get('aviation', 'list-aaaa1'))?.name).toBe('Ep 3: galley');
    });

    it('refuses a list that does not fit the schema, and stores nothing', async () => {
      await expect(subject.store.create(sampleSetList('list-bad01', { name: '' }))).rejects.toThrow(/\/name/);
      expect(await subject.store.get('aviation', 'list-bad01')).toBeUndefined();
      await subject.store.create(sampleSetList('list-aaaa1'));
      await expect(
        subject.store.update('aviation', 'list-aaaa1', (current) => ({
          ...current,
          lines: [{ objectID: 'x', quantity: 0, addedAt: current.createdAt }],
        })),
      ).rejects.toThrow(/quantity/);
      expect((await subject.store.get('aviation', 'list-aaaa1'))?.lines).toHaveLength(1);
    });

    it("lists one visitor's lists, most recently changed first, never another's or another tenant's", async () => {
      await subject.store.create(sampleSetList('list-old01', { updatedAt: '2026-11-20T10:00:00.000Z' }));
      await subject.store.create(sampleSetList('list-new01', { updatedAt: '2026-11-21T10:00:00.000Z' }));
      await subject.store.create(sampleSetList('list-them1', { uid: 'visitor-2' }));
      await subject.store.create(sampleSetList('list-else1', { tenantId: 'platform' }));
      expect((await subject.store.listFor('aviation', 'visitor-1')).map((list) => list.id)).toEqual([
        'list-new01',
        'list-old01',
      ]);
      expect((await subject.store.listFor('platform', 'visitor-1')).map((list) => list.id)).toEqual(['list-else1']);
      expect(await subject.store.listFor('aviation', 'visitor-3')).toEqual([]);
      expect(await subject.store.get('platform', 'list-old01')).toBeUndefined();
    });

    it('finds a list by its share token only while it is shared, and only in its tenant', async () => {
      const token = 'abcdefghijklmnopqrstuvwxyz012345';
      await subject.store.create(sampleSetList('list-aaaa1'));
      expect(await subject.store.getShared('aviation', token)).toBeUndefined();
      await subject.store.update('aviation', 'list-aaaa1', (current) => ({ ...current, shareToken: token }));
      expect((await subject.store.getShared('aviation', token))?.id).toBe('list-aaaa1');
      expect(await subject.store.getShared('platform', token)).toBeUndefined();
      await subject.store.update('aviation', 'list-aaaa1', ({ shareToken: _token, ...current }) => current);
      expect(await subject.store.getShared('aviation', token)).toBeUndefined();
    });

    it('changes a list atomically: concurrent additions all land', async () => {
      await subject.store.create(sampleSetList('list-aaaa1', { lines: [] }));
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          subject.store.update('aviation', 'list-aaaa1', (current) => ({
            ...current,
            lines: [...current.lines, { objectID: `item-${index}`, quantity: 1, addedAt: current.createdAt }],
          })),
        ),
      );
      expect((await subject.store.get('aviation', 'list-aaaa1'))?.lines).toHaveLength(20);
      await expect(subject.store.update('aviation', 'list-none1', (current) => current)).rejects.toBeInstanceOf(
        UnknownSetListError,
      );
    });
  });
}
