/** The console's calls for invoices beyond react-admin's list (server/routes/api/invoices.ts): a request's documents, a PDF's address, a credit note. */
import { fetchUtils } from 'ra-core';
import type { Invoice, LineCredit, Payment, PaymentInput } from '../../schema/types.generated';

const tenantPath = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}`;

/** What an export of some months holds: its files, each within the package's import limit. */
export interface ExportSummary {
  basis: string;
  limit: number | null;
  files: Array<{ name: string; part: number; invoices: number; href: string }>;
}

export const invoiceApi = {
  exportSummary: async (tenantId: string, format: string, from: string, to: string) =>
    (await fetchUtils.fetchJson(`${tenantPath(tenantId)}/invoices/export?format=${format}&from=${from}&to=${to}`))
      .json as ExportSummary,
  pdfHref: (tenantId: string, number: string) => `${tenantPath(tenantId)}/invoices/${encodeURIComponent(number)}/pdf`,
  /** A credit note against an invoice: named lines by an amount each, `amount` (tax included) spread over it, or all that is left; with the reason printed on it. */
  credit: async (tenantId: string, number: string, body: { reason: string; amount?: number; lines?: LineCredit[] }) =>
    (
      await fetchUtils.fetchJson(`${tenantPath(tenantId)}/invoices/${encodeURIComponent(number)}/credit`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      })
    ).json as Invoice,
  /** An invoice's payments and what it still owes. */
  payments: async (tenantId: string, number: string) =>
    (await fetchUtils.fetchJson(`${tenantPath(tenantId)}/invoices/${encodeURIComponent(number)}/payments`)).json as {
      payments: Payment[];
      owed: number;
      today: string;
      accountCredit?: number;
    },
  /** A payment received, recorded once under its id. */
  recordPayment: async (tenantId: string, number: string, payment: PaymentInput) =>
    (
      await fetchUtils.fetchJson(`${tenantPath(tenantId)}/invoices/${encodeURIComponent(number)}/payments`, {
        method: 'POST',
        body: JSON.stringify(payment),
        headers: new Headers({ 'Content-Type': 'application/json' }),
      })
    ).json as {
      payment: Payment;
      repeat: boolean;
      payments: Payment[];
      owed: number;
      today: string;
      accountCredit?: number;
    },
  forQuote: async (tenantId: string, quoteId: string) => {
    // The list filtered in memory: a request has a handful of documents; the store lists by date.
    const { json } = await fetchUtils.fetchJson(`${tenantPath(tenantId)}/invoices?range=[0,999]`);
    return (json as Invoice[]).filter((invoice) => invoice.quoteId === quoteId);
  },
};
