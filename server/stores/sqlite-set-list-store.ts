/** Set lists in SQLite (better-sqlite3, the embedded default): one row per list, its document as JSON. */
import type Database from 'better-sqlite3';
import type { SetList } from '../../schema/types.generated';
import { checkedSetList, UnknownSetListError, type SetListStore } from './set-list-store';
import { openSqliteFile } from './sqlite-file';

export class SqliteSetListStore implements SetListStore {
  private readonly database: Database.Database;

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS set_lists (
        tenant_id TEXT NOT NULL,
        id TEXT NOT NULL,
        uid TEXT NOT NULL,
        share_token TEXT,
        updated_at TEXT NOT NULL,
        document TEXT NOT NULL,
        PRIMARY KEY (tenant_id, id)
      );
      CREATE INDEX IF NOT EXISTS set_lists_by_owner ON set_lists (tenant_id, uid, updated_at);
      CREATE UNIQUE INDEX IF NOT EXISTS set_lists_by_share_token ON set_lists (tenant_id, share_token) WHERE share_token IS NOT NULL;`,
    );
  }

  private write(list: SetList, insert: boolean): void {
    const row = [
      list.uid,
      list.shareToken ?? null,
      list.updatedAt,
      JSON.stringify(checkedSetList(list)),
      list.tenantId,
      list.id,
    ];
    if (insert)
      this.database
        .prepare(
          'INSERT INTO set_lists (uid, share_token, updated_at, document, tenant_id, id) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(...row);
    else
      this.database
        .prepare(
          'UPDATE set_lists SET uid = ?, share_token = ?, updated_at = ?, document = ? WHERE tenant_id = ? AND id = ?',
        )
        .run(...row);
  }

  async create(list: SetList): Promise<SetList> {
    if (this.read(list.tenantId, list.id))
      throw new Error(`a set list ${JSON.stringify(list.id)} already exists in ${list.tenantId}`);
    this.write(list, true);
    return list;
  }

  private read(tenantId: string, id: string): SetList | undefined {
    const row = this.database
      .prepare('SELECT document FROM set_lists WHERE tenant_id = ? AND id = ?')
      .get(tenantId, id) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as SetList);
  }

  async get(tenantId: string, id: string): Promise<SetList | undefined> {
    return this.read(tenantId, id);
  }

  async getShared(tenantId: string, shareToken: string): Promise<SetList | undefined> {
    const row = this.database
      .prepare('SELECT document FROM set_lists WHERE tenant_id = ? AND share_token = ?')
      .get(tenantId, shareToken) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as SetList);
  }

  async listFor(tenantId: string, uid: string): Promise<SetList[]> {
    const rows = this.database
      .prepare('SELECT document FROM set_lists WHERE tenant_id = ? AND uid = ? ORDER BY updated_at DESC, id')
      .all(tenantId, uid) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as SetList);
  }

  async update(tenantId: string, id: string, change: (current: SetList) => SetList): Promise<SetList> {
    // better-sqlite3 is synchronous: the read, the change and the write run with nothing between them.
    return this.database.transaction(() => {
      const current = this.read(tenantId, id);
      if (!current) throw new UnknownSetListError(id);
      const next = { ...change(current), tenantId, id };
      this.write(next, false);
      return next;
    })();
  }

  async delete(tenantId: string, id: string): Promise<void> {
    this.database.prepare('DELETE FROM set_lists WHERE tenant_id = ? AND id = ?').run(tenantId, id);
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
