import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../../test/support/api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ rateLimit: { perMinute: 60, burst: 2 } });
});
afterAll(() => api.close());

describe('per-key rate limiting', () => {
  it('answers 429 with Retry-After once a key is over its rate, and leaves other keys alone', async () => {
    const { apiKey } = await api.newKey(['cards.identity']);
    const other = await api.newKey(['cards.identity']);
    const get = (key: string) => api.app.inject({ method: 'GET', url: '/assessments/00000000-0000-4000-8000-000000000000', headers: { authorization: `Bearer ${key}` } });
    expect((await get(apiKey)).statusCode).toBe(404);
    expect((await get(apiKey)).statusCode).toBe(404);
    const limited = await get(apiKey);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect((await get(other.apiKey)).statusCode).toBe(404);
    // A bad key is refused as such, and spends nobody's allowance.
    expect((await get('assay_nope')).statusCode).toBe(401);
  });
});
