/**
 * Quote requests in SQLite (better-sqlite3, the embedded default): one row per request, its
 * document as JSON, and one row per booking (a line held as a pencil or an order) beside it in the
 * same file. The primary key (tenant_id, id) refuses a second request with an id the tenant has:
 * QuoteRequestExistsError, and the first row stays.
 *
 * Beside the document, each row keeps the columns lists query (state, visitor, dates, the last
 * open day, when it was confirmed: listingFieldsOf), indexed, so a list filters, sorts, pages and
 * counts in SQL. Two small tables kept in the same transactions make the common cases cheap: the
 * count of each tenant's requests by state (a list filtered by state alone, or not at all, reads
 * its total there), and each tenant's longest hire (a date filter then scans only the requests
 * that start late enough to reach it). A file from before these columns gets them, filled from its documents, when
 * opened.
 *
 * A change runs in one IMMEDIATE transaction (it takes the write lock before reading), so the
 * revision check, the availability check and the writes see one state of the file, whichever
 * process or connection writes next.
 */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { bookingWindow, OPEN_END, reachOf, type Booking } from '../../schema/rental/availability';
import { stockItemsOf } from '../../schema/rental/kits';
import { bookingOfStockRow, outByItem } from '../../schema/rental/hire';
import { addDays, dayCount } from '../../schema/rental/quote-rules';
import type { QuoteRequest, ScanRecord, Unit } from '../../schema/types.generated';
import { openSqliteFile } from './sqlite-file';
import {
  changedRequest,
  checkedQuoteRequest,
  checkedUnit,
  steppedOrder,
  UnitExistsError,
  type HireStep,
  type HireStepDone,
  type UnitListQuery,
  DEFAULT_QUOTE_PAGE,
  listingFieldsOf,
  placedBookings,
  QuoteRequestExistsError,
  repeatOf,
  refuseTakenKeys,
  type StockMove,
  type QuoteChange,
  type QuoteListQuery,
  type QuoteRequestStore,
} from './quote-request-store';

/** The listing columns, added to files made before them (then filled from each document). */
const LISTING_COLUMNS = ['state', 'uid', 'start_date', 'end_date', 'open_until', 'confirmed_at'] as const;
const LISTING_INDEXES = `
    CREATE INDEX IF NOT EXISTS quote_requests_newest ON quote_requests (tenant_id, created_at, id);
    CREATE INDEX IF NOT EXISTS quote_requests_by_state ON quote_requests (tenant_id, state, created_at, id);
    CREATE INDEX IF NOT EXISTS quote_requests_by_visitor ON quote_requests (tenant_id, uid, created_at, id);
    CREATE INDEX IF NOT EXISTS quote_requests_by_dates ON quote_requests (tenant_id, start_date, end_date, state, created_at, id);
    CREATE INDEX IF NOT EXISTS quote_requests_due ON quote_requests (tenant_id, open_until);
    CREATE INDEX IF NOT EXISTS quote_requests_by_confirmation ON quote_requests (tenant_id, confirmed_at);
    CREATE TABLE IF NOT EXISTS quote_request_counts (tenant_id TEXT NOT NULL, state TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (tenant_id, state));
    CREATE TABLE IF NOT EXISTS quote_request_spans (tenant_id TEXT PRIMARY KEY, longest_days INTEGER NOT NULL);`;

/** Days from a request's first day to its last, both counted (SQLite's julianday). */
const SPAN = 'CAST(julianday(end_date) - julianday(start_date) AS INTEGER) + 1';

/** The listing columns' values for a request, in LISTING_COLUMNS' order. */
function listingValues(request: QuoteRequest) {
  const fields = listingFieldsOf(request);
  return [fields.state, request.uid, request.startDate, request.endDate, fields.openUntil, fields.confirmedAt] as const;
}

const SORT_COLUMNS = { createdAt: 'created_at', startDate: 'start_date' } as const;

interface BookingRow {
  out: number;
  quote_id: string;
  object_id: string;
  quantity: number;
  first_day: string;
  last_day: string;
  kind: Booking['kind'];
  expires_on: string | null;
  held_at: string | null;
  who: string | null;
  store: string | null;
}

