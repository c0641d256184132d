/**
 * The hold watch (server/workflows/hold-watch.ts) on a timer (lib/periodic-pass.ts): once the
 * server is ready, then every BACKLOT_HOLD_CHECK_SECONDS. Every server runs it; each hold is
 * released once all the same.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { runEvery } from '../../lib/periodic-pass';
import { releaseLapsedHolds } from '../../workflows/hold-watch';

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    runEvery(app, config.holdCheckSeconds, 'hold watch', () => releaseLapsedHolds(app, app.log, new Date()));
  },
  { name: 'hold-watch', dependencies: ['mailer', 'tenant-store'] },
);
