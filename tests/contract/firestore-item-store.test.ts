/**
 * The firestore ItemStore: the contract, against an in-process Firestore
 * (@firebase-bridge/firestore-admin under the real firebase-admin), plus an import larger than
 * one Firestore transaction. tests/helpers/firestore.ts is imported first: it turns the
 * metadata-server probe off.
 */
import { createTestDatabase } from '../helpers/firestore';
import { describe, expect, it } from 'vitest';
import { describeItemStoreContract, sampleItem } from './item-store.contract';

const { FirestoreItemStore } = await import('../../server/stores/firestore-item-store');

describeItemStoreContract('firestore', async () => {
  const database = createTestDatabase('backlot-items');
  return { store: new FirestoreItemStore(database.firestore), cleanup: () => database.cleanup() };
});

describe('FirestoreItemStore', () => {
  it('imports more items than one transaction holds, and again changes nothing', async () => {
    const database = createTestDatabase('backlot-items');
    const store = new FirestoreItemStore(database.firestore);
    try {
      const items = Array.from({ length: 1100 }, (_, i) => sampleItem(`item-${String(i).padStart(4, '0')}`));
      expect(await store.putMany('aviation', items)).toEqual({ added: 1100, updated: 0, unchanged: 0 });
      expect(await store.putMany('aviation', items)).toEqual({ added: 0, updated: 0, unchanged: 1100 });
      expect(await store.count('aviation')).toBe(1100);
      expect((await store.list('aviation', { after: 'item-1097' })).map((item) => item.objectID)).toEqual(['item-1098', 'item-1099']);
    } finally {
      await store.close();
      await database.cleanup();
    }
  }, 30_000);
});
