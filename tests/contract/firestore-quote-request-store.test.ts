/**
 * The firestore QuoteRequestStore: the contract, on Google's official Firestore
 * emulator, plus where a request lives.
 * tests/helpers/firestore.ts is imported first (by firestore-under-test.ts): it turns the
 * metadata-server probe off and points firebase-admin at the emulator.
 */
import { firestoreUnderTest } from './firestore-under-test';
import { describe, expect, it } from 'vitest';
import { describeQuoteRequestStoreContract, sampleQuoteRequest } from './quote-request-store.contract';

const { FirestoreQuoteRequestStore } = await import('../../server/stores/firestore-quote-request-store');

const quotes = firestoreUnderTest('backlot-quotes', (firestore) => new FirestoreQuoteRequestStore(firestore));

describeQuoteRequestStoreContract('firestore', quotes.open);

describe('FirestoreQuoteRequestStore', () => {
  it('keeps a request at vendors/{tenantId}/quoteRequests/{id}, as plain fields', () =>
    quotes.use(async (store, database) => {
      const request = sampleQuoteRequest('q-1');
      await store.add(request);
      const snapshot = await database.firestore.doc('vendors/aviation/quoteRequests/q-1').get();
      expect(snapshot.data()).toEqual(request);
    }));
});
