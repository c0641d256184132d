/** Payout accounts in SQLite (better-sqlite3, the embedded default): one row per house, its record as JSON. */
import type Database from 'better-sqlite3';
import type { PayoutAccount } from '../../schema/types.generated';
import { checkedPayoutAccount, type PayoutAccountStore } from './payout-account-store';
import { openSqliteFile } from './sqlite-file';

export class SqlitePayoutAccountStore implements PayoutAccountStore {
  private readonly database: Database.Database;

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS payout_accounts (tenant_id TEXT PRIMARY KEY, account_id TEXT, document TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS payout_accounts_by_account ON payout_accounts (account_id);`,
    );
  }

  private read(sql: string, key: string): PayoutAccount | undefined {
    const row = this.database.prepare(sql).get(key) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as PayoutAccount);
  }

  async get(tenantId: string): Promise<PayoutAccount | undefined> {
    return this.read('SELECT document FROM payout_accounts WHERE tenant_id = ?', tenantId);
  }

  async byAccount(accountId: string): Promise<PayoutAccount | undefined> {
    return this.read('SELECT document FROM payout_accounts WHERE account_id = ?', accountId);
  }

  async list(): Promise<PayoutAccount[]> {
    const rows = this.database.prepare('SELECT document FROM payout_accounts ORDER BY tenant_id').all() as Array<{
      document: string;
    }>;
    return rows.map((row) => JSON.parse(row.document) as PayoutAccount);
  }

  async update(
    tenantId: string,
    change: (current: PayoutAccount | undefined) => PayoutAccount,
  ): Promise<PayoutAccount> {
    return this.database
      .transaction(() => {
        const next = checkedPayoutAccount({
          ...change(this.read('SELECT document FROM payout_accounts WHERE tenant_id = ?', tenantId)),
          tenantId,
        });
        this.database
          .prepare(
            'INSERT INTO payout_accounts (tenant_id, account_id, document) VALUES (?, ?, ?) ON CONFLICT (tenant_id) DO UPDATE SET account_id = excluded.account_id, document = excluded.document',
          )
          .run(tenantId, next.accountId ?? null, JSON.stringify(next));
        return next;
      })
      .immediate();
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
