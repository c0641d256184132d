/**
 * An invoice's PDF, with pdfkit and its fonts loaded when the first is drawn: a server (or a test)
 * that draws none loads none of it, and most never do on the main thread (the PDF worker draws
 * batches).
 */
import type { invoicePdf as drawInvoicePdf } from './invoice-pdf';

export async function invoicePdf(...args: Parameters<typeof drawInvoicePdf>): ReturnType<typeof drawInvoicePdf> {
  const { invoicePdf: draw } = await import('./invoice-pdf');
  return draw(...args);
}
