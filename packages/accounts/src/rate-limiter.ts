import { AssayError } from '@assay/contract';

export interface RateLimit {
  /** Requests each API key may make per minute, sustained. */
  perMinute: number;
  /** Requests a key may make at once after a quiet spell (the bucket's size). */
  burst: number;
}

/**
 * Per-key token buckets: each key earns `perMinute` requests a minute, up to `burst` saved. In
 * memory, per API instance: with N instances behind a balancer, a key gets up to N times the rate,
 * which operators size for. Keys idle long enough to be full again are forgotten, so memory follows
 * the keys in use, not every key ever seen.
 */
export function createRateLimiter(limit: RateLimit, now: () => number = Date.now) {
  if (!(limit.perMinute > 0) || !(limit.burst >= 1)) throw new RangeError('a rate limit needs perMinute > 0 and burst >= 1');
  const perMs = limit.perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let sweptAt = now();

  function sweep(at: number) {
    const fullAfterMs = limit.burst / perMs;
    if (at - sweptAt < fullAfterMs) return;
    for (const [key, bucket] of buckets) if (at - bucket.at >= fullAfterMs) buckets.delete(key);
    sweptAt = at;
  }

  return {
    /**
     * Spends one request of `keyId`'s allowance.
     * @throws AssayError RATE_LIMITED (retryable) with `retry_after_ms` when the key has none left.
     */
    take(keyId: string): void {
      const at = now();
      sweep(at);
      const bucket = buckets.get(keyId) ?? { tokens: limit.burst, at };
      bucket.tokens = Math.min(limit.burst, bucket.tokens + (at - bucket.at) * perMs);
      bucket.at = at;
      buckets.set(keyId, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return;
      }
      const retryAfterMs = Math.ceil((1 - bucket.tokens) / perMs);
      throw new AssayError('RATE_LIMITED', `this API key is over its limit of ${limit.perMinute} requests a minute; try again in ${Math.ceil(retryAfterMs / 1000)} s`, {
        retryable: true,
        context: { retry_after_ms: retryAfterMs },
      });
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
