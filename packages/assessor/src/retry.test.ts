import { describe, expect, it } from 'vitest';
import { AssayError } from '@assay/contract';
import { withRetries } from './retry.ts';

const policy = { attempts: 4, baseDelayMs: 1, maxDelayMs: 4 };

describe('withRetries', () => {
  it('retries retryable failures until success', async () => {
    let calls = 0;
    const result = await withRetries(async () => {
      if (++calls < 3) throw new AssayError('UNAVAILABLE', 'down', { retryable: true });
      return 'ok';
    }, policy);
    expect(result).toEqual({ ok: true, value: 'ok', attempts: 3 });
  });

  it('stops at once on a permanent failure', async () => {
    let calls = 0;
    const result = await withRetries(async () => {
      calls++;
      throw new AssayError('IMAGE_UNDECODABLE', 'broken');
    }, policy);
    expect(calls).toBe(1);
    expect(result).toMatchObject({ ok: false, attempts: 1, failure: { code: 'IMAGE_UNDECODABLE', retryable: false } });
  });

  it('gives up when the attempts run out, waiting at least Retry-After', async () => {
    const delays: number[] = [];
    const result = await withRetries(
      async () => {
        throw Object.assign(new Error('busy'), { code: 'RATE_LIMITED', retryable: true, retryAfterMs: 3 });
      },
      policy,
      { random: () => 0, onRetry: (_f, _a, delay) => delays.push(delay) },
    );
    expect(result).toMatchObject({ ok: false, attempts: 4, failure: { code: 'RATE_LIMITED' } });
    expect(delays).toEqual([3, 3, 3]);
  });

  it('treats unknown throws as permanent internal failures', async () => {
    const result = await withRetries(async () => {
      throw new TypeError('bug');
    }, policy);
    expect(result).toMatchObject({ ok: false, failure: { code: 'INTERNAL', retryable: false } });
  });
});
