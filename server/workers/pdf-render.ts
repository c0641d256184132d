/**
 * A worker thread's task (server/lib/worker-pool.ts): a document drawn as its PDF (pdfkit, the
 * fonts parsed once per thread), off the event loop: an invoice takes tens of milliseconds to
 * draw, and the receivables watch draws thousands (reminders, statements) one after another.
 * Answers the PDF's bytes.
 */
import { accountStatementPdf } from '../accounts/statement-pdf';
import { invoicePdf } from '../rental/invoice-pdf';

export type PdfTask =
  | { kind: 'invoice'; args: Parameters<typeof invoicePdf> }
  | { kind: 'statement'; args: Parameters<typeof accountStatementPdf> };

export default async function renderPdf(task: PdfTask): Promise<Uint8Array> {
  return task.kind === 'invoice' ? invoicePdf(...task.args) : accountStatementPdf(...task.args);
}
