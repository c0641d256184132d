/**
 * The `firestore` TenantStore: tenants in Cloud Firestore through firebase-admin, for
 * deployments without a writable disk. The Firestore instance is injected (production passes
 * `getFirestore(app)`, tests an in-process one from @firebase-bridge/firestore-admin), so this
 * module only imports firebase-admin's types and never loads the SDK itself.
 *
 * Off Google Cloud (tests, CI, a laptop) set `METADATA_SERVER_DETECTION=none` before
 * firebase-admin loads, or the auth library probes the metadata server (169.254.169.254).
 *
 * Layout (`tenants` is the `collection` option):
 *
 *   tenants/{tenantId}
 *     version      string     versionOf(texts), a denormalised copy for people and queries
 *     site         string     the three CANONICAL TEXTS from renderTenant, with `$schema`
 *     vendor       string       "../../schema/<part>.schema.json" as in tenants/<id>/, kept as
 *     categories   string       strings so they round-trip byte for byte and versions match
 *                                the file store's for the same tenant
 *     domain       string     site.domain, lowercased (the domain index is built from it)
 *     displayName  string     vendor.displayName (for list())
 *     updatedAt    Timestamp  time of the last accepted write (the `now` option)
 *     updatedBy    string     actor of the last accepted write
 *   tenants/{tenantId}/history/{autoId}
 *     a HistoryEntry { version, previousVersion, actor, at (ISO 8601), changed }, one per
 *     accepted write; history() orders by `at` descending, then by commit (createTime).
 *   tenants/{tenantId}/snapshots/{version}
 *     { site, vendor, categories }: the texts of each version, for atVersion/diff/restore.
 *     (A version matching Firestore's reserved `__…__` id form is stored under `v{version}`.)
 *
 * - The current version is always computed from the stored texts (versionOfStored), like the
 *   file store computes it from the files: a document edited in the console by hand gets a
 *   new version even if its `version` field was left alone, so no write can overwrite it unseen.
 * - create/put/restore run in one Firestore transaction: read the tenant document, check
 *   existence and `ifMatch`, validate, check the domain, then write the document, its history
 *   entry and the snapshot(s) atomically. A transaction retried after contention re-reads and
 *   re-checks everything, so a retry turns a lost race into a VersionConflictError, never into
 *   a success. Writes are also serialised per tenant in this process (as in the file store) so
 *   concurrent writes from one server do not contend inside Firestore at all.
 * - `tenantForDomain` and `has` are answered from memory. The index is built at open() and
 *   updated on every write of this store; by default a collection listener (onSnapshot) keeps
 *   it fresh with writes of other servers too (`watch: false` reads only the `domain` field at
 *   open and relies on this store's writes and reads). Domain uniqueness is checked against
 *   this index, so with several servers it is as fresh as the listener.
 * - With the listener, reads are answered from what it last delivered (the whole documents), so
 *   a storefront page costs no round trip and keeps being served while Firestore is out of reach.
 *   A tenant this store just wrote is read from Firestore until the listener delivers the version
 *   written (at most 10 s), so a writer always reads its own write.
 */
import type {
  CollectionReference,
  DocumentData,
  DocumentSnapshot,
  Firestore,
  QuerySnapshot,
  Timestamp,
} from 'firebase-admin/firestore';
import { checkDefinition } from '../../schema/node/ajv';
import { TENANT_PARTS, type TenantPart } from '../../schema/node/loader';
import type { Tenant } from '../../schema/types.generated';
import { completeTexts } from '../../schema/tenant-files';
import {
  changedPointers,
  diffTenants,
  domainClash,
  renderTenant,
  tenantAtVersion,
  validateTexts,
  versionOf,
  versionOfStored,
  type TenantTexts,
} from './tenant-documents';
import { IndexedTenantStore } from './store-support';
import {
  TenantExistsError,
  TenantIdRetiredError,
  UnknownTenantError,
  UnknownVersionError,
  ValidationFailedError,
  VersionConflictError,
  type HistoryEntry,
  type JsonPatchOperation,
  type TenantRecord,
  type TenantStore,
  type TenantSummary,
  type WriteOptions,
} from './tenant-store';

