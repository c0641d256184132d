/**
 * Retries for the storefront's network calls, with the tenant's backoff (spec §9: base 1000 ms,
 * factor 2, jitter, cap 4 hours, all from `site.retryBackoff`). p-retry does the work; this maps
 * the setting onto it: delay n = min(cap, base × factor^(n−1) × (1 + random) when jittered).
 */
import pRetry, { AbortError, type Options } from 'p-retry';
import type { SiteSettings } from '../../schema/types.generated';

export type RetryBackoff = Required<NonNullable<SiteSettings['retryBackoff']>>;
export { AbortError };

export function retryOptions(backoff: RetryBackoff, retries: number): Options {
  return {
    retries,
    minTimeout: backoff.baseMs,
    factor: backoff.factor,
    maxTimeout: backoff.capMs,
    randomize: backoff.jitter,
    unref: true,
  };
}

/** Runs `work`, retrying failures (throw AbortError to stop at once); `signal` cancels waiting. */
export function withRetry<T>(
  work: (attempt: number) => Promise<T>,
  backoff: RetryBackoff,
  options: { retries?: number; signal?: AbortSignal; onRetry?: (error: unknown, attempt: number) => void } = {},
): Promise<T> {
  return pRetry(work, {
    ...retryOptions(backoff, options.retries ?? 8),
    signal: options.signal,
    onFailedAttempt: ({ error, attemptNumber }) => options.onRetry?.(error, attemptNumber),
  });
}
