/**
 * A firestore store on a fresh emulator database (tests/helpers/firestore.ts, imported first: it
 * turns the metadata-server probe off and points firebase-admin at the emulator): `open` is the factory a store contract takes, and `use`
 * runs one test on a store and database of its own, closing the store and throwing the database
 * away after, however the test ends.
 */
import { createTestDatabase, type TestDatabase } from '../helpers/firestore';
import type { Firestore } from 'firebase-admin/firestore';
import type { OpenedStore } from './store-under-test';

export function firestoreUnderTest<Store extends { close(): Promise<void> }>(
  prefix: string,
  make: (firestore: Firestore) => Store,
) {
  return {
    open: async (): Promise<OpenedStore<Store>> => {
      const database = await createTestDatabase(prefix);
      return { store: make(database.firestore), cleanup: () => database.cleanup() };
    },
    use: async (run: (store: Store, database: TestDatabase) => Promise<void>): Promise<void> => {
      const database = await createTestDatabase(prefix);
      const store = make(database.firestore);
      try {
        await run(store, database);
      } finally {
        await store.close();
        await database.cleanup();
      }
    },
  };
}
