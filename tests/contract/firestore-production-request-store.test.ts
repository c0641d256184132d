/**
 * The firestore ProductionRequestStore: the contract on Google's official Firestore emulator, where
 * a request lives, and two servers (two stores on one database) sending parts of one request at
 * once, whose updates never lose one another's (only the transaction keeps that true).
 */
import '../helpers/firestore';
import { describe, expect, it } from 'vitest';
import { firestoreUnderTest } from './firestore-under-test';
import {
  describeProductionRequestStoreContract,
  sampleProductionRequest,
  sent,
} from './production-request-store.contract';

const { FirestoreProductionRequestStore } = await import('../../server/stores/firestore-production-request-store');

const requests = firestoreUnderTest(
  'backlot-production-requests',
  (firestore) => new FirestoreProductionRequestStore(firestore, 'platform'),
);

describeProductionRequestStoreContract('firestore', requests.open);

describe('FirestoreProductionRequestStore', () => {
  it('keeps a request at vendors/platform/productionRequests/{id}, and two servers updating its parts at once both land', () =>
    requests.use(async (store, database) => {
      await store.create(sampleProductionRequest('key-aaaa-0001'));
      expect((await database.firestore.doc('vendors/platform/productionRequests/key-aaaa-0001').get()).data()).toEqual(
        sampleProductionRequest('key-aaaa-0001'),
      );
      const other = new FirestoreProductionRequestStore(database.firestore, 'platform');
      await Promise.all([
        store.update('key-aaaa-0001', sent('aviation', 'quote-a')),
        other.update('key-aaaa-0001', sent('london', 'quote-l')),
      ]);
      expect((await store.get('key-aaaa-0001'))?.parts.map((part) => part.state)).toEqual(['sent', 'sent']);
    }));
});
