/**
 * Catalogue items in Cloud Firestore through firebase-admin, at scale, beside the spec's profiles:
 *
 *   vendors/{tenantId}/items/{objectID}   the item, every field as the item schema has it
 *
 * The Firestore instance is injected (production passes getFirestore(app), tests an in-process one
 * from @firebase-bridge/firestore-admin), so this module only imports firebase-admin's types.
 * - putMany() compares and writes in one transaction: all or nothing, as on SQLite. Firestore
 *   no longer counts a transaction's writes (it once took 500); it takes a request of at most
 *   10 MiB, so a write larger than BYTES_PER_TRANSACTION (about 4,000 typical items) is split in
 *   transactions of that size: all or nothing per part. An import checks its whole file first, so
 *   only a lost connection can stop such a one half-way, and running it again completes it
 *   (unchanged items are left alone).
 * - subscribe() is a collection listener: the items as they are, then every change, whichever
 *   server made it. followEveryTenant() is one collection-group listener on `items` for every
 *   tenant, ordered by objectID: its single-field index with collection-group scope is declared in
 *   firestore.indexes.json.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { Item } from '../../schema/types.generated';
import {
  checkedItem,
  UnknownItemError,
  type EveryTenantFollower,
  type ItemChange,
  type ItemListener,
  type ItemStore,
  type PutManyCounts,
} from './item-store';

/**
 * Well below Firestore's 10 MiB request, and below the 4 MiB message its emulator takes (a commit
 * over that never ends there): a document's stored size is about its JSON's, plus its name.
 */
const BYTES_PER_TRANSACTION = 3 * 1024 * 1024;

/** The documents in parts of at most `budget` bytes of JSON each (one part when they fit). */
function partsOf<T extends { bytes: number }>(documents: readonly T[], budget: number): T[][] {
  const parts: T[][] = [[]];
  let size = 0;
  for (const document of documents) {
    if (size + document.bytes > budget && parts.at(-1)!.length) {
      parts.push([]);
      size = 0;
    }
    parts.at(-1)!.push(document);
    size += document.bytes;
  }
  return parts;
}
const DEFAULT_PAGE = 1000;

