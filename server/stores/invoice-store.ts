/**
 * The InvoiceStore port: a tenant's invoices, pro formas and credit notes, each checked against the
 * invoice schema, never edited once issued (a pro forma may only be marked void when its order is
 * cancelled). `issue()` takes the document's number from the tenant's sequence for its kind in the
 * same transaction that writes it, so numbers have no gap and no duplicate, across servers; a
 * document issued again under the same key (a retry, a second server) is answered with the first,
 * and no number is spent on it.
 *
 * Adapters: `sqlite-invoice-store.ts` (embedded default, `.data/invoices.sqlite`) and
 * `firestore-invoice-store.ts` (BACKLOT_STORE=firestore); both run
 * tests/contract/invoice-store.contract.ts.
 */
import { schemaIds } from '../../schema/documents';
import type { InvoiceDraft } from '../../schema/rental/invoices';
import type { InvoiceState } from '../../schema/accounts/payments';
import type { Invoice, Notice, Payment } from '../../schema/types.generated';
import { schemaChecked } from './schema-checked';

export interface InvoiceListQuery {
  /** Issued on or after / on or before these days (the vendor's days: `issueDate`). */
  from?: string;
  to?: string;
  kind?: Invoice['kind'];
  offset?: number;
  limit?: number;
}

export interface InvoiceStore {
  /** Issues a document, numbered in the same transaction; the one already issued under its key comes back with `repeat`. */
  issue(draft: InvoiceDraft): Promise<{ invoice: Invoice; repeat: boolean }>;
  get(tenantId: string, number: string): Promise<Invoice | undefined>;
  /** A request's documents, oldest first. */
  forQuote(tenantId: string, quoteId: string): Promise<Invoice[]>;
  /** What a house's receivables are made of: its invoices that were not settled by card, and its credit notes (no pro formas), in no order. */
  receivables(tenantId: string): Promise<Invoice[]>;
  /** The documents of the orders on a customer account (billTo.account), oldest first. */
  forAccount(tenantId: string, accountId: string): Promise<Invoice[]>;
  /** A tenant's documents by issue date then number, paged, with how many match. */
  list(tenantId: string, query?: InvoiceListQuery): Promise<{ total: number; invoices: Invoice[] }>;
  /**
   * Every document issued from `from` to `to` (days, both included), by issue date then number:
   * what an accountant's export holds, however many (read without holding up other requests).
   */
  issuedBetween(tenantId: string, from: string, to: string): Promise<Invoice[]>;
  /**
   * Records a payment against an invoice, once: `make` turns what the invoice stands at (its credit
   * notes, its payments so far) into the payment, in the same transaction as the write, so two
   * payments at once never both pay what was owed once; a payment id recorded already comes back
   * with `repeat` and nothing is written. `make` throws to refuse it.
   */
  recordPayment(
    tenantId: string,
    invoiceNumber: string,
    paymentId: string,
    make: (state: InvoiceState) => Payment,
  ): Promise<{ payment: Payment; repeat: boolean }>;
  /** The payments against an invoice, or (with `account`) against an account's invoices, or all a house's, by the day received. */
  payments(tenantId: string, query?: { invoice?: string; account?: string }): Promise<Payment[]>;
  /**
   * Records a notice (a reminder, a statement) once by its id, before it is mailed: of two servers
   * claiming the same notice, one records it and the other gets `repeat` and sends nothing.
   */
  recordNotice(notice: Notice): Promise<{ notice: Notice; repeat: boolean }>;
  /** Forgets a notice whose mail could not be sent, so that the next pass (on any server) sends it again. */
  forgetNotice(tenantId: string, id: string): Promise<void>;
  /** The notices sent about an invoice, or to an account, or all a house's, oldest first. */
  notices(tenantId: string, query?: { invoice?: string; account?: string }): Promise<Notice[]>;
  /** Marks a pro forma void (its order was cancelled); an invoice or credit note is never changed. */
  voidProForma(tenantId: string, number: string, at: string): Promise<Invoice | undefined>;
  close(): Promise<void>;
}

export class UnknownInvoiceError extends Error {
  readonly statusCode = 404;
  constructor(number: string) {
    super(`No invoice ${JSON.stringify(number)} here.`);
  }
}

/** A payment checked against its schema before it is written. */
export const checkedPayment = schemaChecked<Payment>(`${schemaIds.invoice}#/$defs/payment`, 'a payment');

export const checkedNotice = schemaChecked<Notice>(`${schemaIds.invoice}#/$defs/notice`, 'a notice');
export const bySending = (a: Notice, b: Notice) => a.sentAt.localeCompare(b.sentAt) || a.id.localeCompare(b.id);

/**
 * Plain text order (ISO days and instants, and document numbers, sort as written): a house's
 * payments and an export's invoices are sorted whole, and collation took a tenth of a second on
 * 40,000 payments, a second on 100,000 invoices.
 */
const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const byReceipt = (a: Payment, b: Payment) =>
  textOrder(a.receivedOn, b.receivedOn) || textOrder(a.recordedAt, b.recordedAt) || textOrder(a.id, b.id);

export class InvoiceNotVoidableError extends Error {
  readonly statusCode = 409;
}

/** An invoice checked against its schema before it is written. */
export const checkedInvoice = schemaChecked<Invoice>(schemaIds.invoice, 'an invoice');

export const DEFAULT_INVOICE_PAGE = 500;

/** Documents by issue date, then the moment they were issued, then number: the order lists and exports give. */
export const byIssue = (a: Invoice, b: Invoice) =>
  textOrder(a.issueDate, b.issueDate) || textOrder(a.issuedAt, b.issuedAt) || textOrder(a.number, b.number);
