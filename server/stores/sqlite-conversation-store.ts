/** Conversations in SQLite (better-sqlite3, the embedded default): a row per message and a row per conversation's summary, written in one transaction. */
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { threadAfter, threadDone, threadRead, type ConversationSide } from '../../schema/conversation/threads';
import type { ConversationMessage, ConversationThread } from '../../schema/types.generated';
import {
  checkedMessage,
  checkedThread,
  UNREAD_THREADS_LISTED,
  type ConversationPage,
  type ConversationStore,
} from './conversation-store';
import { openSqliteFile } from './sqlite-file';

export class SqliteConversationStore implements ConversationStore {
  private readonly database: Database.Database;
  /** Each summary written, by tenant: one process holds an embedded store, so its writes are all there are. */
  private readonly changes = new EventEmitter<Record<string, [ConversationThread]>>();

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS messages (tenant_id TEXT NOT NULL, quote_id TEXT NOT NULL, id TEXT NOT NULL, document TEXT NOT NULL, PRIMARY KEY (tenant_id, quote_id, id));
      CREATE TABLE IF NOT EXISTS threads (tenant_id TEXT NOT NULL, quote_id TEXT NOT NULL, house_unread INTEGER NOT NULL, last_at TEXT NOT NULL, document TEXT NOT NULL, PRIMARY KEY (tenant_id, quote_id));
      CREATE INDEX IF NOT EXISTS threads_unread_by_house ON threads (tenant_id, house_unread, last_at);`,
    );
  }

  private read(tenantId: string, quoteId: string): ConversationThread | undefined {
    const row = this.database
      .prepare('SELECT document FROM threads WHERE tenant_id = ? AND quote_id = ?')
      .get(tenantId, quoteId) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as ConversationThread);
  }

  private write(thread: ConversationThread): ConversationThread {
    const checked = checkedThread(thread);
    // Told once the transaction has committed (a refused write tells nobody).
    queueMicrotask(() => this.changes.emit(checked.tenantId, checked));
    this.database
      .prepare(
        `INSERT INTO threads (tenant_id, quote_id, house_unread, last_at, document) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (tenant_id, quote_id) DO UPDATE SET house_unread = excluded.house_unread, last_at = excluded.last_at, document = excluded.document`,
      )
      .run(checked.tenantId, checked.quoteId, checked.unread.house, checked.lastAt, JSON.stringify(checked));
    return checked;
  }

  private change(
    tenantId: string,
    quoteId: string,
    next: (thread: ConversationThread) => ConversationThread,
  ): ConversationThread | undefined {
    return this.database
      .transaction(() => {
        const thread = this.read(tenantId, quoteId);
        return thread && this.write(next(thread));
      })
      .immediate();
  }

  async post(message: ConversationMessage): Promise<ConversationThread> {
    const checked = checkedMessage(message);
    return this.database
      .transaction(() => {
        // A primary key taken refuses the insert: an id is never given twice.
        this.database
          .prepare('INSERT INTO messages (tenant_id, quote_id, id, document) VALUES (?, ?, ?, ?)')
          .run(checked.tenantId, checked.quoteId, checked.id, JSON.stringify(checked));
        return this.write(threadAfter(this.read(checked.tenantId, checked.quoteId), checked));
      })
      .immediate();
  }

  async page(
    tenantId: string,
    quoteId: string,
    { before, limit }: { before?: string; limit: number },
  ): Promise<ConversationPage> {
    const rows = this.database
      .prepare(
        `SELECT id, document FROM messages WHERE tenant_id = ? AND quote_id = ? AND id < ? ORDER BY id DESC LIMIT ?`,
      )
      .all(tenantId, quoteId, before ?? '~', limit + 1) as Array<{ id: string; document: string }>;
    const shown = rows.slice(0, limit).reverse();
    return {
      messages: shown.map((row) => JSON.parse(row.document) as ConversationMessage),
      ...(rows.length > limit && { earlier: shown[0]!.id }),
    };
  }

  async message(tenantId: string, quoteId: string, id: string): Promise<ConversationMessage | undefined> {
    const row = this.database
      .prepare('SELECT document FROM messages WHERE tenant_id = ? AND quote_id = ? AND id = ?')
      .get(tenantId, quoteId, id) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as ConversationMessage);
  }

  async thread(tenantId: string, quoteId: string): Promise<ConversationThread | undefined> {
    return this.read(tenantId, quoteId);
  }

  async threads(tenantId: string, quoteIds: readonly string[]): Promise<ConversationThread[]> {
    return quoteIds.flatMap((quoteId) => this.read(tenantId, quoteId) ?? []);
  }

  async unreadByHouse(tenantId: string): Promise<ConversationThread[]> {
    const rows = this.database
      .prepare(
        'SELECT document FROM threads WHERE tenant_id = ? AND house_unread > 0 ORDER BY last_at DESC, quote_id LIMIT ?',
      )
      .all(tenantId, UNREAD_THREADS_LISTED) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as ConversationThread);
  }

  async markRead(tenantId: string, quoteId: string, side: ConversationSide, at: string) {
    return this.change(tenantId, quoteId, (thread) => threadRead(thread, side, at));
  }

  async markDone(tenantId: string, quoteId: string, at: string | undefined) {
    return this.change(tenantId, quoteId, (thread) => threadDone(thread, at));
  }

  subscribe(tenantId: string, listener: (thread: ConversationThread) => void): () => void {
    this.changes.on(tenantId, listener);
    return () => void this.changes.off(tenantId, listener);
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
