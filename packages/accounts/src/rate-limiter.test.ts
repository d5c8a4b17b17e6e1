import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('the per-key rate limiter', () => {
  it('lets a burst through, then one request per interval, and says when the next one may come', () => {
    let now = 0;
    const limiter = createRateLimiter({ perMinute: 60, burst: 3 }, () => now);
    for (let i = 0; i < 3; i++) limiter.take('k1');
    const refused = (() => {
      try {
        limiter.take('k1');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryable: true, context: { retry_after_ms: 1000 } });
    // Another key has its own allowance.
    limiter.take('k2');
    now += 1000;
    limiter.take('k1');
    expect(() => limiter.take('k1')).toThrow(/over its limit of 60 requests a minute/);
    // A quiet spell refills the bucket, never beyond the burst.
    now += 60_000;
    for (let i = 0; i < 3; i++) limiter.take('k1');
    expect(() => limiter.take('k1')).toThrow();
  });

  it('refuses a limit that would let nothing through', () => {
    expect(() => createRateLimiter({ perMinute: 0, burst: 1 })).toThrow(RangeError);
    expect(() => createRateLimiter({ perMinute: 10, burst: 0 })).toThrow(RangeError);
  });
});
