/**
 * A long request's answer sent as it goes, one JSON object a line (NDJSON), for a client that asks
 * for it with `Accept: application/x-ndjson` (the console's import shows "Storing photos 1,200 of
 * 5,000"): `{"progress":…}` lines at most every PROGRESS_EVERY_MS, then one `{"result":…}` or
 * `{"error":{"statusCode","message"}}`. The status (200) is sent before the work is done, so a
 * failure is told in the last line; a 5xx's own message stays in the log, as the error handler
 * keeps it out of JSON answers. The work runs to its end even if the client leaves.
 */
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

const PROGRESS_EVERY_MS = 100;
export const NDJSON = 'application/x-ndjson';

/** An answer serialised already (a worker thread's), sent as it is. */
export class RawJson {
  constructor(readonly json: string) {}
}

/** Whether the client asked for the answer as it goes. */
export const wantsProgress = (request: FastifyRequest) => String(request.headers.accept ?? '').includes(NDJSON);

export async function answerWithProgress<Progress, Result>(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  work: (progress: (value: Progress, final?: boolean) => void) => Promise<Result>,
  hiddenFailure: string,
): Promise<FastifyReply> {
  const lines = new PassThrough();
  const send = (value: object) => lines.write(`${JSON.stringify(value)}\n`);
  void reply.type(`${NDJSON}; charset=utf-8`).header('cache-control', 'no-store').send(lines);
  let last = 0;
  try {
    const result = await work((value, final = false) => {
      const now = Date.now();
      if (!final && now - last < PROGRESS_EVERY_MS) return;
      last = now;
      send({ progress: value });
    });
    // A result already serialised (by a worker thread) is written as it is.
    if (result instanceof RawJson) lines.write(`{"result":${result.json}}\n`);
    else send({ result });
  } catch (error) {
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    if (statusCode >= 500) log.error({ err: error }, hiddenFailure);
    send({ error: { statusCode, message: statusCode >= 500 ? hiddenFailure : (error as Error).message } });
  } finally {
    lines.end();
  }
  return reply;
}
