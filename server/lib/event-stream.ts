/**
 * Server-sent events on a hijacked reply, as the storefront's live profile and the console's live
 * quote list send them: the headers, a retry hint, a keep-alive comment every 25 s (proxies drop
 * idle connections), and every stream let go when its client leaves or the server shuts down.
 *
 * Streams belong to the session that opened them (its session cookies): one session may hold at
 * most MAX_STREAMS_PER_SESSION at once (a further one is a 429 that says so, so a script cannot
 * pin a server's connections), and logging out ends them all (endSessionStreams), so nothing
 * reaches a browser after its session is over.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const KEEP_ALIVE_MS = 25_000;
/** More than the tabs a person keeps open on one site (browsers allow 6 connections per host over HTTP/1.1). */
export const MAX_STREAMS_PER_SESSION = 10;

export interface EventStream<Events extends object> {
  send<E extends keyof Events & string>(event: E, data: Events[E]): void;
  /** Runs `cleanup` when the stream ends (its client gone, the session logged out, or the server shutting down). */
  onEnd(cleanup: () => void): void;
}

class TooManyStreamsError extends Error {
  readonly statusCode = 429;
  constructor() {
    super(
      `This session already has ${MAX_STREAMS_PER_SESSION} live pages open, the most it may: close one, then reload this page.`,
    );
  }
}

/** A session's key: a hash of its session cookies (console and storefront alike), or none when it has none. */
function sessionKeyOf(cookie: string | undefined): string | undefined {
  const pairs = (cookie ?? '')
    .split(/;\s*/)
    .filter((pair) => /session/i.test(pair.split('=')[0] ?? '') && pair.includes('='))
    .sort();
  return pairs.length ? createHash('sha256').update(pairs.join(';')).digest('base64url') : undefined;
}

/** The open streams of each session, shared by every plugin of one server (keyed by its HTTP server). */
const sessionsByServer = new WeakMap<object, Map<string, Set<() => void>>>();
const sessionsOf = (app: FastifyInstance) => {
  let sessions = sessionsByServer.get(app.server);
  if (!sessions) sessionsByServer.set(app.server, (sessions = new Map<string, Set<() => void>>()));
  return sessions;
};

/** Ends every stream the session these cookies name holds open (at logout). */
export function endSessionStreams(app: FastifyInstance, cookie: string | undefined): void {
  const key = sessionKeyOf(cookie);
  if (key) for (const end of [...(sessionsOf(app).get(key) ?? [])]) end();
}

/** The streams one plugin opens: it ends them all at shutdown, so the process can exit. */
export function eventStreams(app: FastifyInstance) {
  const open = new Map<FastifyReply, () => void>();
  const sessions = sessionsOf(app);
  app.addHook('preClose', async () => {
    for (const end of [...open.values()]) end();
  });
  /** Starts a stream on `reply`; throws TooManyStreamsError (429) before anything is sent when the session holds the most it may. */
  return function start<Events extends object>(request: FastifyRequest, reply: FastifyReply): EventStream<Events> {
    const key = sessionKeyOf(request.headers.cookie);
    const ofSession = key === undefined ? undefined : (sessions.get(key) ?? new Set<() => void>());
    if (ofSession && ofSession.size >= MAX_STREAMS_PER_SESSION) throw new TooManyStreamsError();
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\n');
    const cleanups: Array<() => void> = [];
    const keepAlive = setInterval(() => reply.raw.write(': alive\n\n'), KEEP_ALIVE_MS).unref();
    const end = () => {
      if (!open.delete(reply)) return;
      clearInterval(keepAlive);
      ofSession?.delete(end);
      if (key !== undefined && ofSession?.size === 0) sessions.delete(key);
      for (const cleanup of cleanups) cleanup();
      reply.raw.destroy();
    };
    open.set(reply, end);
    if (key !== undefined && ofSession) sessions.set(key, ofSession.add(end));
    request.raw.once('close', end);
    return {
      send: (event, data) => void reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
      onEnd: (cleanup) => void cleanups.push(cleanup),
    };
  };
}
