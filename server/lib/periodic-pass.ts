/**
 * A pass run on a timer by every server (the overdue watch, the card-hold watch): once the server
 * is ready, then every `seconds`; one pass at a time (a slow store is not asked twice over); a
 * pass that fails is logged and tried again on the next; closing waits at most 2 s for a pass
 * under way (its work may finish, but a store that no longer answers must not hold the close).
 */
import type { FastifyInstance } from 'fastify';

const CLOSE_WAIT_MS = 2000;

export function runEvery(app: FastifyInstance, seconds: number, name: string, pass: () => Promise<unknown>): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;
  const start = () => {
    running ??= pass()
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', () => {
    timer = setInterval(start, seconds * 1000);
    timer.unref();
    start();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    let wait: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([running, new Promise((resolve) => (wait = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(wait);
  });
}
