/**
 * An invoice's PDF (and a signed agreement's), with pdfkit and its fonts loaded when the first is drawn: a server (or a test)
 * that draws none loads none of it, and most never do on the main thread (the PDF worker draws
 * batches).
 */
import type { invoicePdf as drawInvoicePdf } from './invoice-pdf';
import type { agreementPdf as drawAgreementPdf } from './agreement-pdf';

export async function invoicePdf(...args: Parameters<typeof drawInvoicePdf>): ReturnType<typeof drawInvoicePdf> {
  const { invoicePdf: draw } = await import('./invoice-pdf');
  return draw(...args);
}

/** The signed rental agreement's PDF, drawn the same way (agreement-pdf.ts loaded when the first is). */
export async function agreementPdf(...args: Parameters<typeof drawAgreementPdf>): ReturnType<typeof drawAgreementPdf> {
  const { agreementPdf: draw } = await import('./agreement-pdf');
  return draw(...args);
}
