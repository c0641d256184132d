/** The firestore CustomerAccountStore: the contract on Google's official Firestore emulator (tests/helpers/firestore.ts first: no metadata probe, the emulator's host). */
import '../helpers/firestore';
import { firestoreUnderTest } from './firestore-under-test';
import { describeCustomerAccountStoreContract } from './customer-account-store.contract';

const { FirestoreCustomerAccountStore } = await import('../../server/stores/firestore-customer-account-store');

describeCustomerAccountStoreContract(
  'firestore',
  firestoreUnderTest('backlot-customer-accounts', (firestore) => new FirestoreCustomerAccountStore(firestore)).open,
);
