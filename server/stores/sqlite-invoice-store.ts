/**
 * The InvoiceStore on SQLite (the embedded default): one file, `invoices` and the tenant's
 * `sequences`, written together in one IMMEDIATE transaction, so the next number is read and
 * spent with the document, whichever process on this machine issues it. Listed in the order
 * issued (rowid) within a day.
 */
import type Database from 'better-sqlite3';
import { invoiceNumber, type InvoiceDraft } from '../../schema/rental/invoices';
import { creditOf, type InvoiceState } from '../../schema/accounts/payments';
import type { Invoice, Notice, Payment } from '../../schema/types.generated';
import { setImmediate as letOthersIn } from 'node:timers/promises';
import { openSqliteFile } from './sqlite-file';
import {
  byIssue,
  byReceipt,
  checkedInvoice,
  checkedNotice,
  checkedPayment,
  DEFAULT_INVOICE_PAGE,
  InvoiceNotVoidableError,
  UnknownInvoiceError,
  type InvoiceListQuery,
  type InvoiceStore,
} from './invoice-store';

/** The account an invoice's order is on: indexed by this very expression, so a query must spell it the same. */
const ACCOUNT_ID = "json_extract(document, '$.billTo.account.id')";
/** Rows read at once by a whole-house read (receivables, payments): a few milliseconds of the event loop each. */
const READ_PAGE = 500;

export class SqliteInvoiceStore implements InvoiceStore {
  private readonly database: Database.Database;

  constructor(file: string) {
    this.database = openSqliteFile(
      file,
      `CREATE TABLE IF NOT EXISTS invoices (
         tenant_id TEXT NOT NULL, number TEXT NOT NULL, kind TEXT NOT NULL, sequence INTEGER NOT NULL, key TEXT NOT NULL,
         quote_id TEXT NOT NULL, issue_date TEXT NOT NULL, document TEXT NOT NULL,
         PRIMARY KEY (tenant_id, number), UNIQUE (tenant_id, key), UNIQUE (tenant_id, kind, sequence));
       CREATE INDEX IF NOT EXISTS invoices_by_quote ON invoices (tenant_id, quote_id);
       CREATE INDEX IF NOT EXISTS invoices_by_date ON invoices (tenant_id, issue_date, number);
       CREATE INDEX IF NOT EXISTS invoices_by_account ON invoices (tenant_id, ${ACCOUNT_ID}, issue_date);
       CREATE TABLE IF NOT EXISTS sequences (tenant_id TEXT NOT NULL, kind TEXT NOT NULL, last INTEGER NOT NULL, PRIMARY KEY (tenant_id, kind));
       CREATE TABLE IF NOT EXISTS payments (
         tenant_id TEXT NOT NULL, id TEXT NOT NULL, invoice TEXT NOT NULL, account TEXT, document TEXT NOT NULL, PRIMARY KEY (tenant_id, id));
       CREATE INDEX IF NOT EXISTS payments_by_invoice ON payments (tenant_id, invoice);
       CREATE INDEX IF NOT EXISTS payments_by_account ON payments (tenant_id, account);
       CREATE TABLE IF NOT EXISTS notices (
         tenant_id TEXT NOT NULL, id TEXT NOT NULL, invoice TEXT, account TEXT, sent_at TEXT NOT NULL, document TEXT NOT NULL, PRIMARY KEY (tenant_id, id));
       CREATE INDEX IF NOT EXISTS notices_by_invoice ON notices (tenant_id, invoice);
       CREATE INDEX IF NOT EXISTS notices_by_account ON notices (tenant_id, account);`,
    );
  }

  async issue(draft: InvoiceDraft): Promise<{ invoice: Invoice; repeat: boolean }> {
    return this.database
      .transaction(() => {
        const existing = this.database
          .prepare('SELECT document FROM invoices WHERE tenant_id = ? AND key = ?')
          .get(draft.tenantId, draft.key) as { document: string } | undefined;
        if (existing) return { invoice: JSON.parse(existing.document) as Invoice, repeat: true };
        const last =
          (
            this.database
              .prepare('SELECT last FROM sequences WHERE tenant_id = ? AND kind = ?')
              .get(draft.tenantId, draft.kind) as { last: number } | undefined
          )?.last ?? 0;
        const sequence = last + 1;
        const invoice = checkedInvoice({ ...draft, number: invoiceNumber(draft.kind, sequence), sequence });
        this.database
          .prepare(
            'INSERT INTO invoices (tenant_id, number, kind, sequence, key, quote_id, issue_date, document) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          )
          .run(
            invoice.tenantId,
            invoice.number,
            invoice.kind,
            sequence,
            invoice.key,
            invoice.quoteId,
            invoice.issueDate,
            JSON.stringify(invoice),
          );
        this.database
          .prepare(
            'INSERT INTO sequences (tenant_id, kind, last) VALUES (?, ?, ?) ON CONFLICT (tenant_id, kind) DO UPDATE SET last = excluded.last',
          )
          .run(invoice.tenantId, invoice.kind, sequence);
        return { invoice, repeat: false };
      })
      .immediate();
  }

  async get(tenantId: string, number: string): Promise<Invoice | undefined> {
    const row = this.database
      .prepare('SELECT document FROM invoices WHERE tenant_id = ? AND number = ?')
      .get(tenantId, number) as { document: string } | undefined;
    return row && (JSON.parse(row.document) as Invoice);
  }

  async forQuote(tenantId: string, quoteId: string): Promise<Invoice[]> {
    const rows = this.database
      .prepare('SELECT document FROM invoices WHERE tenant_id = ? AND quote_id = ? ORDER BY rowid')
      .all(tenantId, quoteId) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as Invoice);
  }

