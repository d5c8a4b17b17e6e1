import { describe, expect, it } from 'vitest';
import { AssayError } from '@assay/contract';
import { toFailure } from './gateway.ts';

describe('gateway failures', () => {
  it("keep the spec's codes and the transport's, and call any other code the service's answer a bad response", () => {
    expect(toFailure(new AssayError('UNAVAILABLE', 'down', { retryable: true }))).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(toFailure({ code: 'TIMEOUT', message: 'no answer in 30 s', retryable: true })).toMatchObject({ code: 'TIMEOUT', message: 'no answer in 30 s' });
    const foreign = toFailure({ code: 'QUOTA_EXCEEDED', message: 'too many', retryable: false });
    expect(foreign).toMatchObject({ code: 'BAD_RESPONSE', retryable: false });
    expect(foreign.message).toContain('QUOTA_EXCEEDED');
    expect(toFailure(new Error('a bug'))).toMatchObject({ code: 'INTERNAL', retryable: false });
  });
});
