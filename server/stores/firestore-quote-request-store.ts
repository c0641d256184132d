/**
 * Quote requests in Cloud Firestore through firebase-admin, beside the tenant's items and profiles:
 *
 *   vendors/{tenantId}/quoteRequests/{id}   the request, every field as the quote-request schema has it
 *   vendors/{tenantId}/bookings/{objectID}   the item's ledger: `entries`, every hold and order on it
 *
 * The Firestore instance is injected (production passes getFirestore(app), tests an in-process one
 * from @firebase-bridge/firestore-admin), so this module only imports firebase-admin's types.
 * - add() checks the request against its schema before anything is written, then uses Firestore's
 *   create (it fails when the document exists): QuoteRequestExistsError, and the first stays.
 * - list() is newest first, createdAt descending then id ascending (as SQLite orders them), with the
 *   total from a count aggregate query. On Cloud Firestore that ordering (one field descending, the
 *   document id ascending) may ask for a composite index on the quoteRequests collection
 *   (createdAt DESC, __name__ ASC): Firestore's error names the index to create.
 * - change() is one Firestore transaction: it reads the request and the ledger of every item the
 *   request names, checks the revision and (when placing) every other live booking, then writes the
 *   ledgers and the request. Two servers placing the last unit at once both read the same ledger,
 *   so Firestore lets one commit and retries the other, which then sees the first's booking and is
 *   refused (OverbookedError). A ledger keeps every booking (about 150 bytes each: an item
 *   booked 100 times a year stays far below Firestore's 1 MiB document limit for decades).
 * - subscribe() listens to the tenant's quoteRequests collection, so a change made through any
 *   server reaches the console pages connected to this one.
 * - bookings() and bookingsBetween() answer from this process's copy of the tenant's ledgers, kept
 *   by a listener (firestore-ledger-watch.ts): a listing page's availability costs no round trip.
 *   The server that wrote a ledger reads its own write (change() waits for its copy to show it);
 *   another server's write arrives within the listener's delay. Should the listener fail, they read
 *   Firestore: the ledgers of the items asked about in one batch (getAll), or the ledgers whose last
 *   booking ends on or after the range starts (`until`, one field's index).
 */
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import type { Booking } from '../../schema/availability';
import type { QuoteRequest } from '../../schema/types.generated';
import { ledgerSignature, LedgerWatch } from './firestore-ledger-watch';
import { changedRequest, checkedQuoteRequest, placedBookings, QuoteRequestExistsError, type QuoteChange, type QuoteRequestStore } from './quote-request-store';

/** A request as Firestore stores it: plain JSON values (no `undefined`). */
const stored = (request: QuoteRequest) => JSON.parse(JSON.stringify(checkedQuoteRequest(request))) as Record<string, unknown>;

/** gRPC's ALREADY_EXISTS, which a create of an existing document fails with. */
const ALREADY_EXISTS = 6;
const DEFAULT_PAGE = 100;
/** The document id as a field path (what FieldPath.documentId() names), without loading firebase-admin here. */
const DOCUMENT_ID = '__name__';
interface Ledger {
  entries: Booking[];
  /** The last day any entry reaches: what a tenant-wide range query filters on. */
  until: string;
}

const ledgerEntries = (data: unknown) => (data as Ledger | undefined)?.entries ?? [];
const entriesOf = (snapshot: { exists: boolean; data(): unknown }) => (snapshot.exists ? ledgerEntries(snapshot.data()) : []);
const inRange = (from: string, to: string) => (entry: Booking) => entry.lastDay >= from && entry.firstDay <= to;

export class FirestoreQuoteRequestStore implements QuoteRequestStore {
  /** `onClose` runs last in close() (the server deletes the firebase-admin app it opened for this store). */
  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  /** This process's copy of each tenant's ledgers, started by the first read of its bookings. */
  private readonly watches = new Map<string, LedgerWatch>();

  private ledgerCopy(tenantId: string) {
    let watch = this.watches.get(tenantId);
    if (!watch || watch.failed) {
      watch?.close();
      watch = new LedgerWatch(this.firestore.collection('vendors').doc(tenantId).collection('bookings'), ledgerEntries);
      this.watches.set(tenantId, watch);
    }
    return watch.copy();
  }

  private requests(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('quoteRequests');
  }

  async add(request: QuoteRequest): Promise<QuoteRequest> {
    const document = stored(request);
    try {
      await this.requests(request.tenantId).doc(request.id).create(document);
    } catch (error) {
      if ((error as { code?: number }).code === ALREADY_EXISTS) throw new QuoteRequestExistsError(request.tenantId, request.id);
      throw error;
    }
    return request;
  }