  async receivables(tenantId: string): Promise<Invoice[]> {
    // No count and no order: the aged debtors over a house's years of invoices, a page at a time.
    return this.readPaged<Invoice>(
      'invoices',
      ['kind', 'sequence'],
      `tenant_id = ? AND (kind = 'creditNote' OR (kind = 'invoice' AND json_extract(document, '$.balance') > 0))`,
      [tenantId],
    );
  }

  /**
   * Every document a condition finds, read a page at a time in the order of a unique index after
   * the tenant (`keys`: each page starts where the last ended, found in the index, never sorted),
   * with the event loop let go between pages (SQLite reads block it): a house's years of invoices
   * never hold up other requests.
   */
  private async readPaged<T>(
    table: 'invoices' | 'payments',
    keys: readonly string[],
    condition: string,
    values: unknown[],
  ): Promise<T[]> {
    const columns = keys.join(', ');
    const first = this.database.prepare(
      `SELECT ${columns}, document FROM ${table} WHERE ${condition} ORDER BY ${columns} LIMIT ${READ_PAGE}`,
    );
    const next = this.database.prepare(
      `SELECT ${columns}, document FROM ${table} WHERE ${condition} AND (${columns}) > (${keys.map(() => '?').join(', ')}) ORDER BY ${columns} LIMIT ${READ_PAGE}`,
    );
    const found: T[] = [];
    for (let after: unknown[] | undefined; ;) {
      const rows = (after ? next.all(...values, ...after) : first.all(...values)) as Array<
        Record<string, unknown> & { document: string }
      >;
      for (const row of rows) found.push(JSON.parse(row.document) as T);
      if (rows.length < READ_PAGE) return found;
      after = keys.map((key) => rows.at(-1)![key]);
      await letOthersIn();
    }
  }