export interface FirestoreTenantStoreOptions {
  /** firebase-admin's Firestore (getFirestore(app) in production). */
  firestore: Firestore;
  /** The tenants collection (default `tenants`). */
  collection?: string;
  /** Keep the domain index fresh with a collection listener (default true). */
  watch?: boolean;
  now?: () => Date;
}

/** What a tenant document holds (see the layout above). */
export interface TenantDocument {
  version: string;
  site: string;
  vendor: string;
  categories: string;
  domain: string;
  displayName: string;
  updatedAt: Date | Timestamp;
  updatedBy: string;
}

/** The `$schema` of each part, as the files in tenants/<id>/ carry it. */
export const FIRESTORE_SCHEMA_PATHS: Record<TenantPart, string> = Object.fromEntries(
  TENANT_PARTS.map((part) => [part, `../../schema/${part}.schema.json`]),
) as Record<TenantPart, string>;

/** The document of a valid tenant, as this store writes it. */
export function tenantDocument(texts: TenantTexts, tenant: Tenant, actor: string, at: Date): TenantDocument {
  return {
    version: versionOf(texts),
    ...texts,
    domain: tenant.site.domain.toLowerCase(),
    displayName: tenant.vendor.displayName,
    updatedAt: at,
    updatedBy: actor,
  };
}

const isTenantId = (id: string) => checkDefinition('tenantId', id) === true;
/** Versions are 22 base64url characters (versionOf); anything else cannot name a snapshot. */
const isVersion = (version: string) => /^[A-Za-z0-9_-]{22}$/.test(version);
/** Firestore reserves ids of the form __…__. */
const snapshotId = (version: string) => (/^__.*__$/.test(version) ? `v${version}` : version);

/** The stored texts of a document; a missing or non-string part is missing (hashed and validated as empty). */
function storedTexts(data: DocumentData | undefined): Partial<TenantTexts> {
  const texts: Partial<TenantTexts> = {};
  for (const part of TENANT_PARTS) if (typeof data?.[part] === 'string') texts[part] = data[part];
  return texts;
}

const complete = completeTexts;

interface StoredTenant {
  texts: TenantTexts;
  version: string;
  /** Present when the stored texts are valid. */
  tenant?: Tenant;
  issues: ValidationFailedError['issues'];
}

function readStored(tenantId: string, data: DocumentData | undefined): StoredTenant {
  const texts = storedTexts(data);
  const stored: StoredTenant = { texts: complete(texts), version: versionOfStored(texts), issues: [] };
  try {
    stored.tenant = validateTexts(tenantId, stored.texts);
  } catch (error) {
    if (!(error instanceof ValidationFailedError)) throw error;
    stored.issues = error.issues;
  }
  return stored;
}

const compareTimestamps = (a: Timestamp | undefined, b: Timestamp | undefined) =>
  (a?.seconds ?? 0) - (b?.seconds ?? 0) || (a?.nanoseconds ?? 0) - (b?.nanoseconds ?? 0);

export class FirestoreTenantStore extends IndexedTenantStore implements TenantStore {
  readonly kind = 'firestore';
  private readonly tenants: CollectionReference;
  private readonly now: () => Date;
  private unsubscribe: (() => void) | undefined;
  /** Whether the listener is delivering: reads come from `delivered` then. */
  private live = false;
  /** Each tenant's stored form as the listener last delivered it. */
  private readonly delivered = new Map<string, StoredTenant>();
  /** Tenants this store wrote whose written version (null: removed) the listener has not delivered yet. */
  private readonly awaiting = new Map<string, { version: string | null; until: number }>();

  private constructor(private readonly options: FirestoreTenantStoreOptions) {
    super();
    this.tenants = options.firestore.collection(options.collection ?? 'tenants');
    this.now = options.now ?? (() => new Date());
  }

  static async open(options: FirestoreTenantStoreOptions): Promise<FirestoreTenantStore> {
    const store = new FirestoreTenantStore(options);
    if (options.watch ?? true) await store.watch();
    else store.applySnapshot(await store.tenants.select('domain').get());
    return store;
  }

