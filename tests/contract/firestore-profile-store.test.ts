/**
 * The firestore ProfileStore: the contract, on Google's official Firestore emulator, plus two
 * servers (two firebase-admin Apps) on one database whose updates never lose one another's and who
 * hear each other's changes. tests/helpers/firestore.ts is imported first: it turns the
 * metadata-server probe off and points firebase-admin at the emulator.
 */
import { createTestDatabase } from '../helpers/firestore';
import { firestoreUnderTest } from './firestore-under-test';
import { describe, expect, it } from 'vitest';
import { newProfile } from '../../server/identity/profile';
import { describeProfileStoreContract } from './profile-store.contract';

const { FirestoreProfileStore } = await import('../../server/stores/firestore-profile-store');

describeProfileStoreContract(
  'firestore',
  firestoreUnderTest('backlot-profiles', (firestore) => new FirestoreProfileStore(firestore)).open,
);

describe('FirestoreProfileStore from two servers', () => {
  it('keeps every increment, and each hears the other', async () => {
    const database = await createTestDatabase('backlot-profiles');
    const [a, b] = [new FirestoreProfileStore(database.firestore), new FirestoreProfileStore(database.another())];
    try {
      await a.create(
        'aviation',
        'u1',
        newProfile({ email: 'dana@studio.example', vendorId: 'aviation', vendorName: 'Jetway Props', now: new Date() }),
      );
      const heard: Array<boolean | null | undefined> = [];
      const stop = b.subscribe('aviation', 'u1', (profile) => heard.push(profile?.isAuthorized));
      const bump = (store: InstanceType<typeof FirestoreProfileStore>) =>
        store.update('aviation', 'u1', (current) => ({
          ...current,
          stats: { ...current.stats, setListCount: (current.stats?.setListCount ?? 0) + 1 },
        }));
      await Promise.all(Array.from({ length: 20 }, (_, i) => bump(i % 2 ? a : b)));
      expect((await b.get('aviation', 'u1'))!.stats!.setListCount).toBe(20);
      await a.update('aviation', 'u1', (current) => ({ ...current, isAuthorized: true }));
      await expect.poll(() => heard.at(-1)).toBe(true);
      stop();
    } finally {
      await a.close();
      await b.close();
      await database.cleanup();
    }
  });
});
