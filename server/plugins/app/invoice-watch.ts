/**
 * The invoice watch (server/rental/invoice-watch.ts) on a timer (lib/periodic-pass.ts): once the
 * server is ready, then every BACKLOT_INVOICE_CHECK_SECONDS. Every server runs it; each document
 * is issued once all the same.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { runEvery } from '../../lib/periodic-pass';
import { InvoiceWatch } from '../../rental';

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const watch = new InvoiceWatch(app);
    runEvery(app, config.invoiceCheckSeconds, 'invoice watch', () => watch.pass(new Date(), app.log));
  },
  { name: 'invoice-watch', dependencies: ['tenant-store', 'quote-requests', 'item-store', 'invoices'] },
);
