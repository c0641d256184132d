/**
 * Whether an error means a shared engine (Firestore, PostgreSQL, Cloud Storage) is out of reach
 * for now, rather than that the request was wrong: such a failure answers 503 with a Retry-After,
 * and the caller may send the same request again (writes carry If-Match or are idempotent).
 */

/** gRPC status codes firebase-admin's Firestore client fails with when it cannot get through. */
const GRPC_UNAVAILABLE = 14;
const GRPC_DEADLINE_EXCEEDED = 4;
/** Socket failures (pg, fetch, the storage client) and PostgreSQL's "cannot connect now" family. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isEngineUnavailable(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    current && depth < 5;
    current = current.cause as typeof current, depth++
  ) {
    const { code } = current;
    if (code === GRPC_UNAVAILABLE || code === GRPC_DEADLINE_EXCEEDED) return true;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    // @google-cloud/storage: the HTTP status as its code.
    if (code === 503 || code === 502 || code === 504) return true;
    if (typeof current.message === 'string' && /Connection terminated|connect ECONNREFUSED/.test(current.message))
      return true;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;