/** An item as Firestore stores it: plain JSON values (no `undefined`). */
const stored = (item: Item) => JSON.parse(JSON.stringify(checkedItem(item))) as Record<string, unknown>;
const sameDocument = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
/** Keys sorted (Firestore hands maps back in its own key order). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

export class FirestoreItemStore implements ItemStore {
  private readonly listeners = new Set<() => void>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private items(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('items');
  }

  async get(tenantId: string, objectID: string): Promise<Item | undefined> {
    const snapshot = await this.items(tenantId).doc(objectID).get();
    return snapshot.exists ? (snapshot.data() as Item) : undefined;
  }

  async getMany(tenantId: string, objectIDs: readonly string[]): Promise<Item[]> {
    if (objectIDs.length === 0) return [];
    const snapshots = await this.firestore.getAll(...objectIDs.map((objectID) => this.items(tenantId).doc(objectID)));
    return snapshots.flatMap((snapshot) => (snapshot.exists ? [snapshot.data() as Item] : []));
  }

  async put(tenantId: string, item: Item): Promise<Item> {
    await this.putMany(tenantId, [item]);
    return item;
  }

  async putMany(tenantId: string, items: readonly Item[]): Promise<PutManyCounts> {
    // Checked before anything is written: one bad item leaves everything as it was.
    const documents = items.map((item) => {
      const data = stored(item);
      return { objectID: item.objectID, data, bytes: JSON.stringify(data).length + item.objectID.length + 64 };
    });
    const counts: PutManyCounts = { added: 0, updated: 0, unchanged: 0 };
    for (const chunk of partsOf(documents, BYTES_PER_TRANSACTION)) {
      if (chunk.length === 0) continue;
      const tally = await this.firestore.runTransaction(async (transaction) => {
        const refs = chunk.map((document) => this.items(tenantId).doc(document.objectID));
        const current = await transaction.getAll(...refs);
        const chunkCounts: PutManyCounts = { added: 0, updated: 0, unchanged: 0 };
        chunk.forEach((document, index) => {
          const snapshot = current[index]!;
          if (snapshot.exists && sameDocument(snapshot.data(), document.data)) {
            chunkCounts.unchanged += 1;
            return;
          }
          transaction.set(refs[index]!, document.data);
          chunkCounts[snapshot.exists ? 'updated' : 'added'] += 1;
        });
        return chunkCounts;
      });
      counts.added += tally.added;
      counts.updated += tally.updated;
      counts.unchanged += tally.unchanged;
    }
    return counts;
  }

  async update(tenantId: string, objectID: string, change: (current: Item) => Item): Promise<Item> {
    // Updates of one item from this process run one after another: they never contend inside
    // Firestore (nor run out of its retries); across servers, the transaction keeps them true.
    const key = `${tenantId}/${objectID}`;
    const next = (this.queues.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.transact(tenantId, objectID, change));
    this.queues.set(key, next);
    try {
      return await next;
    } finally {
      if (this.queues.get(key) === next) this.queues.delete(key);
    }
  }

  private transact(tenantId: string, objectID: string, change: (current: Item) => Item): Promise<Item> {
    const ref = this.items(tenantId).doc(objectID);
    // Firestore retries the transaction on contention, with a fresh read each time.
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) throw new UnknownItemError(`No item ${JSON.stringify(objectID)}`);
      const next = { ...change(snapshot.data() as Item), objectID };
      transaction.set(ref, stored(next));
      return next;
    });
  }

  async delete(tenantId: string, objectID: string): Promise<boolean> {
    const ref = this.items(tenantId).doc(objectID);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (snapshot.exists) transaction.delete(ref);
      return snapshot.exists;
    });
  }

  async count(tenantId: string): Promise<number> {
    return (await this.items(tenantId).count().get()).data().count;
  }

  async list(tenantId: string, page: { after?: string; limit?: number } = {}): Promise<Item[]> {
    let query = this.items(tenantId)
      .orderBy('objectID')
      .limit(page.limit ?? DEFAULT_PAGE);
    if (page.after !== undefined) query = query.startAfter(page.after);
    return (await query.get()).docs.map((snapshot) => snapshot.data() as Item);
  }

  subscribe(tenantId: string, listener: ItemListener): () => void {
    // The first answer is the collection as it is (every item as a put), then each change.
    const stop = this.items(tenantId).onSnapshot((snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type === 'removed') listener({ kind: 'delete', objectID: change.doc.id });
        else listener({ kind: 'put', item: change.doc.data() as Item });
      }
    });
    this.listeners.add(stop);
    return () => {
      stop();
      this.listeners.delete(stop);
    };
  }

  followEveryTenant(listener: (tenantId: string, change: ItemChange) => void): EveryTenantFollower {
    let settle!: { resolve: () => void; reject: (error: Error) => void };
    const synced = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    const stop = this.firestore
      .collectionGroup('items')
      .orderBy('objectID')
      .onSnapshot(
        (snapshot) => {
          for (const change of snapshot.docChanges()) {
            // Only a tenant's own items (vendors/{tenant}/items/{id}), whatever else is named "items".
            const [root, tenantId, collection] = change.doc.ref.path.split('/');
            if (root !== 'vendors' || collection !== 'items' || !tenantId) continue;
            if (change.type === 'removed') listener(tenantId, { kind: 'delete', objectID: change.doc.id });
            else listener(tenantId, { kind: 'put', item: change.doc.data() as Item });
          }
          settle.resolve();
        },
        (error) => settle.reject(error),
      );
    this.listeners.add(stop);
    return {
      synced,
      stop: () => {
        stop();
        this.listeners.delete(stop);
      },
    };
  }

  async close(): Promise<void> {
    for (const stop of this.listeners) stop();
    this.listeners.clear();
    await this.options.onClose?.();
  }
}
