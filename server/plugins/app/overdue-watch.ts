/**
 * The overdue watch (server/rental/overdue-watch.ts) on a timer (lib/periodic-pass.ts): once the
 * server is ready, then every BACKLOT_OVERDUE_CHECK_SECONDS. Every server runs it; each order is
 * told once all the same. The certificate watch (certificates ending during a hire) runs beside it.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { runEvery } from '../../lib/periodic-pass';
import { tellEndingCertificates, tellOverdue } from '../../rental';

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    runEvery(app, config.overdueCheckSeconds, 'overdue watch', () => tellOverdue(app, app.log, new Date()));
    // Certificates ending during a hire, on the same beat (server/rental/certificate-watch.ts).
    runEvery(app, config.overdueCheckSeconds, 'certificate watch', () =>
      tellEndingCertificates(app, app.log, new Date()),
    );
  },
  { name: 'overdue-watch', dependencies: ['mailer', 'tenant-store'] },
);