  async forAccount(tenantId: string, accountId: string): Promise<Invoice[]> {
    const rows = this.database
      .prepare(`SELECT document FROM invoices WHERE tenant_id = ? AND ${ACCOUNT_ID} = ? ORDER BY issue_date, rowid`)
      .all(tenantId, accountId) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as Invoice);
  }

  async issuedBetween(tenantId: string, from: string, to: string): Promise<Invoice[]> {
    // By kind and number (each kind's run nearly in date order already, so the sort is short); paging
    // by the date index instead measured slower (exports-isolation.ts: 2.6 s against 1.6 s for 100,000).
    return (
      await this.readPaged<Invoice>(
        'invoices',
        ['kind', 'sequence'],
        'tenant_id = ? AND issue_date >= ? AND issue_date <= ?',
        [tenantId, from, to],
      )
    ).sort(byIssue);
  }

  async list(tenantId: string, query: InvoiceListQuery = {}): Promise<{ total: number; invoices: Invoice[] }> {
    const conditions: Array<[string, unknown]> = [
      ['tenant_id = ?', tenantId],
      ...(query.from ? ([['issue_date >= ?', query.from]] as Array<[string, unknown]>) : []),
      ...(query.to ? ([['issue_date <= ?', query.to]] as Array<[string, unknown]>) : []),
      ...(query.kind ? ([['kind = ?', query.kind]] as Array<[string, unknown]>) : []),
    ];
    const clause = conditions.map(([condition]) => condition).join(' AND ');
    const values = conditions.map(([, value]) => value);
    const { total } = this.database
      .prepare(`SELECT COUNT(*) AS total FROM invoices WHERE ${clause}`)
      .get(...values) as { total: number };
    const rows = this.database
      .prepare(`SELECT document FROM invoices WHERE ${clause} ORDER BY issue_date, rowid LIMIT ? OFFSET ?`)
      .all(...values, query.limit ?? DEFAULT_INVOICE_PAGE, query.offset ?? 0) as Array<{ document: string }>;
    return { total, invoices: rows.map((row) => JSON.parse(row.document) as Invoice) };
  }

  async voidProForma(tenantId: string, number: string, at: string): Promise<Invoice | undefined> {
    return this.database
      .transaction(() => {
        const row = this.database
          .prepare('SELECT document FROM invoices WHERE tenant_id = ? AND number = ?')
          .get(tenantId, number) as { document: string } | undefined;
        if (!row) return undefined;
        const invoice = JSON.parse(row.document) as Invoice;
        if (invoice.kind !== 'proForma')
          throw new InvoiceNotVoidableError(
            `${number} is ${invoice.kind === 'invoice' ? 'an invoice' : 'a credit note'}: it is never changed; issue a credit note instead.`,
          );
        if (invoice.voidedAt) return invoice;
        const voided = checkedInvoice({ ...invoice, voidedAt: at });
        this.database
          .prepare('UPDATE invoices SET document = ? WHERE tenant_id = ? AND number = ?')
          .run(JSON.stringify(voided), tenantId, number);
        return voided;
      })
      .immediate();
  }

  async recordPayment(
    tenantId: string,
    invoiceNumber: string,
    paymentId: string,
    make: (state: InvoiceState) => Payment,
  ): Promise<{ payment: Payment; repeat: boolean }> {
    return this.database
      .transaction(() => {
        const existing = this.database
          .prepare('SELECT document FROM payments WHERE tenant_id = ? AND id = ?')
          .get(tenantId, paymentId) as { document: string } | undefined;
        if (existing) return { payment: JSON.parse(existing.document) as Payment, repeat: true };
        const row = this.database
          .prepare('SELECT document FROM invoices WHERE tenant_id = ? AND number = ?')
          .get(tenantId, invoiceNumber) as { document: string } | undefined;
        if (!row) throw new UnknownInvoiceError(invoiceNumber);
        const invoice = JSON.parse(row.document) as Invoice;
        const creditNotes = (
          this.database
            .prepare("SELECT document FROM invoices WHERE tenant_id = ? AND quote_id = ? AND kind = 'creditNote'")
            .all(tenantId, invoice.quoteId) as Array<{ document: string }>
        )
          .map((note) => JSON.parse(note.document) as Invoice)
          .filter((note) => note.credits === invoice.number);
        const account = invoice.billTo.account?.id;
        const accountCredit =
          account === undefined ? undefined : creditOf(this.paymentRows('account = ?', [tenantId, account]));
        const payment = checkedPayment(
          make({
            invoice,
            creditNotes,
            payments: this.paymentRows('invoice = ?', [tenantId, invoiceNumber]),
            ...(accountCredit !== undefined && { accountCredit }),
          }),
        );
        this.database
          .prepare('INSERT INTO payments (tenant_id, id, invoice, account, document) VALUES (?, ?, ?, ?, ?)')
          .run(tenantId, payment.id, payment.invoice, payment.account ?? null, JSON.stringify(payment));
        return { payment, repeat: false };
      })
      .immediate();
  }

  async recordNotice(notice: Notice): Promise<{ notice: Notice; repeat: boolean }> {
    const checked = checkedNotice(notice);
    const inserted = this.database
      .prepare(
        'INSERT INTO notices (tenant_id, id, invoice, account, sent_at, document) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      )
      .run(
        checked.tenantId,
        checked.id,
        checked.invoice ?? null,
        checked.account ?? null,
        checked.sentAt,
        JSON.stringify(checked),
      );
    if (inserted.changes) return { notice: checked, repeat: false };
    const row = this.database
      .prepare('SELECT document FROM notices WHERE tenant_id = ? AND id = ?')
      .get(checked.tenantId, checked.id) as { document: string };
    return { notice: JSON.parse(row.document) as Notice, repeat: true };
  }

  async forgetNotice(tenantId: string, id: string): Promise<void> {
    this.database.prepare('DELETE FROM notices WHERE tenant_id = ? AND id = ?').run(tenantId, id);
  }

  async notices(tenantId: string, query: { invoice?: string; account?: string } = {}): Promise<Notice[]> {
    const [condition, values] =
      query.invoice !== undefined
        ? ['invoice = ?', [query.invoice]]
        : query.account !== undefined
          ? ['account = ?', [query.account]]
          : ['1 = 1', []];
    const rows = this.database
      .prepare(`SELECT document FROM notices WHERE tenant_id = ? AND ${condition} ORDER BY sent_at, id`)
      .all(tenantId, ...values) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as Notice);
  }

  async payments(tenantId: string, query: { invoice?: string; account?: string } = {}): Promise<Payment[]> {
    if (query.invoice !== undefined) return this.paymentRows('invoice = ?', [tenantId, query.invoice]);
    if (query.account !== undefined) return this.paymentRows('account = ?', [tenantId, query.account]);
    return (await this.readPaged<Payment>('payments', ['id'], 'tenant_id = ?', [tenantId])).sort(byReceipt);
  }

  private paymentRows(condition: string, values: unknown[]): Payment[] {
    const rows = this.database
      .prepare(`SELECT document FROM payments WHERE tenant_id = ? AND ${condition}`)
      .all(...values) as Array<{ document: string }>;
    return rows.map((row) => JSON.parse(row.document) as Payment).sort(byReceipt);
  }

  async close(): Promise<void> {
    this.database.close();
  }
}
