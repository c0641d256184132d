/**
 * Catalogue items in SQLite (better-sqlite3, the embedded default): one row per item, its document
 * as JSON, keyed by tenant and objectID. A write of many runs in one immediate transaction, so an
 * import is all or nothing and no other write interleaves; an item whose JSON is unchanged is not
 * rewritten. Subscribers are told in process after each committed change, and of changes other
 * processes commit to the same file (the CLI's `backlot items import` beside a running server):
 * each write also notes the ids it changed in `item_changes`, and while anyone listens the store
 * looks every WATCH_MS at SQLite's `data_version` (it moves only when another connection commits)
 * and announces what the others changed, as each item now stands.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { openSqliteFile } from './sqlite-file';
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

const DEFAULT_PAGE = 1000;
/** How often a store with listeners looks for other processes' commits. */
const WATCH_MS = 250;
/** How long a change stays noted: far longer than any watcher takes to read it. */
const CHANGES_KEPT_MS = 60 * 60 * 1000;
/** The event every tenant's changes are also announced under. */
const EVERY_TENANT = Symbol('every tenant');

export class SqliteItemStore implements ItemStore {
  private readonly database: Database.Database;
  private readonly changes = new EventEmitter();
  /** This store's name in `item_changes`, so it does not announce its own writes twice. */
  private readonly writer = randomUUID();
  private lastSeenChange: number;
  private dataVersion: number;
  private watch: NodeJS.Timeout | undefined;

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS items (
      tenant_id TEXT NOT NULL,
      object_id TEXT NOT NULL,
      document TEXT NOT NULL,
      PRIMARY KEY (tenant_id, object_id)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS item_changes (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      tenant_id TEXT NOT NULL,
      object_id TEXT NOT NULL,
      writer TEXT NOT NULL,
      at INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS item_changes_at ON item_changes (at)`,
    );
    this.changes.setMaxListeners(0);
    this.lastSeenChange = (
      this.database.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM item_changes').get() as { seq: number }
    ).seq;
    this.dataVersion = this.database.pragma('data_version', { simple: true }) as number;
  }

  private announce(tenantId: string, change: ItemChange) {
    this.changes.emit(tenantId, change);
    this.changes.emit(EVERY_TENANT, tenantId, change);
  }

  /** Notes, inside the write's transaction, which items it changed (and forgets notes read long ago). */
  private noteChanged(tenantId: string, objectIDs: readonly string[]) {
    if (objectIDs.length === 0) return;
    const now = Date.now();
    const note = this.database.prepare(
      'INSERT INTO item_changes (tenant_id, object_id, writer, at) VALUES (?, ?, ?, ?)',
    );
    for (const objectID of objectIDs) note.run(tenantId, objectID, this.writer, now);
    this.database.prepare('DELETE FROM item_changes WHERE at < ?').run(now - CHANGES_KEPT_MS);
  }

  /** Announces what other connections committed since the last look: each item as it now stands, once. */
  private announceOthersChanges() {
    const version = this.database.pragma('data_version', { simple: true }) as number;
    if (version === this.dataVersion) return;
    const notes = this.database
      .prepare('SELECT seq, tenant_id, object_id, writer FROM item_changes WHERE seq > ? ORDER BY seq')
      .all(this.lastSeenChange) as Array<{
      seq: number;
      tenant_id: string;
      object_id: string;
      writer: string;
    }>;
    this.dataVersion = version;
    if (notes.length === 0) return;
    this.lastSeenChange = notes.at(-1)!.seq;
    const changed = new Map<string, Set<string>>();
    for (const note of notes) {
      if (
        note.writer === this.writer ||
        this.changes.listenerCount(note.tenant_id) + this.changes.listenerCount(EVERY_TENANT) === 0
      )
        continue;
      changed.set(note.tenant_id, (changed.get(note.tenant_id) ?? new Set()).add(note.object_id));
    }
    const read = this.database.prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id = ?');
    for (const [tenantId, objectIDs] of changed) {
      for (const objectID of objectIDs) {
        const row = read.get(tenantId, objectID) as { document: string } | undefined;
        this.announce(
          tenantId,
          row ? { kind: 'put', item: JSON.parse(row.document) as Item } : { kind: 'delete', objectID },
        );
      }
    }
  }

  async get(tenantId: string, objectID: string): Promise<Item | undefined> {
    const row = this.database
      .prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id = ?')
      .get(tenantId, objectID) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as Item);
  }

  async getMany(tenantId: string, objectIDs: readonly string[]): Promise<Item[]> {
    const read = this.database.prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id = ?');
    return objectIDs.flatMap((objectID) => {
      const row = read.get(tenantId, objectID) as { document: string } | undefined;
      return row ? [JSON.parse(row.document) as Item] : [];
    });
  }

  async put(tenantId: string, item: Item): Promise<Item> {
    await this.putMany(tenantId, [item]);
    return item;
  }

  async putMany(tenantId: string, items: readonly Item[]): Promise<PutManyCounts> {
    // Checked before the transaction: one bad item leaves everything as it was.
    const documents = items.map((item) => [item, JSON.stringify(checkedItem(item))] as const);
    const read = this.database.prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id = ?');
    const write = this.database.prepare(
      'INSERT INTO items (tenant_id, object_id, document) VALUES (?, ?, ?) ON CONFLICT (tenant_id, object_id) DO UPDATE SET document = excluded.document',
    );
    const written: Item[] = [];
    const counts = this.database
      .transaction(() => {
        const tally: PutManyCounts = { added: 0, updated: 0, unchanged: 0 };
        for (const [item, document] of documents) {
          const current = read.get(tenantId, item.objectID) as { document: string } | undefined;
          if (current?.document === document) {
            tally.unchanged += 1;
            continue;
          }
          write.run(tenantId, item.objectID, document);
          tally[current ? 'updated' : 'added'] += 1;
          written.push(item);
        }
        this.noteChanged(
          tenantId,
          written.map((item) => item.objectID),
        );
        return tally;
      })
      .immediate();
    for (const item of written) this.announce(tenantId, { kind: 'put', item });
    return counts;
  }

  async update(tenantId: string, objectID: string, change: (current: Item) => Item): Promise<Item> {
    const updated = this.database
      .transaction(() => {
        const row = this.database
          .prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id = ?')
          .get(tenantId, objectID) as { document: string } | undefined;
        if (!row) throw new UnknownItemError(`No item ${JSON.stringify(objectID)}`);
        const next = { ...change(JSON.parse(row.document) as Item), objectID };
        this.database
          .prepare('UPDATE items SET document = ? WHERE tenant_id = ? AND object_id = ?')
          .run(JSON.stringify(checkedItem(next)), tenantId, objectID);
        this.noteChanged(tenantId, [objectID]);
        return next;
      })
      .immediate();
    this.announce(tenantId, { kind: 'put', item: updated });
    return updated;
  }

  async delete(tenantId: string, objectID: string): Promise<boolean> {
    const changes = this.database
      .transaction(() => {
        const deleted = this.database
          .prepare('DELETE FROM items WHERE tenant_id = ? AND object_id = ?')
          .run(tenantId, objectID).changes;
        if (deleted > 0) this.noteChanged(tenantId, [objectID]);
        return deleted;
      })
      .immediate();
    if (changes > 0) this.announce(tenantId, { kind: 'delete', objectID });
    return changes > 0;
  }

  async count(tenantId: string): Promise<number> {
    return (
      this.database.prepare('SELECT COUNT(*) AS total FROM items WHERE tenant_id = ?').get(tenantId) as {
        total: number;
      }
    ).total;
  }

  async list(tenantId: string, page: { after?: string; limit?: number } = {}): Promise<Item[]> {
    const rows = this.database
      .prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id > ? ORDER BY object_id LIMIT ?')
      .all(tenantId, page.after ?? '', page.limit ?? DEFAULT_PAGE) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as Item);
  }

  subscribe(tenantId: string, listener: ItemListener): () => void {
    return this.listen(tenantId, listener);
  }

  followEveryTenant(listener: (tenantId: string, change: ItemChange) => void): EveryTenantFollower {
    const stop = this.listen(EVERY_TENANT, listener);
    // The items as they are, then (listening already) every change.
    for (const row of this.database
      .prepare('SELECT tenant_id, document FROM items ORDER BY tenant_id, object_id')
      .iterate() as Iterable<{ tenant_id: string; document: string }>)
      listener(row.tenant_id, { kind: 'put', item: JSON.parse(row.document) as Item });
    return { synced: Promise.resolve(), stop };
  }

  /** Listens under `event`, looking for other processes' commits while anyone listens. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- EventEmitter's own listener type
  private listen(event: string | symbol, listener: (...args: any[]) => void): () => void {
    this.changes.on(event, listener);
    this.watch ??= setInterval(() => {
      try {
        this.announceOthersChanges();
      } catch {
        // A look that fails (the file busy past its timeout) is taken again at the next tick: what it missed is still noted.
      }
    }, WATCH_MS).unref();
    return () => {
      this.changes.off(event, listener);
      if (this.changes.eventNames().length > 0) return;
      clearInterval(this.watch);
      this.watch = undefined;
    };
  }

  async close(): Promise<void> {
    clearInterval(this.watch);
    this.changes.removeAllListeners();
    this.database.close();
  }
}