  /** Builds the index from the listener's first snapshot, then keeps it fresh. */
  private watch(): Promise<void> {
    return new Promise((resolve, reject) => {
      let started = false;
      this.unsubscribe = this.tenants.onSnapshot(
        (snapshot) => {
          this.live = true;
          this.applySnapshot(snapshot, true);
          if (!started) {
            started = true;
            resolve();
          }
        },
        (error) => {
          // The listener has stopped for good (the SDK retries transient failures itself); the
          // index is still updated by this store's own writes and reads.
          this.unsubscribe = undefined;
          this.live = false;
          if (!started) {
            started = true;
            reject(error);
          }
        },
      );
    });
  }

  private applySnapshot(snapshot: QuerySnapshot, whole = false) {
    for (const change of snapshot.docChanges()) {
      const tenantId = change.doc.id;
      if (!isTenantId(tenantId)) continue;
      // Another server's write (or this one's, heard again): the subscribers read it.
      if (whole) this.announce(tenantId);
      if (change.type === 'removed') {
        this.forget(tenantId);
        this.delivered.delete(tenantId);
        if (this.awaiting.get(tenantId)?.version === null) this.awaiting.delete(tenantId);
        continue;
      }
      this.remember(tenantId, change.doc.get('domain'));
      if (!whole) continue;
      const stored = readStored(tenantId, change.doc.data());
      this.delivered.set(tenantId, stored);
      if (this.awaiting.get(tenantId)?.version === stored.version) this.awaiting.delete(tenantId);
    }
  }

  /** This store wrote the tenant (`version`, or null when removed): read it from Firestore until the listener has it. */
  private wrote(tenantId: string, version: string | null) {
    if (this.live) this.awaiting.set(tenantId, { version, until: Date.now() + 10_000 });
    this.announce(tenantId);
  }

  /** The listener's copy of a tenant, when it can answer for it: `false` when Firestore must be asked. */
  private deliveredCopy(tenantId: string): StoredTenant | undefined | false {
    if (!this.live) return false;
    const awaited = this.awaiting.get(tenantId);
    if (awaited && Date.now() < awaited.until) return false;
    this.awaiting.delete(tenantId);
    return this.delivered.get(tenantId);
  }

  private remember(tenantId: string, domain: unknown) {
    this.ids.add(tenantId);
    this.domains.set(tenantId, typeof domain === 'string' ? domain : undefined);
  }

  private forget(tenantId: string) {
    this.ids.delete(tenantId);
    this.domains.set(tenantId, undefined);
  }

  private doc(tenantId: string) {
    return this.tenants.doc(tenantId);
  }

  private historyOf(tenantId: string) {
    return this.doc(tenantId).collection('history');
  }

  private snapshotRef(tenantId: string, version: string) {
    return this.doc(tenantId).collection('snapshots').doc(snapshotId(version));
  }

  /** Reads a tenant document and brings the index in line with it. */
  protected async load(tenantId: string): Promise<StoredTenant | undefined> {
    if (!isTenantId(tenantId)) return undefined;
    const copy = this.deliveredCopy(tenantId);
    if (copy !== false) return copy;
    const snapshot = await this.doc(tenantId).get();
    return this.track(tenantId, snapshot);
  }

  private track(tenantId: string, snapshot: DocumentSnapshot): StoredTenant | undefined {
    if (!snapshot.exists) {
      this.forget(tenantId);
      return undefined;
    }
    this.remember(tenantId, snapshot.get('domain'));
    return readStored(tenantId, snapshot.data());
  }

  async list(): Promise<TenantSummary[]> {
    const snapshot = await this.tenants.get();
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return snapshot.docs
      .filter((doc) => isTenantId(doc.id))
      .map((doc) => {
        const data = doc.data();
        return {
          tenantId: doc.id,
          version: versionOfStored(storedTexts(data)),
          domain: text(data.domain),
          displayName: text(data.displayName),
        };
      })
      .sort((a, b) => (a.tenantId < b.tenantId ? -1 : a.tenantId > b.tenantId ? 1 : 0));
  }

  private checkDomain(tenantId: string, tenant: Tenant) {
    const owner = this.domains.tenantFor(tenant.site.domain);
    if (owner !== undefined && owner !== tenantId) throw domainClash(tenant.site.domain, owner);
  }

  /** Renders and validates once, however often a transaction is retried; errors are thrown at the point of the call. */
  private preparer(tenantId: string, tenant: Tenant) {
    let prepared: { texts: TenantTexts; valid: Tenant; version: string } | undefined;
    return () => {
      if (!prepared) {
        const texts = renderTenant(tenant, FIRESTORE_SCHEMA_PATHS);
        prepared = { texts, valid: validateTexts(tenantId, texts), version: versionOf(texts) };
      }
      return prepared;
    };
  }

