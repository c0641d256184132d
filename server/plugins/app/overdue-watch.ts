/**
 * The overdue watch (server/rental/overdue-watch.ts) on a timer: once the server is ready, then
 * every BACKLOT_OVERDUE_CHECK_SECONDS. Every server runs it; each order is told once all the same.
 * A pass that fails is logged and tried again on the next.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { tellOverdue } from '../../rental/overdue-watch';

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let running: Promise<unknown> | undefined;
    const pass = () => {
      // One pass at a time: a slow store is not asked twice over.
      running ??= tellOverdue(app, app.log, new Date())
        .catch((error: unknown) => app.log.error({ err: error }, 'overdue watch failed'))
        .finally(() => (running = undefined));
    };
    app.addHook('onReady', () => {
      timer = setInterval(pass, config.overdueCheckSeconds * 1000);
      timer.unref();
      pass();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'overdue-watch', dependencies: ['mailer', 'tenant-store'] },
);
