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
 * - Each request document carries `listing` beside the schema's fields (its last open day and when
 *   it was confirmed: listingFieldsOf), taken off again when read. list() is a Firestore query:
 *   equality on state and uid, ranges on the dates and the confirmation time, sorted by createdAt
 *   or startDate then the id (with a range filter, ties are ordered by the ranged fields first:
 *   Firestore puts them before the id), offset and limit, with the exact total from a count aggregate of
 *   the same query. The composite indexes Cloud Firestore asks for are in
 *   server/stores/firestore.indexes.json (`firebase deploy --only firestore:indexes`). A tenant's
 *   requests written before `listing` get it the first time this process lists them (once per
 *   tenant: a marker at vendors/{tenantId}/indexes/quoteRequests says it is done).
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
import type { DocumentReference, Firestore, Query } from 'firebase-admin/firestore';
import { reachesInto, reachOf, type Booking } from '../../schema/rental/availability';
import { stockItemsOf } from '../../schema/rental/kits';
import { bookingOfStockRow, outByItem } from '../../schema/rental/hire';
import type { QuoteRequest, ScanRecord, Unit } from '../../schema/types.generated';
import { ledgerSignature, LedgerWatch } from './firestore-ledger-watch';
import {
  changedRequest,
  checkedQuoteRequest,
  checkedUnit,
  steppedOrder,
  UnitExistsError,
  type HireStep,
  type HireStepDone,
  type UnitListQuery,
  DEFAULT_QUOTE_PAGE,
  listingFieldsOf,
  placedBookings,
  QuoteRequestExistsError,
  repeatOf,
  refuseTakenKeys,
  type StockMove,
  type QuoteChange,
  type QuoteListQuery,
  type QuoteRequestStore,
} from './quote-request-store';

/** A request as Firestore stores it: plain JSON values (no `undefined`), with its listing fields beside. */
const stored = (request: QuoteRequest) => {
  const document = JSON.parse(JSON.stringify(checkedQuoteRequest(request))) as Record<string, unknown>;
  const { openUntil, confirmedAt } = listingFieldsOf(request);
  return { ...document, listing: { openUntil, confirmedAt, version: LISTING_VERSION } };
};
/** A stored document as the request it is (the listing fields are the store's own). */
const requestOf = (data: unknown): QuoteRequest => {
  const { listing: _listing, ...request } = data as QuoteRequest & { listing?: unknown };
  return request;
};
/** Bumped when listing fields are added: documents with an older one are filled in again. */
const LISTING_VERSION = 1;

/** gRPC's ALREADY_EXISTS, which a create of an existing document fails with. */
const ALREADY_EXISTS = 6;
/** The document id as a field path (what FieldPath.documentId() names), without loading firebase-admin here. */
const DOCUMENT_ID = '__name__';
interface Ledger {
  entries: Booking[];
  /** The last day any entry reaches: what a tenant-wide range query filters on. */
  until: string;
}

const ledgerEntries = (data: unknown) => (data as Ledger | undefined)?.entries ?? [];
const entriesOf = (snapshot: { exists: boolean; data(): unknown }) =>
  snapshot.exists ? ledgerEntries(snapshot.data()) : [];
