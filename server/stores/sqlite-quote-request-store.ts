/**
 * Quote requests in SQLite (better-sqlite3, the embedded default): one row per request, its
 * document as JSON. The primary key (tenant_id, id) refuses a second request with an id the tenant
 * has: QuoteRequestExistsError, and the first row stays.
 */
import type Database from 'better-sqlite3';
import { openSqliteFile } from './sqlite-file';
import type { QuoteRequest } from '../../schema/types.generated';
import { checkedQuoteRequest, QuoteRequestExistsError, type QuoteRequestStore } from './quote-request-store';

export class SqliteQuoteRequestStore implements QuoteRequestStore {
  private readonly database: Database.Database;

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS quote_requests (
      tenant_id TEXT NOT NULL,
      id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      document TEXT NOT NULL,
      PRIMARY KEY (tenant_id, id)
    )`,
    );
  }

  async add(request: QuoteRequest): Promise<QuoteRequest> {
    const document = JSON.stringify(checkedQuoteRequest(request));
    try {
      this.database.prepare('INSERT INTO quote_requests (tenant_id, id, created_at, document) VALUES (?, ?, ?, ?)').run(request.tenantId, request.id, request.createdAt, document);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new QuoteRequestExistsError(request.tenantId, request.id);
      throw error;
    }
    return request;
  }

  async get(tenantId: string, id: string): Promise<QuoteRequest | undefined> {
    const row = this.database.prepare('SELECT document FROM quote_requests WHERE tenant_id = ? AND id = ?').get(tenantId, id) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as QuoteRequest);
  }

  async list(tenantId: string, page: { limit?: number; offset?: number } = {}): Promise<{ total: number; requests: QuoteRequest[] }> {
    const { total } = this.database.prepare('SELECT COUNT(*) AS total FROM quote_requests WHERE tenant_id = ?').get(tenantId) as { total: number };
    const rows = this.database
      .prepare('SELECT document FROM quote_requests WHERE tenant_id = ? ORDER BY created_at DESC, id LIMIT ? OFFSET ?')
      .all(tenantId, page.limit ?? 100, page.offset ?? 0) as Array<{ document: string }>;
    return { total, requests: rows.map((row) => JSON.parse(row.document) as QuoteRequest) };
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
