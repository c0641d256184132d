/**
 * The overdue watch (server/rental/overdue-watch.ts) on a timer: once the server is ready, then
 * every BACKLOT_OVERDUE_CHECK_SECONDS. Every server runs it; each order is told once all the same.
 * A pass that fails is logged and tried again on the next.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { tellOverdue } from '../../rental/overdue-watch';

/** How long closing waits for a pass under way. */
const CLOSE_WAIT_MS = 2000;

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
      // A pass under way may finish (its mails go), but a store that no longer answers must not hold the server's close.
      let wait: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([running, new Promise((resolve) => (wait = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(wait);
    });
  },
  { name: 'overdue-watch', dependencies: ['mailer', 'tenant-store'] },
);
