/** ETag and If-Match: every tenant resource carries the tenant's version; every write must name it. */
import type { FastifyReply, FastifyRequest } from 'fastify';

export function etag(version: string): string {
  return `"${version}"`;
}

export class PreconditionRequiredError extends Error {
  readonly statusCode = 428;
  constructor() {
    super('Send the version you edited in If-Match (the ETag from GET), so a newer change is never overwritten.');
  }
}

/** The version named by If-Match (quotes and a weak prefix removed). */
export function ifMatchVersion(request: FastifyRequest): string {
  const header = request.headers['if-match'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) throw new PreconditionRequiredError();
  return value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

export function withVersion(reply: FastifyReply, version: string): FastifyReply {
  return reply.header('etag', etag(version)).header('cache-control', 'no-store');
}

/** The version named by If-None-Match, if any (for 304 answers to conditional reads). */
export function ifNoneMatchVersion(request: FastifyRequest): string | undefined {
  const header = request.headers['if-none-match'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value ? value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') : undefined;
}

/**
 * Serialised bodies by key and version: the console reads the same tenant far more often than
 * it changes, so each version is turned into JSON once.
 */
export class BodyCache {
  private readonly bodies = new Map<string, { version: string; body: string }>();

  body(key: string, version: string, build: () => unknown): string {
    const cached = this.bodies.get(key);
    if (cached?.version === version) return cached.body;
    const body = JSON.stringify(build());
    this.bodies.set(key, { version, body });
    return body;
  }
}
