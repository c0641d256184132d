/** The firestore ConversationStore: the contract on Google's official Firestore emulator (tests/helpers/firestore.ts first: no metadata probe, the emulator's host). */
import '../helpers/firestore';
import { describe, expect, it } from 'vitest';
import { firestoreUnderTest } from './firestore-under-test';
import { describeConversationStoreContract, sampleMessage } from './conversation-store.contract';

const { FirestoreConversationStore } = await import('../../server/stores/firestore-conversation-store');
const underTest = firestoreUnderTest('backlot-conversations', (firestore) => new FirestoreConversationStore(firestore));

describeConversationStoreContract('firestore', underTest.open);

describe('firestore conversations, live', () => {
  it('asks a listener only for the conversations written since it started, each summary read without its write time', () =>
    underTest.use(async (store, database) => {
      const thread = await store.post(sampleMessage(1));
      const hour = 3_600_000;
      expect((await store.changedSince('aviation', Date.now() + hour).get()).size).toBe(0);
      expect((await store.changedSince('aviation', Date.now() - hour).get()).size).toBe(1);
      // A summary written before write times were kept is never asked for again, until it changes.
      await database.firestore.doc('vendors/aviation/conversations/q-older').set({ ...thread, quoteId: 'q-older' });
      expect((await store.changedSince('aviation', 0).get()).docs.map((doc) => doc.id)).toEqual(['q-night-ferry']);
      expect(await store.thread('aviation', 'q-night-ferry')).toEqual(thread);
    }));
});
