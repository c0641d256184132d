/** The firestore HouseApplicationStore: the contract on Google's official Firestore emulator (tests/helpers/firestore.ts first: no metadata probe, the emulator's host). */
import '../helpers/firestore';
import { firestoreUnderTest } from './firestore-under-test';
import { describeHouseApplicationStoreContract } from './house-application-store.contract';

const { FirestoreHouseApplicationStore } = await import('../../server/stores/firestore-house-application-store');

describeHouseApplicationStoreContract(
  'firestore',
  firestoreUnderTest(
    'backlot-house-applications',
    (firestore) => new FirestoreHouseApplicationStore(firestore, 'platform'),
  ).open,
);
