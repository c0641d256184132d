/** The firestore ConversationStore: the contract on Google's official Firestore emulator (tests/helpers/firestore.ts first: no metadata probe, the emulator's host). */
import '../helpers/firestore';
import { firestoreUnderTest } from './firestore-under-test';
import { describeConversationStoreContract } from './conversation-store.contract';

const { FirestoreConversationStore } = await import('../../server/stores/firestore-conversation-store');

describeConversationStoreContract(
  'firestore',
  firestoreUnderTest('backlot-conversations', (firestore) => new FirestoreConversationStore(firestore)).open,
);