const inRange = reachesInto;
/** A ledger of entries, with the last day any of them can reach (what a tenant-wide range query filters on). */
const ledgerOf = (entries: readonly Booking[]): Ledger => ({
  entries: JSON.parse(JSON.stringify(entries)) as Booking[],
  until: entries.reduce((last, entry) => (reachOf(entry) > last ? reachOf(entry) : last), ''),
});

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

  bookingsVersion(tenantId: string): string | undefined {
    const watch = this.watches.get(tenantId);
    // No copy yet: start one (its first reads answer from Firestore meanwhile), and say nothing can be kept.
    if (!watch || watch.failed) void this.ledgerCopy(tenantId);
    return watch?.version();
  }

  private requests(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('quoteRequests');
  }

  async add(request: QuoteRequest): Promise<QuoteRequest> {
    const document = stored(request);
    try {
      await this.requests(request.tenantId).doc(request.id).create(document);
    } catch (error) {
      if ((error as { code?: number }).code === ALREADY_EXISTS)
        throw new QuoteRequestExistsError(request.tenantId, request.id);
      throw error;
    }
    return request;
  }

  async get(tenantId: string, id: string): Promise<QuoteRequest | undefined> {
    const snapshot = await this.requests(tenantId).doc(id).get();
    return snapshot.exists ? requestOf(snapshot.data()) : undefined;
  }

  /** Tenants whose older requests this process has given their listing fields. */
  private readonly listed = new Map<string, Promise<void>>();

  /** Gives requests stored before the listing fields their fields, once per tenant. */
  private listable(tenantId: string): Promise<void> {
    let done = this.listed.get(tenantId);
    if (!done) {
      done = this.fillListingFields(tenantId).catch((error: unknown) => {
        this.listed.delete(tenantId);
        throw error;
      });
      this.listed.set(tenantId, done);
    }
    return done;
  }

  private async fillListingFields(tenantId: string): Promise<void> {
    const marker = this.firestore.collection('vendors').doc(tenantId).collection('indexes').doc('quoteRequests');
    if (((await marker.get()).data() as { version?: number } | undefined)?.version === LISTING_VERSION) return;
    let last: string | undefined;
    for (;;) {
      let page = this.requests(tenantId).orderBy(DOCUMENT_ID).limit(400);
      if (last !== undefined) page = page.startAfter(last);
      const snapshot = await page.get();
      if (snapshot.empty) break;
      const batch = this.firestore.batch();
      for (const doc of snapshot.docs)
        if ((doc.data() as { listing?: { version?: number } }).listing?.version !== LISTING_VERSION)
          batch.update(doc.ref, { listing: stored(requestOf(doc.data())).listing });
      await batch.commit();
      last = snapshot.docs.at(-1)!.id;
    }
    await marker.set({ version: LISTING_VERSION });
  }

  async list(tenantId: string, query: QuoteListQuery = {}): Promise<{ total: number; requests: QuoteRequest[] }> {
    await this.listable(tenantId);
    let filtered: Query = this.requests(tenantId);
    // Fields with a range filter: Firestore orders by them after the chosen field, and before the id.
    const ranged = new Set<string>();
    const range = (field: string, operator: '<=' | '>=' | '<', value: string) => {
      filtered = filtered.where(field, operator, value);
      ranged.add(field);
    };
    if (query.state !== undefined) filtered = filtered.where('state', '==', query.state);
    if (query.uid !== undefined) filtered = filtered.where('uid', '==', query.uid);
    if (query.to !== undefined) range('startDate', '<=', query.to);
    if (query.from !== undefined) range('endDate', '>=', query.from);
    if (query.confirmedFrom !== undefined) range('listing.confirmedAt', '>=', query.confirmedFrom);
    if (query.confirmedBefore !== undefined) range('listing.confirmedAt', '<', query.confirmedBefore);
    const sort = query.sort ?? { field: 'createdAt', order: 'desc' };
    let ordered = filtered.orderBy(sort.field, sort.order);
    for (const field of ranged) if (field !== sort.field) ordered = ordered.orderBy(field);
    ordered = ordered.orderBy(DOCUMENT_ID);
    // Keyset paging: after the last request of the page before, by every field the query orders by.
    const { after } = query;
    if (after) {
      if (sort.field !== 'startDate' || sort.order !== 'asc') throw new Error('`after` pages by startDate ascending');
      const valueOf = (field: string) => {
        if (field === 'endDate') return after.endDate;
        throw new Error(`\`after\` cannot page a query ranged on ${field}`);
      };
      ordered = ordered.startAfter(
        after.startDate,
        ...[...ranged].filter((field) => field !== sort.field).map(valueOf),
        after.id,
      );
    }
    const [count, snapshot] = await Promise.all([
      query.countTotal === false ? undefined : filtered.count().get(),
      ordered
        .offset(query.offset ?? 0)
        .limit(query.limit ?? DEFAULT_QUOTE_PAGE)
        .get(),
    ]);
    const requests = snapshot.docs.map((doc) => requestOf(doc.data()));
    return { total: count ? count.data().count : requests.length, requests };
  }

  async due(tenantId: string, today: string, limit: number): Promise<QuoteRequest[]> {
    await this.listable(tenantId);
    // Closed requests store openUntil as null, which a `<` range leaves out.
    const snapshot = await this.requests(tenantId)
      .where('listing.openUntil', '<', today)
      .orderBy('listing.openUntil')
      .limit(limit)
      .get();
    return snapshot.docs.map((doc) => requestOf(doc.data()));
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
      const { next, bookings } = changedRequest(snapshot.exists ? requestOf(snapshot.data()) : undefined, id, change);
      if (bookings !== undefined) {
        // Every item the request names before and after the change: its own old entries go.
        const objectIDs = [...stockItemsOf([...requestOf(snapshot.data()).lines, ...next.lines])];
        const references = objectIDs.map((objectID) => this.ledger(tenantId, objectID));
        const ledgers = new Map(
          (await transaction.getAll(...references)).map((ledger, index) => [
            objectIDs[index]!,
            entriesOf(ledger).filter((entry) => entry.quoteId !== id),
          ]),
        );
        if (bookings !== 'release')
          for (const booking of placedBookings(next, bookings, [...ledgers.values()].flat()))
            ledgers.get(booking.objectID)!.push(booking);
        references.forEach((ledgerReference, index) => {
          const ledger = ledgerOf(ledgers.get(objectIDs[index]!)!);
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

  async moveStock(tenantId: string, move: StockMove): Promise<void> {
    const objectIDs = [...new Set(move.rows.map((row) => row.objectID))];
    let written = new Map<string, string>();
    await this.firestore.runTransaction(async (transaction) => {
      written = new Map();
      const references = objectIDs.map((objectID) => this.ledger(tenantId, objectID));
      const ledgers = (await transaction.getAll(...references)).map(entriesOf);
      const unitReferences = (move.units?.tags ?? []).map((tag) => this.units(tenantId).doc(tag));
      const unitsRead = unitReferences.length ? await transaction.getAll(...unitReferences) : [];
      refuseTakenKeys(move, ledgers.flat());
      move.check(ledgers.flat());
      const units =
        move.units?.apply(unitsRead.map((snapshot) => (snapshot.exists ? (snapshot.data() as Unit) : undefined))) ?? [];
      for (const unit of units)
        transaction.set(this.units(tenantId).doc(unit.tag), JSON.parse(JSON.stringify(checkedUnit(unit))) as Unit);
      references.forEach((reference, index) => {
        const ledger = ledgerOf([...ledgers[index]!, ...move.rows.filter((row) => row.objectID === objectIDs[index])]);
        transaction.set(reference, ledger);
        written.set(objectIDs[index]!, ledgerSignature(ledger.entries));
      });
    });
    await this.watches.get(tenantId)?.caughtUp(written);
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
    const ledgers = await this.firestore
      .collection('vendors')
      .doc(tenantId)
      .collection('bookings')
      .where('until', '>=', from)
      .get();
    return ledgers.docs.flatMap(entriesOf).filter(inRange(from, to));
  }

  private units(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('units');
  }

  private scanRecords(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('scans');
  }

  async addUnits(tenantId: string, units: readonly Unit[]): Promise<void> {
    const plain = units.map((unit) => JSON.parse(JSON.stringify(checkedUnit(unit))) as Unit);
    // Firestore transactions write at most 500 documents: larger sets go in batches, each all or nothing, after one check that no tag exists.
    const existing = await this.firestore.getAll(...plain.map((unit) => this.units(tenantId).doc(unit.tag)));
    const taken = existing.find((snapshot) => snapshot.exists);
    if (taken) throw new UnitExistsError(taken.id);
    for (let start = 0; start < plain.length; start += 400) {
      await this.firestore.runTransaction(async (transaction) => {
        const chunk = plain.slice(start, start + 400);
        const snapshots = await transaction.getAll(...chunk.map((unit) => this.units(tenantId).doc(unit.tag)));
        const again = snapshots.find((snapshot) => snapshot.exists);
        if (again) throw new UnitExistsError(again.id);
        for (const unit of chunk) transaction.create(this.units(tenantId).doc(unit.tag), unit);
      });
    }
  }

  async getUnit(tenantId: string, tag: string): Promise<Unit | undefined> {
    const snapshot = await this.units(tenantId).doc(tag).get();
    return snapshot.exists ? (snapshot.data() as Unit) : undefined;
  }

  async listUnits(tenantId: string, query: UnitListQuery = {}): Promise<{ total: number; units: Unit[] }> {
    let filtered: Query = this.units(tenantId);
    if (query.objectID !== undefined) filtered = filtered.where('objectID', '==', query.objectID);
    if (query.status !== undefined) filtered = filtered.where('status', '==', query.status);
    if (query.orderId !== undefined) filtered = filtered.where('orderId', '==', query.orderId);
    const [count, snapshot] = await Promise.all([
      filtered.count().get(),
      filtered
        .orderBy(DOCUMENT_ID)
        .offset(query.offset ?? 0)
        .limit(query.limit ?? 100)
        .get(),
    ]);
    return { total: count.data().count, units: snapshot.docs.map((doc) => doc.data() as Unit) };
  }

  async hireStep(tenantId: string, step: HireStep): Promise<HireStepDone> {
    // Under heavy contention Firestore can end a transaction it keeps retrying ("Transaction is
    // invalid or closed"). The step is keyed by its id, so running it again is safe: a step that did
    // commit is answered from its record.
    for (let attempt = 1; ; attempt++)
      try {
        return await this.hireStepOnce(tenantId, step);
      } catch (error) {
        if (attempt >= 3 || !/Transaction is invalid or closed/.test(String((error as Error).message))) throw error;
      }
  }

  private async hireStepOnce(tenantId: string, step: HireStep): Promise<HireStepDone> {
    let written = new Map<string, string>();
    const done = await this.firestore.runTransaction(async (transaction): Promise<HireStepDone> => {
      written = new Map();
      const scanReference = this.scanRecords(tenantId).doc(step.id);
      const orderReference = step.orderId === undefined ? undefined : this.requests(tenantId).doc(step.orderId);
      const unitReference = step.tag === undefined ? undefined : this.units(tenantId).doc(step.tag);
      const tags = step.tags ?? [];
      const [prior, orderSnapshot, unitSnapshot, ...more] = await transaction.getAll(
        scanReference,
        ...[orderReference, unitReference].filter((reference) => reference !== undefined),
        ...tags.map((tag) => this.units(tenantId).doc(tag)),
      );
      if (prior!.exists) return repeatOf(prior!.data() as ScanRecord, step);
      const order = orderReference && orderSnapshot?.exists ? requestOf(orderSnapshot.data()) : undefined;
      const unitRead = unitReference ? (orderReference ? unitSnapshot : orderSnapshot) : undefined;
      const unit = unitRead?.exists ? (unitRead.data() as Unit) : undefined;
      // The kit's units follow the order and unit read (as many of those as the step names).
      const kitReads = [orderSnapshot, unitSnapshot, ...more].slice(
        [orderReference, unitReference].filter(Boolean).length,
      );
      const units = new Map(
        tags.map((tag, index) => [tag, kitReads[index]?.exists ? (kitReads[index].data() as Unit) : undefined]),
      );
      const result = step.apply({ order, unit, units });
      const next = result.order && order ? steppedOrder(order, result.order) : undefined;
      // Every ledger the step touches (the order's items for their units out, the stock rows' items), read before any write.
      const objectIDs = [
        ...new Set([...(next ? stockItemsOf(next.lines) : []), ...(result.stock ?? []).map((row) => row.objectID)]),
      ];
      const references = objectIDs.map((objectID) => this.ledger(tenantId, objectID));
      const ledgers = objectIDs.length ? await transaction.getAll(...references) : [];
      const out = next ? outByItem(next) : new Map<string, number>();
      ledgers.forEach((snapshot, index) => {
        const objectID = objectIDs[index]!;
        const rows = (result.stock ?? []).filter((row) => row.objectID === objectID);
        let entries = entriesOf(snapshot).map((entry) => {
          if (!next || entry.quoteId !== next.id) return entry;
          const { out: _out, ...rest } = entry;
          return out.get(objectID) ? { ...rest, out: out.get(objectID)! } : rest;
        });
        for (const row of rows)
          entries = [
            ...entries.filter((entry) => entry.quoteId !== row.key),
            ...(row.quantity > 0 ? [bookingOfStockRow(row)] : []),
          ];
        const ledger = ledgerOf(entries);
        transaction.set(references[index]!, ledger);
        written.set(objectID, ledgerSignature(ledger.entries));
      });
      if (next) transaction.set(orderReference!, stored(next));
      for (const changed of result.units ?? [])
        transaction.set(
          this.units(tenantId).doc(changed.tag),
          JSON.parse(JSON.stringify(checkedUnit(changed))) as Unit,
        );
      transaction.create(scanReference, JSON.parse(JSON.stringify(result.record)) as ScanRecord);
      return { ...result, ...(next && { order: next }), repeat: false };
    });
    if (written.size > 0) await this.watches.get(tenantId)?.caughtUp(written);
    return done;
  }

  async scans(tenantId: string, orderId: string, limit = 1000): Promise<ScanRecord[]> {
    const snapshot = await this.scanRecords(tenantId)
      .where('orderId', '==', orderId)
      .orderBy('at', 'desc')
      .limit(limit)
      .get();
    return snapshot.docs.map((doc) => doc.data() as ScanRecord).reverse();
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
