/** The firestore PayoutAccountStore: the contract on Google's official Firestore emulator (tests/helpers/firestore.ts first: no metadata probe, the emulator's host). */
import '../helpers/firestore';
import { firestoreUnderTest } from './firestore-under-test';
import { describePayoutAccountStoreContract } from './payout-account-store.contract';

const { FirestorePayoutAccountStore } = await import('../../server/stores/firestore-payout-account-store');

describePayoutAccountStoreContract(
  'firestore',
  firestoreUnderTest('backlot-payout-accounts', (firestore) => new FirestorePayoutAccountStore(firestore)).open,
);
