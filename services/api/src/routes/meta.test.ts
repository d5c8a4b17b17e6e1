import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@assay/db';
import { createTestApi, type TestApi } from '../../../../test/support/api.ts';

let api: TestApi;
let down: TestApi;
let refused: DatabaseHandle;
beforeAll(async () => {
  api = await createTestApi({ database: 'pglite' });
  // A PostgreSQL URL nothing listens on: the pool is created, every query is refused.
  refused = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/assay' });
  down = await createTestApi({ database: 'pglite', readiness: { database: () => refused.ready(), image_store: async () => {} } });
});
afterAll(async () => {
  await api.close();
  await down.close();
  await refused.close();
});

describe('health, readiness and metrics', () => {
  it('answers /healthz and /readyz without authentication, naming each peer checked', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await api.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('answers /readyz 503 with problem+json naming the peer that is down', async () => {
    const res = await down.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem).toMatchObject({ status: 503, code: 'UNAVAILABLE', detail: 'not ready: database unreachable', checks: { image_store: 'ok' } });
    expect(problem.checks.database).not.toBe('ok');
    expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('serves Prometheus metrics: requests by route template and status, with their durations', async () => {
    await api.app.inject({ method: 'GET', url: '/healthz' });
    await api.app.inject({ method: 'GET', url: '/assessments/not-a-uuid' });
    await api.app.inject({ method: 'GET', url: '/no/such/path' });
    const res = await api.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/assay_http_requests_total\{method="GET",route="\/healthz",status="200",service="api"\} [1-9]/);
    expect(text).toMatch(/assay_http_requests_total\{method="GET",route="\/assessments\/:assessment_id",status="401",service="api"\} 1/);
    expect(text).toMatch(/assay_http_requests_total\{method="GET",route="unmatched",status="404",service="api"\} 1/);
    expect(text).toContain('assay_http_request_duration_seconds_bucket{le="0.005",service="api",method="GET",route="/healthz"');
    expect(text).toContain('assay_process_resident_memory_bytes');
  });
});
