/**
 * The firestore ItemStore: the contract, on Google's official Firestore
 * emulator, plus an import larger than
 * one Firestore transaction. tests/helpers/firestore.ts is imported first (by
 * firestore-under-test.ts): it turns the metadata-server probe off and points firebase-admin at the emulator.
 */
import { firestoreUnderTest } from './firestore-under-test';
import { describe, expect, it } from 'vitest';
import { describeItemStoreContract, sampleItem } from './item-store.contract';

const { FirestoreItemStore } = await import('../../server/stores/firestore-item-store');

const items = firestoreUnderTest('backlot-items', (firestore) => new FirestoreItemStore(firestore));

describeItemStoreContract('firestore', items.open);

describe('FirestoreItemStore', () => {
  it(
    'imports 1,100 items (more than the 500 writes Firestore once took in one transaction), and again changes nothing',
    { timeout: 30_000 },
    () =>
      items.use(async (store) => {
        const many = Array.from({ length: 1100 }, (_, i) => sampleItem(`item-${String(i).padStart(4, '0')}`));
        expect(await store.putMany('aviation', many)).toEqual({ added: 1100, updated: 0, unchanged: 0 });
        expect(await store.putMany('aviation', many)).toEqual({ added: 0, updated: 0, unchanged: 1100 });
        expect(await store.count('aviation')).toBe(1100);
        expect((await store.list('aviation', { after: 'item-1097' })).map((item) => item.objectID)).toEqual([
          'item-1098',
          'item-1099',
        ]);
      }),
  );

  it('splits a write larger than one transaction takes into parts, and writes them all', { timeout: 60_000 }, () =>
    items.use(async (store) => {
      // 1,500 items with the longest description an item takes (4,000 characters): 6 MB, more than the emulator takes at once.
      const heavy = Array.from({ length: 1500 }, (_, i) =>
        sampleItem(`heavy-${String(i).padStart(4, '0')}`, {
          description: `${'A long condition report. '.repeat(159)}${i}`.padEnd(4000, '.'),
        }),
      );
      expect(await store.putMany('aviation', heavy)).toEqual({ added: 1500, updated: 0, unchanged: 0 });
      expect(await store.count('aviation')).toBe(1500);
      expect((await store.get('aviation', 'heavy-1499'))!.description).toContain('1499');
    }),
  );
});
