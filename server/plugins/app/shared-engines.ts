/**
 * The shared engines this server depends on (Firestore with BACKLOT_STORE=firestore, PostgreSQL
 * with BACKLOT_DATABASE_URL), watched while it runs. When one stops answering, a change sent to
 * the API is refused at once with 503 and a Retry-After ("nothing was saved, try again in a few
 * seconds") instead of hanging the minute or more firebase-admin would spend retrying, and
 * nothing is half-written because nothing was started. Reads carry on with what the server holds
 * (the tenant store's listener copy, rendered pages). Each address is tried (a TCP connection) at
 * most every two seconds, and only when a change arrives. `/api/health` says which are reachable.
 */
import fp from 'fastify-plugin';
import type { ServerConfig } from '../../config';
import { RETRY_AFTER_SECONDS } from '../../lib/engine-errors';
import { tcpUnreachable } from '../../stores/tcp-probe';
import { firestoreAddress } from '../../stores/firestore-connection';

interface Engine {
  name: string;
  host: string;
  port: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each shared engine and whether it answered last time it was tried (empty on the embedded stores). */
    sharedEngines(): Promise<Record<string, 'reachable' | 'unreachable'>>;
  }
}

const CHECK_EVERY_MS = 2000;
const CONNECT_TIMEOUT_MS = 1500;

function enginesOf(config: ServerConfig): Engine[] {
  const engines: Engine[] = [];
  if (config.store === 'firestore') {
    const { host, port } = firestoreAddress(process.env);
    engines.push({ name: 'Firestore', host, port });
  }
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    engines.push({
      name: 'PostgreSQL',
      host: url.hostname.replace(/^\[|\]$/g, '') || 'localhost',
      port: Number(url.port || 5432),
    });
  }
  return engines;
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    const engines = enginesOf(config);
    const state = new Map<Engine, { checkedAt: number; ok: boolean; pending?: Promise<boolean> }>(
      engines.map((engine) => [engine, { checkedAt: -Infinity, ok: true }]),
    );

    const check = (engine: Engine): Promise<boolean> => {
      const known = state.get(engine)!;
      if (Date.now() - known.checkedAt < CHECK_EVERY_MS) return Promise.resolve(known.ok);
      known.pending ??= tcpUnreachable(engine.host, engine.port, CONNECT_TIMEOUT_MS).then((why) => {
        const ok = why === undefined;
        if (ok !== known.ok)
          app.log[ok ? 'info' : 'error'](
            `${engine.name} at ${engine.host}:${engine.port} ${ok ? 'answers again' : `${why}: changes are refused (503) until it is back`}`,
          );
        Object.assign(known, { ok, checkedAt: Date.now(), pending: undefined });
        return ok;
      });
      return known.pending;
    };

    app.decorate('sharedEngines', async () =>
      Object.fromEntries(
        await Promise.all(
          engines.map(async (engine) => [engine.name, (await check(engine)) ? 'reachable' : 'unreachable'] as const),
        ),
      ),
    );

    if (engines.length === 0) return;
    app.addHook('onRequest', async (request, reply) => {
      if (
        request.method === 'GET' ||
        request.method === 'HEAD' ||
        request.method === 'OPTIONS' ||
        !request.url.startsWith('/api/')
      )
        return;
      const down = (
        await Promise.all(engines.map(async (engine) => ((await check(engine)) ? undefined : engine)))
      ).find(Boolean);
      if (!down) return;
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          statusCode: 503,
          error: 'Service Unavailable',
          message: `The shared database (${down.name}) cannot be reached just now: nothing was saved. Try again in a few seconds.`,
        });
    });
  },
  { name: 'shared-engines' },
);