const bookingOf = (row: BookingRow): Booking => ({
  quoteId: row.quote_id,
  objectID: row.object_id,
  quantity: row.quantity,
  firstDay: row.first_day,
  lastDay: row.last_day,
  kind: row.kind,
  ...(row.expires_on !== null && { expiresOn: row.expires_on }),
  ...(row.out > 0 && { out: row.out }),
  ...(row.held_at !== null && { heldAt: row.held_at }),
  ...(row.who !== null && { who: row.who }),
  ...(row.store !== null && { store: row.store }),
});

const BOOKING_COLUMNS =
  'quote_id, object_id, quantity, first_day, last_day, kind, expires_on, out, held_at, who, store';

export class SqliteQuoteRequestStore implements QuoteRequestStore {
  /** Writes that touched each tenant's bookings, counted (this file is one process's: see bookingsVersion). */
  private readonly bookingWrites = new Map<string, number>();
  private bookingsWritten(tenantId: string) {
    this.bookingWrites.set(tenantId, (this.bookingWrites.get(tenantId) ?? 0) + 1);
  }

  bookingsVersion(tenantId: string): string {
    return `sqlite:${this.bookingWrites.get(tenantId) ?? 0}`;
  }

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
    CREATE TABLE IF NOT EXISTS units (
      tenant_id TEXT NOT NULL,
      tag TEXT NOT NULL,
      object_id TEXT NOT NULL,
      status TEXT NOT NULL,
      order_id TEXT,
      document TEXT NOT NULL,
      PRIMARY KEY (tenant_id, tag)
    );
    CREATE INDEX IF NOT EXISTS units_by_item ON units (tenant_id, object_id, tag);
    CREATE INDEX IF NOT EXISTS units_by_status ON units (tenant_id, status, tag);
    CREATE INDEX IF NOT EXISTS units_by_order ON units (tenant_id, order_id, tag);
    CREATE TABLE IF NOT EXISTS scans (
      tenant_id TEXT NOT NULL,
      id TEXT NOT NULL,
      order_id TEXT NOT NULL,
      at TEXT NOT NULL,
      document TEXT NOT NULL,
      PRIMARY KEY (tenant_id, id)
    );
    CREATE INDEX IF NOT EXISTS scans_by_order ON scans (tenant_id, order_id, at);`,
    );
    this.addListingColumns();
    this.addReachColumns();
  }

  /**
   * Gives the bookings of a file made before hires went out their `out` count and the last day
   * each can reach (its last day, or OPEN_END while units are out), which range queries filter on.
   */
  private addReachColumns() {
    const present = new Set(
      (this.database.prepare('PRAGMA table_info(bookings)').all() as Array<{ name: string }>).map(
        (column) => column.name,
      ),
    );
    if (!present.has('reaches_to'))
      this.database.transaction(() => {
        this.database.exec(
          'ALTER TABLE bookings ADD COLUMN out INTEGER NOT NULL DEFAULT 0; ALTER TABLE bookings ADD COLUMN reaches_to TEXT; UPDATE bookings SET reaches_to = last_day;',
        );
      })();
    // Holds rank by when they were placed (issue 52); a file from before keeps its holds unranked, first.
    if (!present.has('held_at')) this.database.exec('ALTER TABLE bookings ADD COLUMN held_at TEXT');
    // Whose hire a row is, for the planner's bars (issue 53); rows from before name none until placed again.
    if (!present.has('who')) this.database.exec('ALTER TABLE bookings ADD COLUMN who TEXT');
    // The store a row takes stock at (issue 53); rows from before name none: the main store's.
    if (!present.has('store')) this.database.exec('ALTER TABLE bookings ADD COLUMN store TEXT');
    this.database.exec(`
    CREATE INDEX IF NOT EXISTS bookings_reach_by_item ON bookings (tenant_id, object_id, reaches_to, first_day);
    CREATE INDEX IF NOT EXISTS bookings_reach_by_day ON bookings (tenant_id, reaches_to, first_day);
    DROP INDEX IF EXISTS bookings_by_item;
    DROP INDEX IF EXISTS bookings_by_day;`);
  }

  /** Adds the listing columns and their indexes to a file made before them, filled from its documents. */
  private addListingColumns() {
    const present = new Set(
      (this.database.prepare('PRAGMA table_info(quote_requests)').all() as Array<{ name: string }>).map(
        (column) => column.name,
      ),
    );
    const missing = LISTING_COLUMNS.filter((column) => !present.has(column));
    if (missing.length) {
      this.database.transaction(() => {
        for (const column of missing) this.database.exec(`ALTER TABLE quote_requests ADD COLUMN ${column} TEXT`);
        const update = this.database.prepare(
          `UPDATE quote_requests SET ${LISTING_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE rowid = ?`,
        );
        // Page by page: better-sqlite3 refuses a write while a statement on the same connection is
        // still reading, so each page is read in full before its rows are written.
        const page = this.database.prepare(
          'SELECT rowid, document FROM quote_requests WHERE rowid > ? ORDER BY rowid LIMIT 1000',
        );
        for (
          let rows = page.all(0) as Array<{ rowid: number; document: string }>;
          rows.length > 0;
          rows = page.all(rows.at(-1)!.rowid) as typeof rows
        )
          for (const row of rows) update.run(...listingValues(JSON.parse(row.document) as QuoteRequest), row.rowid);
      })();
    }
    const fresh = !(this.database
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'quote_request_counts'")
      .get() as object | undefined);
    this.database.exec(LISTING_INDEXES);
    // Counts by state and the longest hire of each tenant, kept with every write from now on; filled once from the rows.
    if (fresh || missing.length) {
      this.database.transaction(() => {
        this.database.exec('DELETE FROM quote_request_counts; DELETE FROM quote_request_spans;');
        this.database.exec(
          'INSERT INTO quote_request_counts (tenant_id, state, count) SELECT tenant_id, state, COUNT(*) FROM quote_requests GROUP BY tenant_id, state',
        );
        this.database.exec(
          `INSERT INTO quote_request_spans (tenant_id, longest_days) SELECT tenant_id, MAX(${SPAN}) FROM quote_requests GROUP BY tenant_id`,
        );
      })();
    }
  }

  /** Keeps the counts by state and the longest hire in step with a row written (inside the write's transaction). */
  private counted(tenantId: string, before: QuoteRequest | undefined, after: QuoteRequest) {
    const count = this.database.prepare(
      'INSERT INTO quote_request_counts (tenant_id, state, count) VALUES (?, ?, ?) ON CONFLICT (tenant_id, state) DO UPDATE SET count = count + excluded.count',
    );
    const [was, is] = [before && listingFieldsOf(before).state, listingFieldsOf(after).state];
    if (was !== is) {
      if (was !== undefined) count.run(tenantId, was, -1);
      count.run(tenantId, is, 1);
    }
    this.database
      .prepare(
        'INSERT INTO quote_request_spans (tenant_id, longest_days) VALUES (?, ?) ON CONFLICT (tenant_id) DO UPDATE SET longest_days = max(longest_days, excluded.longest_days)',
      )
      .run(tenantId, dayCount(after.startDate, after.endDate));
  }

  async add(request: QuoteRequest): Promise<QuoteRequest> {
    const document = JSON.stringify(checkedQuoteRequest(request));
    try {
      this.database.transaction(() => {
        this.database
          .prepare(
            `INSERT INTO quote_requests (tenant_id, id, created_at, document, ${LISTING_COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ${LISTING_COLUMNS.map(() => '?').join(', ')})`,
          )
          .run(request.tenantId, request.id, request.createdAt, document, ...listingValues(request));
        this.counted(request.tenantId, undefined, request);
      })();
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
        throw new QuoteRequestExistsError(request.tenantId, request.id);
      throw error;
    }
    this.changes.emit(request.tenantId, request.id);
    return request;
  }

  async get(tenantId: string, id: string): Promise<QuoteRequest | undefined> {
    return this.read(tenantId, id);
  }

  private read(tenantId: string, id: string): QuoteRequest | undefined {
    const row = this.database
      .prepare('SELECT document FROM quote_requests WHERE tenant_id = ? AND id = ?')
      .get(tenantId, id) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as QuoteRequest);
  }

  async list(tenantId: string, query: QuoteListQuery = {}): Promise<{ total: number; requests: QuoteRequest[] }> {
    const where = ['tenant_id = ?'];
    const parameters: unknown[] = [tenantId];
    const condition = (sql: string, value: unknown) => {
      where.push(sql);
      parameters.push(value);
    };
    if (query.state !== undefined) condition('state = ?', query.state);
    if (query.uid !== undefined) condition('uid = ?', query.uid);
    if (query.to !== undefined) condition('start_date <= ?', query.to);
    if (query.from !== undefined) {
      condition('end_date >= ?', query.from);
      // No stored hire is longer than the tenant's longest, so none reaching `from` starts before this: the index scans only those days.
      const span = this.database
        .prepare('SELECT longest_days FROM quote_request_spans WHERE tenant_id = ?')
        .get(tenantId) as { longest_days: number } | undefined;
      condition('start_date >= ?', addDays(query.from, -((span?.longest_days ?? 1) - 1)));
    }
    if (query.confirmedFrom !== undefined) condition('confirmed_at >= ?', query.confirmedFrom);
    if (query.confirmedBefore !== undefined) condition('confirmed_at < ?', query.confirmedBefore);
    const sort = query.sort ?? { field: 'createdAt', order: 'desc' };
    const counted = query.countTotal === false ? undefined : ([where.join(' AND '), [...parameters]] as const);
    // Keyset paging: after the last request of the page before, in (startDate, id) order.
    if (query.after) {
      if (sort.field !== 'startDate' || sort.order !== 'asc') throw new Error('`after` pages by startDate ascending');
      where.push('(start_date > ? OR (start_date = ? AND id > ?))');
      parameters.push(query.after.startDate, query.after.startDate, query.after.id);
    }
    const filter = where.join(' AND ');
    const total = counted
      ? (
          this.countOf(tenantId, query) ??
          (this.database
            .prepare(`SELECT COUNT(*) AS total FROM quote_requests WHERE ${counted[0]}`)
            .get(...counted[1]) as { total: number })
        ).total
      : undefined;
    const order = (table = '') =>
      `${table}${SORT_COLUMNS[sort.field]} ${sort.order === 'asc' ? 'ASC' : 'DESC'}, ${table}id`;
    // The page's rows are chosen and sorted from an index alone (every listing index holds the
    // sort columns), then only their documents are read: sorting the documents themselves read
    // every match's JSON.
    const rows = this.database
      .prepare(
        `SELECT quote_requests.document FROM (SELECT rowid AS row FROM quote_requests WHERE ${filter} ORDER BY ${order()} LIMIT ? OFFSET ?) AS page JOIN quote_requests ON quote_requests.rowid = page.row ORDER BY ${order('quote_requests.')}`,
      )
      .all(...parameters, query.limit ?? DEFAULT_QUOTE_PAGE, query.offset ?? 0) as Array<{ document: string }>;
    return { total: total ?? rows.length, requests: rows.map((row) => JSON.parse(row.document) as QuoteRequest) };
  }

  /** The total from the kept counts, when the query filters by nothing but (perhaps) the state. */
  private countOf(tenantId: string, query: QuoteListQuery): { total: number } | undefined {
    const { state, sort: _sort, offset: _offset, limit: _limit, ...others } = query;
    if (Object.values(others).some((value) => value !== undefined)) return undefined;
    const row = this.database
      .prepare(
        `SELECT COALESCE(SUM(count), 0) AS total FROM quote_request_counts WHERE tenant_id = ?${state === undefined ? '' : ' AND state = ?'}`,
      )
      .get(...(state === undefined ? [tenantId] : [tenantId, state])) as { total: number };
    return row;
  }

  async due(tenantId: string, today: string, limit: number): Promise<QuoteRequest[]> {
    const rows = this.database
      .prepare('SELECT document FROM quote_requests WHERE tenant_id = ? AND open_until < ? ORDER BY open_until LIMIT ?')
      .all(tenantId, today, limit) as Array<{
      document: string;
    }>;
    return rows.map((row) => JSON.parse(row.document) as QuoteRequest);
  }

  async change(tenantId: string, id: string, change: QuoteChange): Promise<QuoteRequest> {
    let touchedBookings = false;
    const run = this.database.transaction(() => {
      const current = this.read(tenantId, id);
      const { next, bookings } = changedRequest(current, id, change);
      touchedBookings = bookings !== undefined;
      if (bookings !== undefined) {
        this.database.prepare('DELETE FROM bookings WHERE tenant_id = ? AND quote_id = ?').run(tenantId, id);
        if (bookings !== 'release') {
          const booked = this.overlapping(
            tenantId,
            stockItemsOf(next.lines),
            next.startDate,
            next.endDate,
            bookings.placement.turnaroundDays,
          );
          for (const booking of placedBookings(next, bookings, booked)) this.writeBooking(tenantId, booking);
        }
      }
      this.database
        .prepare(
          `UPDATE quote_requests SET document = ?, ${LISTING_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE tenant_id = ? AND id = ?`,
        )
        .run(JSON.stringify(next), ...listingValues(next), tenantId, id);
      this.counted(tenantId, current, next);
      return next;
    });
    const changed = run.immediate();
    // Only a step that placed or released stock changes what pages with dates show.
    if (touchedBookings) this.bookingsWritten(tenantId);
    this.changes.emit(tenantId, id);
    return changed;
  }

  subscribe(tenantId: string, listener: (id: string) => void): () => void {
    this.changes.on(tenantId, listener);
    return () => void this.changes.off(tenantId, listener);
  }

  /** Bookings on these items whose days, widened by the turnaround, reach into [from, to]. */
  private overlapping(
    tenantId: string,
    objectIDs: readonly string[],
    from: string,
    to: string,
    turnaroundDays: number,
  ): Booking[] {
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
        `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE tenant_id = ? AND object_id IN (${objectIDs.map(() => '?').join(', ')}) AND reaches_to >= ? AND first_day <= ?`,
      );
      if (this.selects.size < 64) this.selects.set(objectIDs.length, statement);
    }
    const rows = statement.all(tenantId, ...objectIDs, from, to) as BookingRow[];
    return rows.map(bookingOf);
  }

  async bookings(tenantId: string, objectIDs: readonly string[], from: string, to: string): Promise<Booking[]> {
    return this.select(tenantId, objectIDs, from, to);
  }

  /** Prepared once: every dated listing with "available only" asks it. */
  private selectBetween: Database.Statement | undefined;

  async bookingsBetween(tenantId: string, from: string, to: string): Promise<Booking[]> {
    this.selectBetween ??= this.database.prepare(
      `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE tenant_id = ? AND reaches_to >= ? AND first_day <= ?`,
    );
    return (this.selectBetween.all(tenantId, from, to) as BookingRow[]).map(bookingOf);
  }

  async moveStock(tenantId: string, move: StockMove): Promise<void> {
    const objectIDs = [...new Set(move.rows.map((row) => row.objectID))];
    this.database.transaction(() => {
      const booked = this.select(tenantId, objectIDs, '0000-01-01', OPEN_END);
      refuseTakenKeys(move, booked);
      move.check(booked);
      const units = move.units?.apply(move.units.tags.map((tag) => this.readUnit(tenantId, tag))) ?? [];
      for (const row of move.rows) this.writeBooking(tenantId, row);
      for (const unit of units) this.writeUnit(tenantId, unit);
    })();
    this.bookingsWritten(tenantId);
  }

  /** Writes one booking row (a request's line, or a stock row), replacing the one with its key. */
  private writeBooking(tenantId: string, booking: Booking) {
    this.database
      .prepare(
        'INSERT OR REPLACE INTO bookings (tenant_id, quote_id, object_id, quantity, first_day, last_day, kind, expires_on, out, reaches_to, held_at, who, store) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        tenantId,
        booking.quoteId,
        booking.objectID,
        booking.quantity,
        booking.firstDay,
        booking.lastDay,
        booking.kind,
        booking.expiresOn ?? null,
        booking.out ?? 0,
        reachOf(booking),
        booking.heldAt ?? null,
        booking.who ?? null,
        booking.store ?? null,
      );
  }

  async addUnits(tenantId: string, units: readonly Unit[]): Promise<void> {
    const insert = this.database.prepare(
      'INSERT INTO units (tenant_id, tag, object_id, status, order_id, document) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.database.transaction(() => {
      for (const unit of units) {
        try {
          insert.run(
            tenantId,
            unit.tag,
            unit.objectID,
            unit.status,
            unit.orderId ?? null,
            JSON.stringify(checkedUnit(unit)),
          );
        } catch (error) {
          if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new UnitExistsError(unit.tag);
          throw error;
        }
      }
    })();
  }

  async getUnit(tenantId: string, tag: string): Promise<Unit | undefined> {
    return this.readUnit(tenantId, tag);
  }

  private readUnit(tenantId: string, tag: string): Unit | undefined {
    const row = this.database
      .prepare('SELECT document FROM units WHERE tenant_id = ? AND tag = ?')
      .get(tenantId, tag) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as Unit);
  }

  private writeUnit(tenantId: string, unit: Unit) {
    this.database
      .prepare(
        'INSERT OR REPLACE INTO units (tenant_id, tag, object_id, status, order_id, document) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(tenantId, unit.tag, unit.objectID, unit.status, unit.orderId ?? null, JSON.stringify(checkedUnit(unit)));
  }

  async listUnits(tenantId: string, query: UnitListQuery = {}): Promise<{ total: number; units: Unit[] }> {
    const where = ['tenant_id = ?'];
    const parameters: unknown[] = [tenantId];
    for (const [column, value] of [
      ['object_id', query.objectID],
      ['status', query.status],
      ['order_id', query.orderId],
    ] as const)
      if (value !== undefined) {
        where.push(`${column} = ?`);
        parameters.push(value);
      }
    const filter = where.join(' AND ');
    const { total } = this.database
      .prepare(`SELECT COUNT(*) AS total FROM units WHERE ${filter}`)
      .get(...parameters) as { total: number };
    const rows = this.database
      .prepare(`SELECT document FROM units WHERE ${filter} ORDER BY tag LIMIT ? OFFSET ?`)
      .all(...parameters, query.limit ?? 100, query.offset ?? 0) as Array<{
      document: string;
    }>;
    return { total, units: rows.map((row) => JSON.parse(row.document) as Unit) };
  }

  async hireStep(tenantId: string, step: HireStep): Promise<HireStepDone> {
    const run = this.database.transaction((): HireStepDone => {
      const prior = this.database
        .prepare('SELECT document FROM scans WHERE tenant_id = ? AND id = ?')
        .get(tenantId, step.id) as { document: string } | undefined;
      if (prior) return repeatOf(JSON.parse(prior.document) as ScanRecord, step);
      const order = step.orderId === undefined ? undefined : this.read(tenantId, step.orderId);
      const unit = step.tag === undefined ? undefined : this.readUnit(tenantId, step.tag);
      const units = new Map((step.tags ?? []).map((tag) => [tag, this.readUnit(tenantId, tag)]));
      const result = step.apply({ order, unit, units });
      if (result.order && order) {
        const next = steppedOrder(order, result.order);
        this.database
          .prepare(
            `UPDATE quote_requests SET document = ?, ${LISTING_COLUMNS.map((column) => `${column} = ?`).join(', ')} WHERE tenant_id = ? AND id = ?`,
          )
          .run(JSON.stringify(next), ...listingValues(next), tenantId, next.id);
        this.counted(tenantId, order, next);
        // The order's bookings carry its units out now: past its last day they block until back.
        const setOut = this.database.prepare(
          'UPDATE bookings SET out = ?, reaches_to = CASE WHEN ? > 0 THEN ? ELSE last_day END WHERE tenant_id = ? AND quote_id = ? AND object_id = ?',
        );
        for (const [objectID, out] of outByItem(next)) setOut.run(out, out, OPEN_END, tenantId, next.id, objectID);
        result.order = next;
      }
      for (const unit of result.units ?? []) this.writeUnit(tenantId, unit);
      for (const row of result.stock ?? []) {
        if (row.quantity > 0) this.writeBooking(tenantId, bookingOfStockRow(row));
        else
          this.database
            .prepare('DELETE FROM bookings WHERE tenant_id = ? AND quote_id = ? AND object_id = ?')
            .run(tenantId, row.key, row.objectID);
      }
      this.database
        .prepare('INSERT INTO scans (tenant_id, id, order_id, at, document) VALUES (?, ?, ?, ?, ?)')
        .run(tenantId, step.id, result.record.orderId, result.record.at, JSON.stringify(result.record));
      return { ...result, repeat: false };
    });
    const done = run.immediate();
    if (!done.repeat && (done.order || done.stock?.length)) this.bookingsWritten(tenantId);
    if (done.order) this.changes.emit(tenantId, done.order.id);
    return done;
  }

  async scans(tenantId: string, orderId: string, limit = 1000): Promise<ScanRecord[]> {
    const rows = this.database
      .prepare('SELECT document FROM scans WHERE tenant_id = ? AND order_id = ? ORDER BY at DESC, rowid DESC LIMIT ?')
      .all(tenantId, orderId, limit) as Array<{
      document: string;
    }>;
    return rows.map((row) => JSON.parse(row.document) as ScanRecord).reverse();
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
