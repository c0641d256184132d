/**
 * Profiles in SQLite (better-sqlite3, the embedded default): one row per profile, its document as
 * JSON. better-sqlite3 is synchronous, so a read-modify-write inside one transaction cannot
 * interleave with another write in this process; WAL mode lets readers go on meanwhile.
 * Subscribers are told in process after each committed change.
 */
import { EventEmitter } from 'node:events';
import Database from 'better-sqlite3';
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

const checked = (profile: UserProfile): string => JSON.stringify(checkedProfile(profile));

export class SqliteProfileStore implements ProfileStore {
  private readonly database: Database.Database;
  private readonly changes = new EventEmitter();

  constructor(file: string) {
    this.database = new Database(file);
    this.database.pragma('journal_mode = WAL');
    this.database.exec(`CREATE TABLE IF NOT EXISTS profiles (
      vendor_id TEXT NOT NULL,
      uid TEXT NOT NULL,
      document TEXT NOT NULL,
      is_authorized INTEGER,
      created_at TEXT NOT NULL,
      PRIMARY KEY (vendor_id, uid)
    );
    CREATE INDEX IF NOT EXISTS profiles_newest ON profiles (vendor_id, created_at, uid);
    CREATE INDEX IF NOT EXISTS profiles_by_decision ON profiles (vendor_id, is_authorized, created_at, uid);`);
    this.changes.setMaxListeners(0);
  }

  private row(vendorId: string, uid: string): UserProfile | undefined {
    const found = this.database
      .prepare('SELECT document FROM profiles WHERE vendor_id = ? AND uid = ?')
      .get(vendorId, uid) as { document: string } | undefined;
    return found && (JSON.parse(found.document) as UserProfile);
  }

  private announce(vendorId: string, uid: string, profile: UserProfile | undefined) {
    this.changes.emit(`${vendorId}/${uid}`, profile);
  }

  async get(vendorId: string, uid: string): Promise<UserProfile | undefined> {
    return this.row(vendorId, uid);
  }

  async create(vendorId: string, uid: string, profile: UserProfile): Promise<UserProfile> {
    const document = checked(profile);
    try {
      this.database
        .prepare('INSERT INTO profiles (vendor_id, uid, document, is_authorized, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(vendorId, uid, document, authorizedColumn(profile), profile.createdAt ?? new Date().toISOString());
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
        throw new ProfileExistsError(`A profile for user ${uid} of vendor ${vendorId} already exists`);
      throw error;
    }
    this.announce(vendorId, uid, profile);
    return profile;
  }

  async update(vendorId: string, uid: string, change: (current: UserProfile) => UserProfile): Promise<UserProfile> {
    const updated = this.database
      .transaction(() => {
        const current = this.row(vendorId, uid);
        if (!current) throw new UnknownProfileError(`No profile for user ${uid} of vendor ${vendorId}`);
        const next = change(structuredClone(current));
        this.database
          .prepare('UPDATE profiles SET document = ?, is_authorized = ? WHERE vendor_id = ? AND uid = ?')
          .run(checked(next), authorizedColumn(next), vendorId, uid);
        return next;
      })
      .immediate();
    this.announce(vendorId, uid, updated);
    return updated;
  }

  async delete(vendorId: string, uid: string): Promise<void> {
    this.database.prepare('DELETE FROM profiles WHERE vendor_id = ? AND uid = ?').run(vendorId, uid);
    this.announce(vendorId, uid, undefined);
  }

  async list(vendorId: string, query: ProfileQuery = {}): Promise<{ total: number; profiles: StoredProfile[] }> {
    const filter =
      query.isAuthorized === undefined
        ? ''
        : query.isAuthorized === null
          ? ' AND is_authorized IS NULL'
          : ' AND is_authorized = ?';
    const parameters: unknown[] = [
      vendorId,
      ...(query.isAuthorized === undefined || query.isAuthorized === null ? [] : [query.isAuthorized ? 1 : 0]),
    ];
    const { total } = this.database
      .prepare(`SELECT COUNT(*) AS total FROM profiles WHERE vendor_id = ?${filter}`)
      .get(...parameters) as { total: number };
    const rows = this.database
      .prepare(
        `SELECT uid, document FROM profiles WHERE vendor_id = ?${filter} ORDER BY created_at DESC, uid LIMIT ? OFFSET ?`,
      )
      .all(...parameters, query.limit ?? 100, query.offset ?? 0) as Array<{ uid: string; document: string }>;
    return {
      total,
      profiles: rows.map((row) => ({ vendorId, uid: row.uid, profile: JSON.parse(row.document) as UserProfile })),
    };
  }

  subscribe(vendorId: string, uid: string, listener: ProfileListener): () => void {
    const key = `${vendorId}/${uid}`;
    let subscribed = true;
    this.changes.on(key, listener);
    // The document as it is, told after subscribe() returns (as a Firestore listener's first answer).
    queueMicrotask(() => subscribed && listener(this.row(vendorId, uid)));
    return () => {
      subscribed = false;
      this.changes.off(key, listener);
    };
  }

  async close(): Promise<void> {
    this.changes.removeAllListeners();
    this.database.close();
  }
}

const authorizedColumn = (profile: UserProfile) =>
  profile.isAuthorized === null || profile.isAuthorized === undefined ? null : profile.isAuthorized ? 1 : 0;
