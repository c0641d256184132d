/**
 * The firestore QuoteRequestStore: the contract, against an in-process Firestore
 * (@firebase-bridge/firestore-admin under the real firebase-admin), plus where a request lives.
 * tests/helpers/firestore.ts is imported first: it turns the metadata-server probe off.
 */
import { createTestDatabase } from '../helpers/firestore';
import { describe, expect, it } from 'vitest';
import { describeQuoteRequestStoreContract, sampleQuoteRequest } from './quote-request-store.contract';

const { FirestoreQuoteRequestStore } = await import('../../server/stores/firestore-quote-request-store');

describeQuoteRequestStoreContract('firestore', async () => {
  const database = createTestDatabase('backlot-quotes');
  return { store: new FirestoreQuoteRequestStore(database.firestore), cleanup: () => database.cleanup() };
});

describe('FirestoreQuoteRequestStore', () => {
  it('keeps a request at vendors/{tenantId}/quoteRequests/{id}, as plain fields', async () => {
    const database = createTestDatabase('backlot-quotes');
    const store = new FirestoreQuoteRequestStore(database.firestore);
    try {
      const request = sampleQuoteRequest('q-1');
      await store.add(request);
      const snapshot = await database.firestore.doc('vendors/aviation/quoteRequests/q-1').get();
      expect(snapshot.data()).toEqual(request);
    } finally {
      await store.close();
      await database.cleanup();
    }
  });
});
