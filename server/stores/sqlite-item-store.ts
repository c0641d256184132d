/**
 * Catalogue items in SQLite (better-sqlite3, the embedded default): one row per item, its document
 * as JSON, keyed by tenant and objectID. A write of many runs in one immediate transaction, so an
 * import is all or nothing and no other write interleaves; an item whose JSON is unchanged is not
 * rewritten. Subscribers are told in process after each committed change.
 */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { openSqliteFile } from './sqlite-file';
import type { Item } from '../../schema/types.generated';
import { checkedItem, UnknownItemError, type ItemChange, type ItemListener, type ItemStore, type PutManyCounts } from './item-store';

const DEFAULT_PAGE = 1000;

export class SqliteItemStore implements ItemStore {
  private readonly database: Database.Database;
  private readonly changes = new EventEmitter();

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS items (
      tenant_id TEXT NOT NULL,
      object_id TEXT NOT NULL,
      document TEXT NOT NULL,
      PRIMARY KEY (tenant_id, object_id)
    ) WITHOUT ROWID`,
    );
    this.changes.setMaxListeners(0);
  }

  private announce(tenantId: string, change: ItemChange) {
    this.changes.emit(tenantId, change);
  }

  async get(tenantId: string, objectID: string): Promise<Item | undefined> {
    const row = this.database.prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id = ?').get(tenantId, objectID) as { document: string } | undefined;
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
    const write = this.database.prepare('INSERT INTO items (tenant_id, object_id, document) VALUES (?, ?, ?) ON CONFLICT (tenant_id, object_id) DO UPDATE SET document = excluded.document');
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
        return tally;
      })
      .immediate();
    for (const item of written) this.announce(tenantId, { kind: 'put', item });
    return counts;
  }

  async update(tenantId: string, objectID: string, change: (current: Item) => Item): Promise<Item> {
    const updated = this.database
      .transaction(() => {
        const row = this.database.prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id = ?').get(tenantId, objectID) as { document: string } | undefined;
        if (!row) throw new UnknownItemError(`No item ${JSON.stringify(objectID)}`);
        const next = { ...change(JSON.parse(row.document) as Item), objectID };
        this.database.prepare('UPDATE items SET document = ? WHERE tenant_id = ? AND object_id = ?').run(JSON.stringify(checkedItem(next)), tenantId, objectID);
        return next;
      })
      .immediate();
    this.announce(tenantId, { kind: 'put', item: updated });
    return updated;
  }

  async delete(tenantId: string, objectID: string): Promise<boolean> {
    const { changes } = this.database.prepare('DELETE FROM items WHERE tenant_id = ? AND object_id = ?').run(tenantId, objectID);
    if (changes > 0) this.announce(tenantId, { kind: 'delete', objectID });
    return changes > 0;
  }

  async count(tenantId: string): Promise<number> {
    return (this.database.prepare('SELECT COUNT(*) AS total FROM items WHERE tenant_id = ?').get(tenantId) as { total: number }).total;
  }

  async list(tenantId: string, page: { after?: string; limit?: number } = {}): Promise<Item[]> {
    const rows = this.database
      .prepare('SELECT document FROM items WHERE tenant_id = ? AND object_id > ? ORDER BY object_id LIMIT ?')
      .all(tenantId, page.after ?? '', page.limit ?? DEFAULT_PAGE) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as Item);
  }

  subscribe(tenantId: string, listener: ItemListener): () => void {
    this.changes.on(tenantId, listener);
    return () => this.changes.off(tenantId, listener);
  }

  async close(): Promise<void> {
    this.changes.removeAllListeners();
    this.database.close();
  }
}
