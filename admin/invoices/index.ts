/** The Invoices screen of a tenant, at /t/<tenantId>/invoices, and the documents card on a request's page. */
export { InvoiceList } from './InvoiceList';
export { QuoteInvoicesCard } from './QuoteInvoicesCard';
