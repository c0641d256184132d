/** Production requests in SQLite (better-sqlite3, the embedded default): one row per request, its document as JSON. */
import type Database from 'better-sqlite3';
import type { ProductionRequest } from '../../schema/types.generated';
import {
  checkedProductionRequest,
  ProductionRequestExistsError,
  UnknownProductionRequestError,
  type ProductionRequestStore,
} from './production-request-store';
import { openSqliteFile } from './sqlite-file';

export class SqliteProductionRequestStore implements ProductionRequestStore {
  private readonly database: Database.Database;

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS production_requests (
        id TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        created_at TEXT NOT NULL,
        document TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS production_requests_by_owner ON production_requests (uid, created_at);`,
    );
  }

  private read(id: string): ProductionRequest | undefined {
    const row = this.database.prepare('SELECT document FROM production_requests WHERE id = ?').get(id) as
      { document: string } | undefined;
    return row && (JSON.parse(row.document) as ProductionRequest);
  }

  async create(request: ProductionRequest): Promise<ProductionRequest> {
    const document = JSON.stringify(checkedProductionRequest(request));
    const inserted = this.database
      .prepare('INSERT OR IGNORE INTO production_requests (id, uid, created_at, document) VALUES (?, ?, ?, ?)')
      .run(request.id, request.uid, request.createdAt, document);
    if (!inserted.changes) throw new ProductionRequestExistsError(request.id);
    return request;
  }

  async get(id: string): Promise<ProductionRequest | undefined> {
    return this.read(id);
  }

  async listFor(uid: string, limit = 50): Promise<ProductionRequest[]> {
    const rows = this.database
      .prepare('SELECT document FROM production_requests WHERE uid = ? ORDER BY created_at DESC, id LIMIT ?')
      .all(uid, limit) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as ProductionRequest);
  }

  async listAll(limit: number): Promise<ProductionRequest[]> {
    const rows = this.database
      .prepare('SELECT document FROM production_requests ORDER BY created_at DESC, id LIMIT ?')
      .all(limit) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as ProductionRequest);
  }

  async update(id: string, change: (current: ProductionRequest) => ProductionRequest): Promise<ProductionRequest> {
    // IMMEDIATE: the read takes the write lock, so another process's update waits rather than being lost.
    return this.database
      .transaction(() => {
        const current = this.read(id);
        if (!current) throw new UnknownProductionRequestError(id);
        const next = checkedProductionRequest({ ...change(current), id, uid: current.uid });
        this.database.prepare('UPDATE production_requests SET document = ? WHERE id = ?').run(JSON.stringify(next), id);
        return next;
      })
      .immediate();
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
