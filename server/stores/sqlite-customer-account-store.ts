/** Customer accounts in SQLite (better-sqlite3, the embedded default): a row per account, its members in a table of their own. */
import type Database from 'better-sqlite3';
import type { CustomerAccount, JoinRequest } from '../../schema/types.generated';
import {
  AccountIdTakenError,
  checkedJoinRequest,
  decided,
  memberKey,
  nextVersion,
  openedAccount,
  StaleAccountError,
  UnknownAccountError,
  UnknownJoinRequestError,
  type CustomerAccountStore,
  type JoinVerdict,
} from './customer-account-store';
import { openSqliteFile } from './sqlite-file';

const DEFAULT_PAGE = 100;

export class SqliteCustomerAccountStore implements CustomerAccountStore {
  private readonly database: Database.Database;

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS customer_accounts (tenant_id TEXT NOT NULL, id TEXT NOT NULL, document TEXT NOT NULL, PRIMARY KEY (tenant_id, id)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS customer_account_members (tenant_id TEXT NOT NULL, email TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (tenant_id, email, id)) WITHOUT ROWID;
      CREATE TABLE IF NOT EXISTS join_requests (tenant_id TEXT NOT NULL, id TEXT NOT NULL, email TEXT NOT NULL, state TEXT NOT NULL, asked_at TEXT NOT NULL, document TEXT NOT NULL, PRIMARY KEY (tenant_id, id)) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS join_requests_by_email ON join_requests (tenant_id, email, state);
      CREATE INDEX IF NOT EXISTS join_requests_by_state ON join_requests (tenant_id, state, asked_at);`,
    );
  }

  private read(tenantId: string, id: string): CustomerAccount | undefined {
    const row = this.database
      .prepare('SELECT document FROM customer_accounts WHERE tenant_id = ? AND id = ?')
      .get(tenantId, id) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as CustomerAccount);
  }

  private write(account: CustomerAccount): void {
    this.database
      .prepare('INSERT OR REPLACE INTO customer_accounts (tenant_id, id, document) VALUES (?, ?, ?)')
      .run(account.tenantId, account.id, JSON.stringify(account));
    this.database
      .prepare('DELETE FROM customer_account_members WHERE tenant_id = ? AND id = ?')
      .run(account.tenantId, account.id);
    const member = this.database.prepare(
      'INSERT OR IGNORE INTO customer_account_members (tenant_id, email, id) VALUES (?, ?, ?)',
    );
    for (const { email } of account.members) member.run(account.tenantId, memberKey(email), account.id);
  }

  async get(tenantId: string, id: string): Promise<CustomerAccount | undefined> {
    return this.read(tenantId, id);
  }

  async list(tenantId: string, page: { after?: string; limit?: number } = {}): Promise<CustomerAccount[]> {
    const rows = this.database
      .prepare('SELECT document FROM customer_accounts WHERE tenant_id = ? AND id > ? ORDER BY id LIMIT ?')
      .all(tenantId, page.after ?? '', page.limit ?? DEFAULT_PAGE) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as CustomerAccount);
  }

  async forMember(tenantId: string, email: string): Promise<CustomerAccount[]> {
    const rows = this.database
      .prepare(
        'SELECT a.document FROM customer_account_members m JOIN customer_accounts a ON a.tenant_id = m.tenant_id AND a.id = m.id WHERE m.tenant_id = ? AND m.email = ? ORDER BY a.id',
      )
      .all(tenantId, memberKey(email)) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as CustomerAccount);
  }

  async create(tenantId: string, account: Omit<CustomerAccount, 'tenantId' | 'version'>): Promise<CustomerAccount> {
    const opened = openedAccount(tenantId, account);
    return this.database
      .transaction(() => {
        if (this.read(tenantId, opened.id)) throw new AccountIdTakenError(opened.id);
        this.write(opened);
        return opened;
      })
      .immediate();
  }

  async update(
    tenantId: string,
    id: string,
    version: number,
    change: (current: CustomerAccount) => CustomerAccount,
  ): Promise<CustomerAccount> {
    return this.database
      .transaction(() => {
        const current = this.read(tenantId, id);
        if (!current) throw new UnknownAccountError(id);
        if (current.version !== version) throw new StaleAccountError(current.version);
        const next = nextVersion(current, change, new Date());
        this.write(next);
        return next;
      })
      .immediate();
  }

  private writeRequest(request: JoinRequest): void {
    this.database
      .prepare(
        'INSERT OR REPLACE INTO join_requests (tenant_id, id, email, state, asked_at, document) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        request.tenantId,
        request.id,
        memberKey(request.email),
        request.state,
        request.askedAt,
        JSON.stringify(request),
      );
  }

  async askToJoin(request: JoinRequest): Promise<{ request: JoinRequest; repeat: boolean }> {
    const asked = checkedJoinRequest({ ...request, email: memberKey(request.email) });
    return this.database
      .transaction(() => {
        const waiting = this.database
          .prepare("SELECT document FROM join_requests WHERE tenant_id = ? AND email = ? AND state = 'pending'")
          .get(asked.tenantId, asked.email) as { document: string } | undefined;
        if (waiting) return { request: JSON.parse(waiting.document) as JoinRequest, repeat: true };
        this.writeRequest(asked);
        return { request: asked, repeat: false };
      })
      .immediate();
  }

  async joinRequests(
    tenantId: string,
    query: { state?: JoinRequest['state']; email?: string } = {},
  ): Promise<JoinRequest[]> {
    const rows = this.database
      .prepare(
        `SELECT document FROM join_requests WHERE tenant_id = ? AND (? IS NULL OR state = ?) AND (? IS NULL OR email = ?) ORDER BY asked_at DESC, id`,
      )
      .all(
        tenantId,
        query.state ?? null,
        query.state ?? null,
        query.email === undefined ? null : memberKey(query.email),
        query.email === undefined ? null : memberKey(query.email),
      ) as Array<{
      document: string;
    }>;
    return rows.map((row) => JSON.parse(row.document) as JoinRequest);
  }

  async decideJoinRequest(
    tenantId: string,
    id: string,
    verdict: JoinVerdict,
  ): Promise<{ request: JoinRequest; account?: CustomerAccount }> {
    return this.database
      .transaction(() => {
        const row = this.database
          .prepare('SELECT document FROM join_requests WHERE tenant_id = ? AND id = ?')
          .get(tenantId, id) as { document: string } | undefined;
        if (!row) throw new UnknownJoinRequestError(id);
        const result = decided(
          JSON.parse(row.document) as JoinRequest,
          verdict,
          'approve' in verdict ? this.read(tenantId, verdict.approve) : undefined,
        );
        this.writeRequest(result.request);
        if (result.account) this.write(result.account);
        return result;
      })
      .immediate();
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
