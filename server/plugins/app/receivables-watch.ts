/**
 * The receivables watch (server/accounts/receivables-watch.ts: payment reminders and monthly
 * statements) on a timer (lib/periodic-pass.ts): once the server is ready, then every
 * BACKLOT_RECEIVABLES_CHECK_SECONDS. Every server runs it; each mail is sent once all the same.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { runEvery } from '../../lib/periodic-pass';
import { ReceivablesWatch } from '../../accounts';

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const watch = new ReceivablesWatch(app);
    runEvery(app, config.receivablesCheckSeconds, 'receivables watch', () => watch.pass(new Date(), app.log));
  },
  { name: 'receivables-watch', dependencies: ['mailer', 'tenant-store', 'invoices', 'customer-accounts', 'pdfs'] },
);