  async create(tenantId: string, tenant: Tenant, actor: string): Promise<TenantRecord> {
    if (!isTenantId(tenantId))
      throw new ValidationFailedError([
        {
          file: 'site',
          line: 1,
          column: 1,
          pointer: '/tenantId',
          message: `tenant id ${checkDefinition('tenantId', tenantId)}`,
          rule: 'schema/pattern',
        },
      ]);
    const prepare = this.preparer(tenantId, tenant);
    return this.locks.run(tenantId, async () => {
      const record = await this.options.firestore.runTransaction(async (tx) => {
        const ref = this.doc(tenantId);
        const [existing, retired, archived] = await Promise.all([
          tx.get(ref),
          tx.get(this.retiredRef(tenantId)),
          tx.get(this.archivedAs(tenantId)),
        ]);
        if (existing.exists) throw new TenantExistsError(tenantId);
        if (retired.exists || !archived.empty) throw new TenantIdRetiredError(tenantId);
        const { texts, valid, version } = prepare();
        this.checkDomain(tenantId, valid);
        const at = this.now();
        const entry: HistoryEntry = { version, previousVersion: null, actor, at: at.toISOString(), changed: [''] };
        tx.create(ref, tenantDocument(texts, valid, actor, at));
        tx.set(this.snapshotRef(tenantId, version), texts);
        tx.create(this.historyOf(tenantId).doc(), entry);
        return { tenantId, version, tenant: valid };
      });
      this.remember(tenantId, record.tenant.site.domain);
      this.wrote(tenantId, record.version);
      return record;
    });
  }

  /** The id an archived tenant had, kept so that it is never given again ("<collection>-retired"). */
  private retiredRef(tenantId: string) {
    return this.options.firestore.collection(`${this.tenants.id}-retired`).doc(tenantId);
  }

  /**
   * The archived documents of a tenant with this id: a tenant archived before ids were retired
   * left only these (no `-retired` document), and its id is no less used.
   */
  private archivedAs(tenantId: string) {
    return this.options.firestore.collection(`${this.tenants.id}-archive`).where('tenantId', '==', tenantId).limit(1);
  }

  async everUsed(tenantId: string): Promise<boolean> {
    if (!isTenantId(tenantId)) return false;
    if (this.has(tenantId)) return true;
    const [live, retired, archived] = await Promise.all([
      this.doc(tenantId).get(),
      this.retiredRef(tenantId).get(),
      this.archivedAs(tenantId).get(),
    ]);
    return live.exists || retired.exists || !archived.empty;
  }

