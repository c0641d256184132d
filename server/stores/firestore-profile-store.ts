/**
 * Profiles in Cloud Firestore through firebase-admin, at scale: the spec's own layout,
 *
 *   vendors/{vendorId}/users/{uid}   the profile document, every field as the schema has it
 *
 * The Firestore instance is injected (production passes getFirestore(app), tests an in-process
 * one from @firebase-bridge/firestore-admin), so this module only imports firebase-admin's types.
 * - create() uses Firestore's create (it fails when the document exists): ProfileExistsError.
 * - update() is a transaction: read, change, validate, write; Firestore retries it on contention
 *   with a fresh read, so concurrent counters stay true across servers. Within one server, updates
 *   of a document are queued, so they never contend (nor run out of Firestore's retries).
 * - subscribe() is a document listener: the document as it is, then every change, whoever made it.
 * - A single write answered UNKNOWN (seen from the emulator under load, while a listener on the
 *   document opens or closes) may or may not have landed: create and delete are tried again, and a
 *   create that then finds the document finds out whether it was its own.
 */
import { isDeepStrictEqual } from 'node:util';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import type { UserProfile } from '../../schema/types.generated';
import {
  checkedProfile,
  ProfileExistsError,
  UnknownProfileError,
  type ProfileListener,
  type ProfileQuery,
  type ProfileStore,
  type StoredProfile,
} from './profile-store';

/** A profile as Firestore stores it: plain JSON values (no `undefined`). */
const stored = (profile: UserProfile) => JSON.parse(JSON.stringify(checkedProfile(profile))) as Record<string, unknown>;

/** gRPC's ALREADY_EXISTS, which a create of an existing document fails with. */
const ALREADY_EXISTS = 6;
/** gRPC's UNKNOWN: the write may or may not have landed. */
const UNKNOWN = 2;
const codeOf = (error: unknown) => (error as { code?: number }).code;

/** Runs a write once more when its first answer was UNKNOWN. */
async function againIfUnknown<Result>(write: () => Promise<Result>): Promise<Result> {
  try {
    return await write();
  } catch (error) {
    if (codeOf(error) !== UNKNOWN) throw error;
    return write();
  }
}

export class FirestoreProfileStore implements ProfileStore {
  private readonly listeners = new Set<() => void>();
  /** Updates of one document from this process, one after another: they never contend inside Firestore. */
  private readonly queues = new Map<string, Promise<unknown>>();

  /** `onClose` runs last in close() (the server deletes the firebase-admin app it opened for this store). */
  constructor(
    private readonly firestore: Firestore,
    private readonly options: { onClose?: () => Promise<void> } = {},
  ) {}

  private users(vendorId: string) {
    return this.firestore.collection('vendors').doc(vendorId).collection('users');
  }

  private doc(vendorId: string, uid: string): DocumentReference {
    return this.users(vendorId).doc(uid);
  }

  async get(vendorId: string, uid: string): Promise<UserProfile | undefined> {
    const snapshot = await this.doc(vendorId, uid).get();
    return snapshot.exists ? (snapshot.data() as UserProfile) : undefined;
  }

  async create(vendorId: string, uid: string, profile: UserProfile): Promise<UserProfile> {
    const document = stored(profile);
    let tries = 0;
    try {
      await againIfUnknown(() => (tries++, this.doc(vendorId, uid).create(document)));
    } catch (error) {
      if (codeOf(error) !== ALREADY_EXISTS) throw error;
      // After an UNKNOWN, the document found may be this create's own first write.
      const found = tries > 1 ? (await this.doc(vendorId, uid).get()).data() : undefined;
      if (!found || !isDeepStrictEqual(found, document))
        throw new ProfileExistsError(`A profile for user ${uid} of vendor ${vendorId} already exists`);
    }
    return profile;
  }

  async update(vendorId: string, uid: string, change: (current: UserProfile) => UserProfile): Promise<UserProfile> {
    const key = `${vendorId}/${uid}`;
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.transact(vendorId, uid, change));
    this.queues.set(key, next);
    try {
      return await next;
    } finally {
      if (this.queues.get(key) === next) this.queues.delete(key);
    }
  }

  private transact(vendorId: string, uid: string, change: (current: UserProfile) => UserProfile): Promise<UserProfile> {
    const ref = this.doc(vendorId, uid);
    return this.firestore.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      if (!snapshot.exists) throw new UnknownProfileError(`No profile for user ${uid} of vendor ${vendorId}`);
      const next = change(snapshot.data() as UserProfile);
      transaction.set(ref, stored(next));
      return next;
    });
  }

  async delete(vendorId: string, uid: string): Promise<void> {
    await againIfUnknown(() => this.doc(vendorId, uid).delete());
  }

  async list(vendorId: string, query: ProfileQuery = {}): Promise<{ total: number; profiles: StoredProfile[] }> {
    let filtered: FirebaseFirestore.Query = this.users(vendorId);
    if (query.isAuthorized !== undefined) filtered = filtered.where('isAuthorized', '==', query.isAuthorized);
    const [count, page] = await Promise.all([
      filtered.count().get(),
      filtered
        .orderBy('createdAt', 'desc')
        .offset(query.offset ?? 0)
        .limit(query.limit ?? 100)
        .get(),
    ]);
    return {
      total: count.data().count,
      profiles: page.docs.map((doc) => ({ vendorId, uid: doc.id, profile: doc.data() as UserProfile })),
    };
  }

  subscribe(vendorId: string, uid: string, listener: ProfileListener): () => void {
    const stop = this.doc(vendorId, uid).onSnapshot((snapshot) =>
      listener(snapshot.exists ? (snapshot.data() as UserProfile) : undefined),
    );
    const unsubscribe = () => {
      stop();
      this.listeners.delete(unsubscribe);
    };
    this.listeners.add(unsubscribe);
    return unsubscribe;
  }

  async close(): Promise<void> {
    for (const unsubscribe of [...this.listeners]) unsubscribe();
    await this.options.onClose?.();
  }
}
