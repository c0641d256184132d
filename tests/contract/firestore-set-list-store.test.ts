/**
 * The firestore SetListStore: the contract, on Google's official Firestore emulator, plus where a
 * list lives, the order of lists changed at the same moment, and two servers (two firebase-admin
 * Apps) on one database whose updates never lose one another's (each server queues its own
 * updates, so only the transaction keeps these true). tests/helpers/firestore.ts is imported
 * first: it turns the metadata-server probe off and points firebase-admin at the emulator.
 */
import { createTestDatabase } from '../helpers/firestore';
import { firestoreUnderTest } from './firestore-under-test';
import { describe, expect, it } from 'vitest';
import { describeSetListStoreContract, sampleSetList } from './set-list-store.contract';

const { FirestoreSetListStore } = await import('../../server/stores/firestore-set-list-store');

const setLists = firestoreUnderTest('backlot-set-lists', (firestore) => new FirestoreSetListStore(firestore));

describeSetListStoreContract('firestore', setLists.open);

describe('FirestoreSetListStore', () => {
  it('keeps a list at vendors/{tenantId}/setLists/{id}, as plain fields, and forgets a removed share token', () =>
    setLists.use(async (store, database) => {
      const list = sampleSetList('list-aaaa1', { notes: 'Scene 12' });
      await store.create(list);
      const snapshot = await database.firestore.doc('vendors/aviation/setLists/list-aaaa1').get();
      expect(snapshot.data()).toEqual(list);
      await store.update('aviation', 'list-aaaa1', (current) => ({
        ...current,
        shareToken: 'abcdefghijklmnopqrstuvwxyz012345',
      }));
      await store.update('aviation', 'list-aaaa1', ({ shareToken: _token, ...current }) => current);
      expect((await database.firestore.doc('vendors/aviation/setLists/list-aaaa1').get()).data()).toEqual(list);
    }));

  it('lists lists changed at the same moment by id', () =>
    setLists.use(async (store) => {
      for (const id of ['list-cccc1', 'list-aaaa1', 'list-bbbb1']) await store.create(sampleSetList(id));
      await store.create(sampleSetList('list-zzzz1', { updatedAt: '2026-11-22T10:00:00.000Z' }));
      expect((await store.listFor('aviation', 'visitor-1')).map((list) => list.id)).toEqual([
        'list-zzzz1',
        'list-aaaa1',
        'list-bbbb1',
        'list-cccc1',
      ]);
    }));
});

describe('FirestoreSetListStore from two servers', () => {
  it('keeps every concurrent addition', async () => {
    const database = await createTestDatabase('backlot-set-lists');
    const [a, b] = [new FirestoreSetListStore(database.firestore), new FirestoreSetListStore(database.another())];
    try {
      await a.create(sampleSetList('list-aaaa1', { lines: [] }));
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          (index % 2 ? a : b).update('aviation', 'list-aaaa1', (current) => ({
            ...current,
            lines: [...current.lines, { objectID: `item-${index}`, quantity: 1, addedAt: current.createdAt }],
          })),
        ),
      );
      const lines = (await b.get('aviation', 'list-aaaa1'))!.lines;
      expect(lines.map((line) => line.objectID).sort()).toEqual(
        Array.from({ length: 20 }, (_, index) => `item-${index}`).sort(),
      );
    } finally {
      await a.close();
      await b.close();
      await database.cleanup();
    }
  });
});
