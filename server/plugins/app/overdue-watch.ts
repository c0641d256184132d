/**
 * The overdue watch (server/rental/overdue-watch.ts) on a timer (lib/periodic-pass.ts): once the
 * server is ready, then every BACKLOT_OVERDUE_CHECK_SECONDS. Every server runs it; each order is
 * told once all the same.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { runEvery } from '../../lib/periodic-pass';
import { tellOverdue } from '../../rental';

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    runEvery(app, config.overdueCheckSeconds, 'overdue watch', () => tellOverdue(app, app.log, new Date()));
  },
  { name: 'overdue-watch', dependencies: ['mailer', 'tenant-store'] },
);
