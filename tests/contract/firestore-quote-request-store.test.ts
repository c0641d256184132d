/**
 * The firestore QuoteRequestStore: the contract, on Google's official Firestore
 * emulator, plus where a request lives.
 * tests/helpers/firestore.ts is imported first (by firestore-under-test.ts): it turns the
 * metadata-server probe off and points firebase-admin at the emulator.
 */
import { firestoreUnderTest } from './firestore-under-test';
import { describe, expect, it, vi } from 'vitest';
import type { QuoteChange, QuoteRequestStore } from '../../server/stores/quote-request-store';
import { describeHireStoreContract } from './hire-store.contract';
import { describeQuoteRequestStoreContract, sampleQuoteRequest } from './quote-request-store.contract';

const { FirestoreQuoteRequestStore } = await import('../../server/stores/firestore-quote-request-store');

const quotes = firestoreUnderTest('backlot-quotes', (firestore) => new FirestoreQuoteRequestStore(firestore));

describeQuoteRequestStoreContract('firestore', quotes.open);
describeHireStoreContract('firestore', quotes.open);

describe('FirestoreQuoteRequestStore', () => {
  it('keeps a request at vendors/{tenantId}/quoteRequests/{id}, as plain fields, with its listing fields beside them', () =>
    quotes.use(async (store, database) => {
      const request = sampleQuoteRequest('q-1');
      await store.add(request);
      const snapshot = await database.firestore.doc('vendors/aviation/quoteRequests/q-1').get();
      expect(snapshot.data()).toEqual({
        ...request,
        listing: { openUntil: '2026-11-30', confirmedAt: null, version: 1 },
      });
      expect(await store.get('aviation', 'q-1')).toEqual(request);
    }));

  it('gives requests stored before the listing fields their fields, the first time it lists them', () =>
    quotes.use(async (store, database) => {
      const older = sampleQuoteRequest('older', { state: 'requested' });
      await database.firestore.doc('vendors/aviation/quoteRequests/older').set(older);
      expect((await store.list('aviation', { state: 'requested' })).requests).toEqual([older]);
      expect((await store.due('aviation', '2026-12-01', 10)).map((request) => request.id)).toEqual(['older']);
      expect((await database.firestore.doc('vendors/aviation/indexes/quoteRequests').get()).data()).toEqual({
        version: 1,
      });
    }));

  it("answers bookings from this server's copy of the ledgers, which follows another server's writes and the store itself", () =>
    quotes.use(async (store, database) => {
      const otherFirestore = database.another();
      const other = new FirestoreQuoteRequestStore(otherFirestore);
      // Reads of ledgers by id: what a listing's availability cost per page before the copy.
      const roundTrips = vi.spyOn(otherFirestore, 'getAll');
      try {
        const order = (revision = 0): QuoteChange => ({
          revision,
          apply: (current) => ({ ...current, hold: 'order' }),
          bookings: {
            place: 'order',
            placement: { stock: new Map([['galley-cart', 2]]), turnaroundDays: 1, today: '2026-11-25' },
          },
        });
        const held = (on: QuoteRequestStore) =>
          on
            .bookings('aviation', ['galley-cart'], '2026-12-01', '2026-12-31')
            .then((bookings) => bookings.map((booking) => booking.quoteId).sort());
        // Both copies start empty; an order placed through this server is in its copy when change() answers.
        expect(await held(store)).toEqual([]);
        expect(await held(other)).toEqual([]);
        await store.add(
          sampleQuoteRequest('mine', {
            lines: [{ objectID: 'galley-cart', name: 'Atlas Galley Cart', quantity: 1, dayRate: 85 }],
          }),
        );
        await store.change('aviation', 'mine', order());
        expect(await held(store)).toEqual(['mine']);
        // The other server's copy hears of it from its listener, and of a ledger written by anyone.
        await expect.poll(() => held(other)).toEqual(['mine']);
        await database.firestore.doc('vendors/aviation/bookings/galley-cart').update({ entries: [] });
        await expect.poll(() => held(other)).toEqual([]);
        await expect.poll(() => held(store)).toEqual([]);
        expect(roundTrips).not.toHaveBeenCalled();
        expect(await store.bookingsBetween('aviation', '2026-12-01', '2026-12-31')).toEqual([]);
      } finally {
        await other.close();
      }
    }));

  it('reads Firestore itself when the copy has not caught up in time: a listener on an unreachable address only retries', async () => {
    const { initializeApp, deleteApp } = await import('firebase-admin/app');
    const { getFirestore } = await import('firebase-admin/firestore');
    const { LedgerWatch } = await import('../../server/stores/firestore-ledger-watch');
    const app = initializeApp({ projectId: 'backlot-unreachable' }, `unreachable-${Date.now()}`);
    // firebase-admin takes the emulator's address from the environment when the client is made: a closed port here.
    const emulator = process.env.FIRESTORE_EMULATOR_HOST;
    process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:9';
    const unreachable = getFirestore(app);
    process.env.FIRESTORE_EMULATOR_HOST = emulator;
    const watch = new LedgerWatch(unreachable.collection('vendors/aviation/bookings'), () => [], 300);
    try {
      // The first read waits for the copy at most 300 ms here, then the store reads directly; later reads do not wait.
      expect(await watch.copy()).toBeUndefined();
      expect(await watch.copy()).toBeUndefined();
    } finally {
      watch.close();
      await deleteApp(app);
    }
  });
});