  async put(tenantId: string, tenant: Tenant, options: WriteOptions): Promise<TenantRecord> {
    if (!isTenantId(tenantId)) throw new UnknownTenantError(tenantId);
    const prepare = this.preparer(tenantId, tenant);
    return this.locks.run(tenantId, async () => {
      const record = await this.options.firestore.runTransaction(async (tx) => {
        const ref = this.doc(tenantId);
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) throw new UnknownTenantError(tenantId);
        const current = readStored(tenantId, snapshot.data());
        if (current.version !== options.ifMatch) throw new VersionConflictError(tenantId, current.version);
        const { texts, valid, version } = prepare();
        this.checkDomain(tenantId, valid);
        if (version === current.version) return { tenantId, version, tenant: valid };

        // All reads before any write: which snapshots are missing.
        const [previousSnapshot, nextSnapshot] = await tx.getAll(
          this.snapshotRef(tenantId, current.version),
          this.snapshotRef(tenantId, version),
        );
        const at = this.now();
        // The version replaced is kept only if it is valid (see the file store).
        const entry: HistoryEntry = {
          version,
          previousVersion: current.tenant ? current.version : null,
          actor: options.actor,
          at: at.toISOString(),
          changed: changedPointers(current.tenant, valid),
        };
        tx.set(ref, tenantDocument(texts, valid, options.actor, at));
        if (current.tenant && !previousSnapshot?.exists)
          tx.set(this.snapshotRef(tenantId, current.version), current.texts);
        if (!nextSnapshot?.exists) tx.set(this.snapshotRef(tenantId, version), texts);
        tx.create(this.historyOf(tenantId).doc(), entry);
        return { tenantId, version, tenant: valid };
      });
      this.remember(tenantId, record.tenant.site.domain);
      this.wrote(tenantId, record.version);
      return record;
    });
  }

  async history(tenantId: string): Promise<HistoryEntry[]> {
    if (!isTenantId(tenantId)) throw new UnknownTenantError(tenantId);
    const [tenant, entries] = await Promise.all([
      this.doc(tenantId).get(),
      this.historyOf(tenantId).orderBy('at', 'desc').get(),
    ]);
    if (!this.track(tenantId, tenant)) throw new UnknownTenantError(tenantId);
    return entries.docs
      .map((doc) => ({ doc, at: String(doc.get('at')) }))
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : compareTimestamps(b.doc.createTime, a.doc.createTime)))
      .map(({ doc }) => {
        const data = doc.data() as Partial<HistoryEntry>;
        return {
          version: data.version,
          previousVersion: data.previousVersion ?? null,
          actor: data.actor,
          at: data.at,
          changed: data.changed ?? [],
        } as HistoryEntry;
      });
  }

  async atVersion(tenantId: string, version: string): Promise<Tenant> {
    if (!isTenantId(tenantId) || !isVersion(version)) throw new UnknownVersionError(tenantId, version);
    const [current, snapshot] = await Promise.all([this.load(tenantId), this.snapshotRef(tenantId, version).get()]);
    if (current?.version === version && current.tenant) return current.tenant;
    if (!snapshot.exists) throw new UnknownVersionError(tenantId, version);
    return tenantAtVersion(tenantId, version, complete(storedTexts(snapshot.data())));
  }

  async diff(tenantId: string, fromVersion: string, toVersion: string): Promise<JsonPatchOperation[]> {
    return diffTenants(await this.atVersion(tenantId, fromVersion), await this.atVersion(tenantId, toVersion));
  }

  async restore(tenantId: string, version: string, options: WriteOptions): Promise<TenantRecord> {
    return this.put(tenantId, await this.atVersion(tenantId, version), options);
  }

  /**
   * Moves the tenant document to the archive collection ("<collection>-archive", id
   * "<tenantId>-<time>") in one transaction, which takes it out of service; then moves its
   * history and snapshots under the archived document in batches. A crash between the two
   * leaves them under the old path, where a tenant created later with this id would see them.
   */
  async archive(tenantId: string, options: WriteOptions): Promise<void> {
    if (!isTenantId(tenantId)) throw new UnknownTenantError(tenantId);
    return this.locks.run(tenantId, async () => {
      const at = this.now();
      const archived = this.options.firestore
        .collection(`${this.tenants.id}-archive`)
        .doc(`${tenantId}-${at.toISOString().replace(/[:.]/g, '-')}`);
      await this.options.firestore.runTransaction(async (tx) => {
        const ref = this.doc(tenantId);
        const snapshot = await tx.get(ref);
        if (!snapshot.exists) throw new UnknownTenantError(tenantId);
        const current = readStored(tenantId, snapshot.data());
        if (current.version !== options.ifMatch) throw new VersionConflictError(tenantId, current.version);
        tx.create(archived, { ...snapshot.data(), tenantId, archivedAt: at, archivedBy: options.actor });
        // The id is retired with it: create() reads this in its own transaction.
        tx.set(this.retiredRef(tenantId), { tenantId, archive: archived.id, archivedAt: at });
        tx.delete(ref);
      });
      this.forget(tenantId);
      this.wrote(tenantId, null);
      for (const name of ['history', 'snapshots'])
        await this.moveCollection(this.doc(tenantId).collection(name), archived.collection(name));
    });
  }

  private async moveCollection(from: CollectionReference, to: CollectionReference): Promise<void> {
    for (;;) {
      const page = await from.limit(200).get();
      if (page.empty) return;
      const batch = this.options.firestore.batch();
      for (const doc of page.docs) {
        batch.set(to.doc(doc.id), doc.data());
        batch.delete(doc.ref);
      }
      await batch.commit();
    }
  }

  async close(): Promise<void> {
    await this.locks.idle();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.live = false;
  }
}
