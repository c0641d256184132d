/**
 * Quote requests in SQLite (better-sqlite3, the embedded default): one row per request, its
 * document as JSON, and one row per booking (a line held as a pencil or an order) beside it in the
 * same file. The primary key (tenant_id, id) refuses a second request with an id the tenant has:
 * QuoteRequestExistsError, and the first row stays.
 *
 * A change runs in one IMMEDIATE transaction (it takes the write lock before reading), so the
 * revision check, the availability check and the writes see one state of the file, whichever
 * process or connection writes next.
 */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { bookingWindow, type Booking } from '../../schema/availability';
import type { QuoteRequest } from '../../schema/types.generated';
import { openSqliteFile } from './sqlite-file';
import { changedRequest, checkedQuoteRequest, placedBookings, QuoteRequestExistsError, type QuoteChange, type QuoteRequestStore } from './quote-request-store';

interface BookingRow {
  quote_id: string;
  object_id: string;
  quantity: number;
  first_day: string;
  last_day: string;
  kind: Booking['kind'];
  expires_on: string | null;
}

const bookingOf = (row: BookingRow): Booking => ({
  quoteId: row.quote_id,
  objectID: row.object_id,
  quantity: row.quantity,
  firstDay: row.first_day,
  lastDay: row.last_day,
  kind: row.kind,
  ...(row.expires_on !== null && { expiresOn: row.expires_on }),
});

export class SqliteQuoteRequestStore implements QuoteRequestStore {
  private readonly database: Database.Database;
  /** Changes made through this store, by tenant: one server owns an embedded file. */
  private readonly changes = new EventEmitter().setMaxListeners(0);

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS quote_requests (
      tenant_id TEXT NOT NULL,
      id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      document TEXT NOT NULL,
      PRIMARY KEY (tenant_id, id)
    );
    CREATE TABLE IF NOT EXISTS bookings (
      tenant_id TEXT NOT NULL,
      quote_id TEXT NOT NULL,
      object_id TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      first_day TEXT NOT NULL,
      last_day TEXT NOT NULL,
      kind TEXT NOT NULL,
      expires_on TEXT,
      PRIMARY KEY (tenant_id, quote_id, object_id)
    );
    CREATE INDEX IF NOT EXISTS bookings_by_item ON bookings (tenant_id, object_id, last_day, first_day);
    CREATE INDEX IF NOT EXISTS bookings_by_day ON bookings (tenant_id, last_day, first_day);`,
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
    this.changes.emit(request.tenantId, request.id);
    return request;
  }

  async get(tenantId: string, id: string): Promise<QuoteRequest | undefined> {
    return this.read(tenantId, id);
  }

  private read(tenantId: string, id: string): QuoteRequest | undefined {
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

  async listByVisitor(tenantId: string, uid: string): Promise<QuoteRequest[]> {
    const rows = this.database.prepare("SELECT document FROM quote_requests WHERE tenant_id = ? AND json_extract(document, '$.uid') = ? ORDER BY created_at DESC, id").all(tenantId, uid) as Array<{
      document: string;
    }>;
    return rows.map((row) => JSON.parse(row.document) as QuoteRequest);
  }

  async change(tenantId: string, id: string, change: QuoteChange): Promise<QuoteRequest> {
    const run = this.database.transaction(() => {
      const { next, bookings } = changedRequest(this.read(tenantId, id), id, change);
      if (bookings !== undefined) {
        this.database.prepare('DELETE FROM bookings WHERE tenant_id = ? AND quote_id = ?').run(tenantId, id);
        if (bookings !== 'release') {
          const booked = this.overlapping(tenantId, [...new Set(next.lines.map((line) => line.objectID))], next.startDate, next.endDate, bookings.placement.turnaroundDays);
          const insert = this.database.prepare('INSERT INTO bookings (tenant_id, quote_id, object_id, quantity, first_day, last_day, kind, expires_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
          for (const booking of placedBookings(next, bookings, booked))
            insert.run(tenantId, id, booking.objectID, booking.quantity, booking.firstDay, booking.lastDay, booking.kind, booking.expiresOn ?? null);
        }
      }
      this.database.prepare('UPDATE quote_requests SET document = ? WHERE tenant_id = ? AND id = ?').run(JSON.stringify(next), tenantId, id);
      return next;
    });
    const changed = run.immediate();
    this.changes.emit(tenantId, id);
    return changed;
  }

  subscribe(tenantId: string, listener: (id: string) => void): () => void {
    this.changes.on(tenantId, listener);
    return () => void this.changes.off(tenantId, listener);
  }

  /** Bookings on these items whose days, widened by the turnaround, reach into [from, to]. */
  private overlapping(tenantId: string, objectIDs: readonly string[], from: string, to: string, turnaroundDays: number): Booking[] {
    const window = bookingWindow(from, to, turnaroundDays);
    return this.select(tenantId, objectIDs, window.from, window.to);
  }

  /** Prepared once per number of items asked about (a listing page asks about the same count each time). */
  private readonly selects = new Map<number, Database.Statement>();

  private select(tenantId: string, objectIDs: readonly string[], from: string, to: string): Booking[] {
    if (objectIDs.length === 0) return [];
    let statement = this.selects.get(objectIDs.length);
    if (!statement) {
      statement = this.database.prepare(
        `SELECT quote_id, object_id, quantity, first_day, last_day, kind, expires_on FROM bookings WHERE tenant_id = ? AND object_id IN (${objectIDs.map(() => '?').join(', ')}) AND last_day >= ? AND first_day <= ?`,
      );
      if (this.selects.size < 64) this.selects.set(objectIDs.length, statement);
    }
    const rows = statement.all(tenantId, ...objectIDs, from, to) as BookingRow[];
    return rows.map(bookingOf);
  }

  async bookings(tenantId: string, objectIDs: readonly string[], from: string, to: string): Promise<Booking[]> {
    return this.select(tenantId, objectIDs, from, to);
  }

  async bookingsBetween(tenantId: string, from: string, to: string): Promise<Booking[]> {
    const rows = this.database
      .prepare('SELECT quote_id, object_id, quantity, first_day, last_day, kind, expires_on FROM bookings WHERE tenant_id = ? AND last_day >= ? AND first_day <= ?')
      .all(tenantId, from, to) as BookingRow[];
    return rows.map(bookingOf);
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
