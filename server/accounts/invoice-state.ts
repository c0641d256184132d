/**
 * What an invoice stands at since it was issued (an issued invoice is never edited): its credit
 * notes and the payments recorded against it. The payments routes, the invoice list and the PDF
 * read it here, so each says the same amount still due as statements and aged debtors.
 */
import type { InvoiceState } from '../../schema/accounts/payments';
import type { Invoice } from '../../schema/types.generated';
import type { InvoiceStore } from '../stores/invoice-store';

export type InvoiceSettled = Pick<InvoiceState, 'creditNotes' | 'payments'>;

export async function settledOf(
  invoices: Pick<InvoiceStore, 'forQuote' | 'payments'>,
  tenantId: string,
  invoice: Invoice,
): Promise<InvoiceSettled> {
  if (invoice.kind !== 'invoice') return { creditNotes: [], payments: [] };
  const [documents, payments] = await Promise.all([
    invoices.forQuote(tenantId, invoice.quoteId),
    invoices.payments(tenantId, { invoice: invoice.number }),
  ]);
  return {
    creditNotes: documents.filter((document) => document.kind === 'creditNote' && document.credits === invoice.number),
    payments,
  };
}
