import { toFailure, type GatewayFailure } from './gateway.ts';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Backoff before the second attempt; doubles each time (full jitter), capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 6, baseDelayMs: 250, maxDelayMs: 15_000 };

export type RetryResult<T> = { ok: true; value: T; attempts: number } | { ok: false; failure: GatewayFailure; attempts: number };

/**
 * Runs `work` until it succeeds, fails permanently, or the attempts run out. Waits follow
 * exponential backoff with full jitter, or the service's Retry-After when it gave one (never
 * shorter). An aborted signal stops the waiting and returns the last failure.
 */
export async function withRetries<T>(
  work: () => Promise<T>,
  policy: RetryPolicy,
  options: { signal?: AbortSignal; random?: () => number; onRetry?: (failure: GatewayFailure, attempt: number, delayMs: number) => void } = {},
): Promise<RetryResult<T>> {
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await work(), attempts: attempt };
    } catch (error) {
      const failure = toFailure(error);
      if (!failure.retryable || attempt >= policy.attempts || options.signal?.aborted) return { ok: false, failure, attempts: attempt };
      const backoff = random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
      const delay = Math.max(backoff, failure.retryAfterMs ?? 0);
      options.onRetry?.(failure, attempt, delay);
      await sleep(delay, options.signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
