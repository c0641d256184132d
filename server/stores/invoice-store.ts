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
import type { Invoice } from '../../schema/types.generated';
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
  /** The documents of the orders on a customer account (billTo.account), oldest first. */
  forAccount(tenantId: string, accountId: string): Promise<Invoice[]>;
  /** A tenant's documents by issue date then number, paged, with how many match. */
  list(tenantId: string, query?: InvoiceListQuery): Promise<{ total: number; invoices: Invoice[] }>;
  /** Marks a pro forma void (its order was cancelled); an invoice or credit note is never changed. */
  voidProForma(tenantId: string, number: string, at: string): Promise<Invoice | undefined>;
  close(): Promise<void>;
}

export class InvoiceNotVoidableError extends Error {
  readonly statusCode = 409;
}

/** An invoice checked against its schema before it is written. */
export const checkedInvoice = schemaChecked<Invoice>(schemaIds.invoice, 'an invoice');

export const DEFAULT_INVOICE_PAGE = 500;