  async get(tenantId: string, id: string): Promise<QuoteRequest | undefined> {
    const snapshot = await this.requests(tenantId).doc(id).get();
    return snapshot.exists ? (snapshot.data() as QuoteRequest) : undefined;
  }

  async list(tenantId: string, page: { limit?: number; offset?: number } = {}): Promise<{ total: number; requests: QuoteRequest[] }> {
    const collection = this.requests(tenantId);
    const [count, snapshot] = await Promise.all([
      collection.count().get(),
      collection
        .orderBy('createdAt', 'desc')
        .orderBy(DOCUMENT_ID)
        .offset(page.offset ?? 0)
        .limit(page.limit ?? DEFAULT_PAGE)
        .get(),
    ]);
    return { total: count.data().count, requests: snapshot.docs.map((doc) => doc.data() as QuoteRequest) };
  }

  async listByVisitor(tenantId: string, uid: string): Promise<QuoteRequest[]> {
    // One equality filter needs no composite index; a visitor has few requests, so they are sorted here.
    const snapshot = await this.requests(tenantId).where('uid', '==', uid).get();
    return snapshot.docs.map((doc) => doc.data() as QuoteRequest).sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? 1 : -1));
  }

  private ledger(tenantId: string, objectID: string): DocumentReference {
    return this.firestore.collection('vendors').doc(tenantId).collection('bookings').doc(objectID);
  }

  async change(tenantId: string, id: string, change: QuoteChange): Promise<QuoteRequest> {
    const reference = this.requests(tenantId).doc(id);
    // What the transaction's last attempt wrote to each ledger, for this server's copy to show before the answer.
    let written = new Map<string, string>();
    const next = await this.firestore.runTransaction(async (transaction) => {
      written = new Map();
      const snapshot = await transaction.get(reference);
      const { next, bookings } = changedRequest(snapshot.exists ? (snapshot.data() as QuoteRequest) : undefined, id, change);
      if (bookings !== undefined) {
        // Every item the request names before and after the change: its own old entries go.
        const objectIDs = [...new Set([...(snapshot.data() as QuoteRequest).lines, ...next.lines].map((line) => line.objectID))];
        const references = objectIDs.map((objectID) => this.ledger(tenantId, objectID));
        const ledgers = new Map((await transaction.getAll(...references)).map((ledger, index) => [objectIDs[index]!, entriesOf(ledger).filter((entry) => entry.quoteId !== id)]));
        if (bookings !== 'release') for (const booking of placedBookings(next, bookings, [...ledgers.values()].flat())) ledgers.get(booking.objectID)!.push(booking);
        references.forEach((ledgerReference, index) => {
          const entries = ledgers.get(objectIDs[index]!)!;
          const ledger: Ledger = { entries: JSON.parse(JSON.stringify(entries)) as Booking[], until: entries.reduce((last, entry) => (entry.lastDay > last ? entry.lastDay : last), '') };
          transaction.set(ledgerReference, ledger);
          written.set(objectIDs[index]!, ledgerSignature(ledger.entries));
        });
      }
      transaction.set(reference, stored(next));
      return next;
    });
    if (written.size > 0) await this.watches.get(tenantId)?.caughtUp(written);
    return next;
  }

  async bookings(tenantId: string, objectIDs: readonly string[], from: string, to: string): Promise<Booking[]> {
    if (objectIDs.length === 0) return [];
    const copy = await this.ledgerCopy(tenantId);
    if (copy) return objectIDs.flatMap((objectID) => copy.get(objectID) ?? []).filter(inRange(from, to));
    const ledgers = await this.firestore.getAll(...objectIDs.map((objectID) => this.ledger(tenantId, objectID)));
    return ledgers.flatMap(entriesOf).filter(inRange(from, to));
  }

  async bookingsBetween(tenantId: string, from: string, to: string): Promise<Booking[]> {
    const copy = await this.ledgerCopy(tenantId);
    if (copy) return [...copy.values()].flat().filter(inRange(from, to));
    const ledgers = await this.firestore.collection('vendors').doc(tenantId).collection('bookings').where('until', '>=', from).get();
    return ledgers.docs.flatMap(entriesOf).filter(inRange(from, to));
  }

  subscribe(tenantId: string, listener: (id: string) => void): () => void {
    let first = true;
    return this.requests(tenantId).onSnapshot(
      (snapshot) => {
        // The first snapshot is what exists already; after it, each added or changed request.
        if (first) return void (first = false);
        for (const change of snapshot.docChanges()) if (change.type !== 'removed') listener(change.doc.id);
      },
      () => undefined,
    );
  }

  async close(): Promise<void> {
    for (const watch of this.watches.values()) watch.close();
    this.watches.clear();
    await this.options.onClose?.();
  }
}
