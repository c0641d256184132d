/**
 * The Firestore InvoiceStore on Google's official emulator: the contract, where a document lives,
 * and two servers (two firebase-admin Apps on one database) issuing at once: every number once,
 * none skipped. tests/helpers/firestore.ts is imported first (metadata probe off, the emulator).
 */
import { createTestDatabase } from '../helpers/firestore';
import { firestoreUnderTest } from './firestore-under-test';
import { describe, expect, it } from 'vitest';
import { describeInvoiceStoreContract, sampleDraft } from './invoice-store.contract';

const { FirestoreInvoiceStore } = await import('../../server/stores/firestore-invoice-store');

const invoices = firestoreUnderTest('backlot-invoices', (firestore) => new FirestoreInvoiceStore(firestore));

describeInvoiceStoreContract('firestore', invoices.open);

describe('FirestoreInvoiceStore', () => {
  it('keeps a document at vendors/{tenantId}/invoices/{number} with its sequence beside it', () =>
    invoices.use(async (store, database) => {
      const { invoice } = await store.issue(sampleDraft('q-1'));
      expect((await database.firestore.doc('vendors/aviation/invoices/INV-000001').get()).data()).toEqual(invoice);
      expect((await database.firestore.doc('vendors/aviation/invoiceSequences/invoice').get()).data()).toEqual({
        last: 1,
      });
    }));

  it('numbers what two servers issue at once 1…n, each once', async () => {
    const database = await createTestDatabase('backlot-invoices-two');
    const a = new FirestoreInvoiceStore(database.firestore);
    const b = new FirestoreInvoiceStore(database.another());
    try {
      const issued = await Promise.all(
        Array.from({ length: 24 }, (_, index) => (index % 2 ? a : b).issue(sampleDraft(`q-${index}`))),
      );
      expect(issued.map((answer) => answer.invoice.sequence).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 24 }, (_, index) => index + 1),
      );
    } finally {
      await a.close();
      await b.close();
      await database.cleanup();
    }
  });
});
