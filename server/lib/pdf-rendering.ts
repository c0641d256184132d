/**
 * Documents drawn as PDFs in batches (the receivables watch's reminders and statements, thousands
 * in a pass) in a worker thread (server/workers/pdf-render.ts), off the event loop every house's
 * requests share: one invoice takes tens of milliseconds to draw. A single download is drawn where
 * it is asked for (one document, once). Bounded like the other pools (two of a house's at once,
 * 64 waiting in all, 60 s a document).
 */
import type { accountStatementPdf } from '../accounts';
import type { invoicePdf } from '../rental';
import type { PdfTask } from '../workers/pdf-render';
import { workerPool } from './worker-pool';

export interface PdfRendering {
  invoice(tenantId: string, ...args: Parameters<typeof invoicePdf>): Promise<Buffer>;
  statement(tenantId: string, ...args: Parameters<typeof accountStatementPdf>): Promise<Buffer>;
  close(): Promise<void>;
}

export function pdfRendering(): PdfRendering {
  const pool = workerPool<PdfTask, Uint8Array>('pdf-render', { perTenant: 2, queue: 64, timeoutMs: 60_000 });
  // Bytes come back from the thread as a plain Uint8Array: seen as the Buffer the mailer and replies take, without a copy.
  const drawn = async (tenantId: string, task: PdfTask) => {
    const bytes = await pool.run(tenantId, task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
  return {
    invoice: (tenantId, ...args) => drawn(tenantId, { kind: 'invoice', args }),
    statement: (tenantId, ...args) => drawn(tenantId, { kind: 'statement', args }),
    close: () => pool.close(),
  };
}
