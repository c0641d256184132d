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
  it('imports more items than one transaction holds, and again changes nothing', { timeout: 30_000 }, () =>
    items.use(async (store) => {
      const many = Array.from({ length: 1100 }, (_, i) => sampleItem(`item-${String(i).padStart(4, '0')}`));
      expect(await store.putMany('aviation', many)).toEqual({ added: 1100, updated: 0, unchanged: 0 });
      expect(await store.putMany('aviation', many)).toEqual({ added: 0, updated: 0, unchanged: 1100 });
      expect(await store.count('aviation')).toBe(1100);
      expect((await store.list('aviation', { after: 'item-1097' })).map((item) => item.objectID)).toEqual(['item-1098', 'item-1099']);
    }),
  );
});
