/**
 * Visitors' set lists in Cloud Firestore through firebase-admin, beside the tenant's items and profiles:
 *
 *   vendors/{tenantId}/setLists/{id}   the list, every field as the set-list schema has it
 *
 * The Firestore instance is injected (production passes getFirestore(app), tests an in-process one
 * from @firebase-bridge/firestore-admin), so this module only imports firebase-admin's types.
 * - Every write is checked against the schema first (checkedSetList): a list that does not fit
 *   is refused whole and nothing is written.
 * - create() uses Firestore's create (it fails when the document exists): the first list stays.
 * - update() is a transaction: read, change, check, write. Firestore retries it on contention with
 *   a fresh read (so `change` may run more than once), and concurrent updates all land, across
 *   servers too. Within one server, updates of a list are queued, so they never contend (nor run
 *   out of Firestore's retries).
 * - getShared() is an equality query on shareToken in the tenant's setLists collection (Firestore's
 *   automatic single-field index serves it). The token is a secret too long to guess, so at most
 *   one list holds it; the first match is taken.
 * - listFor() is an equality query on uid ordered by updatedAt descending then document id
 *   ascending (as SQLite orders them). On Cloud Firestore that query needs a composite index on
 *   the setLists collection (collection scope): uid ASC, updatedAt DESC, __name__ ASC. Without it
 *   Firestore fails the query with FAILED_PRECONDITION and a link that creates the index.
 * - delete() of an unknown id is a no-op (a Firestore delete without a precondition).
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { SetList } from '../../schema/types.generated';
import { checkedSetList, UnknownSetListError, type SetListStore } from './set-list-store';

/** A list as Firestore stores it: checked, then plain JSON values (no `undefined`). */
const stored = (list: SetList) => JSON.parse(JSON.stringify(checkedSetList(list))) as Record<string, unknown>;

/** gRPC's ALREADY_EXISTS, which a create of an existing document fails with. */
const ALREADY_EXISTS = 6;
/** The document id as a field path (what FieldPath.documentId() names), without loading firebase-admin here. */
const DOCUMENT_ID = '__name__';

export class FirestoreSetListStore implements SetListStore {
  /** Updates of one list from this process, one after another: they never contend inside Firestore. */
  private readonly queues = new Map<string, Promise<unknown>>();

  /** `onClose` runs last in close() (the server deletes the firebase-admin app it opened for this store). */
  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private setLists(tenantId: string) {
    return this.firestore.collection('vendors').doc(tenantId).collection('setLists');
  }

  async create(list: SetList): Promise<SetList> {
    const document = stored(list);
    try {
      await this.setLists(list.tenantId).doc(list.id).create(document);
    } catch (error) {
      if ((error as { code?: number }).code === ALREADY_EXISTS)
        throw new Error(`a set list ${JSON.stringify(list.id)} already exists in ${list.tenantId}`);
      throw error;
    }
    return list;
  }

  async get(tenantId: string, id: string): Promise<SetList | undefined> {
    const snapshot = await this.setLists(tenantId).doc(id).get();
    return snapshot.exists ? (snapshot.data() as SetList) : undefined;
  }

  async getShared(tenantId: string, shareToken: string): Promise<SetList | undefined> {
    const snapshot = await this.setLists(tenantId).where('shareToken', '==', shareToken).limit(1).get();
    return snapshot.empty ? undefined : (snapshot.docs[0]!.data() as SetList);
  }

  async listFor(tenantId: string, uid: string): Promise<SetList[]> {
    // Composite index on setLists: uid ASC, updatedAt DESC, __name__ ASC (see the header).
    const snapshot = await this.setLists(tenantId)
      .where('uid', '==', uid)
      .orderBy('updatedAt', 'desc')
      .orderBy(DOCUMENT_ID)
      .get();
    return snapshot.docs.map((doc) => doc.data() as SetList);
  }

  async update(tenantId: string, id: string, change: (current: SetList) => SetList): Promise<SetList> {
    const key = `${tenantId}/${id}`;
    const next = (this.queues.get(key) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.transact(tenantId, id, change));
    this.queues.set(key, next);
    try {
      return await next;
    } finally {
      if (this.queues.get(key) === next) this.queues.delete(key);
    }
  }

  private transact(tenantId: string, id: string, change: (current: SetList) => SetList): Promise<SetList> {
    const ref = this.setLists(tenantId).doc(id);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) throw new UnknownSetListError(id);
      const next = { ...change(snapshot.data() as SetList), tenantId, id };
      transaction.set(ref, stored(next));
      return next;
    });
  }

  async delete(tenantId: string, id: string): Promise<void> {
    await this.setLists(tenantId).doc(id).delete();
  }

  async close(): Promise<void> {
    await this.options.onClose?.();
  }
}
