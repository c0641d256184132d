/**
 * Server-sent events on a hijacked reply, as the storefront's live profile and the console's live
 * quote list send them: the headers, a retry hint, a keep-alive comment every 25 s (proxies drop
 * idle connections), and every stream let go when its client leaves or the server shuts down.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const KEEP_ALIVE_MS = 25_000;

export interface EventStream<Events extends object> {
  send<E extends keyof Events & string>(event: E, data: Events[E]): void;
  /** Runs `cleanup` when the stream ends (its client gone, or the server shutting down). */
  onEnd(cleanup: () => void): void;
}

/** The streams one plugin opens: it ends them all at shutdown, so the process can exit. */
export function eventStreams(app: FastifyInstance) {
  const open = new Map<FastifyReply, () => void>();
  app.addHook('preClose', async () => {
    for (const [reply, end] of open) {
      end();
      reply.raw.destroy();
    }
  });
  return function start<Events extends object>(request: FastifyRequest, reply: FastifyReply): EventStream<Events> {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    reply.raw.write('retry: 3000\n\n');
    const cleanups: Array<() => void> = [];
    const keepAlive = setInterval(() => reply.raw.write(': alive\n\n'), KEEP_ALIVE_MS).unref();
    const end = () => {
      if (!open.delete(reply)) return;
      clearInterval(keepAlive);
      for (const cleanup of cleanups) cleanup();
    };
    open.set(reply, end);
    request.raw.once('close', end);
    return {
      send: (event, data) => void reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      onEnd: (cleanup) => void cleanups.push(cleanup),
    };
  };
}
