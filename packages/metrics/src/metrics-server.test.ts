import { describe, expect, it } from 'vitest';
import { openDatabase } from '@assay/db';
import { assessorMetrics, createRegistry, startMetricsServer } from './index.ts';

describe('the metrics server', () => {
  it('answers health, readiness naming the peer that is down, and metrics; then closes', async () => {
    // A PostgreSQL URL nothing listens on: every query is refused.
    const refused = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/assay' });
    const registry = createRegistry('assessor');
    assessorMetrics(registry).deadLettered.inc({ reason: 'TIMEOUT' });
    const server = await startMetricsServer({ registry, host: '127.0.0.1', port: 0, checks: { database: () => refused.ready(), kafka: async () => {} } });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('content-type')).toBe('application/problem+json');
      const problem = (await ready.json()) as { checks: Record<string, string> };
      expect(problem).toMatchObject({ status: 503, code: 'UNAVAILABLE', detail: 'not ready: database unreachable', checks: { kafka: 'ok' } });
      expect(problem.checks.database).toMatch(/ECONNREFUSED|connect/);
      const metrics = await fetch(`${server.url}/metrics`);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      expect(await metrics.text()).toContain('assay_items_dead_lettered_total{reason="TIMEOUT",service="assessor"} 1');
      expect((await fetch(`${server.url}/nothing`)).status).toBe(404);
    } finally {
      await server.close();
      await refused.close();
    }
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });

  it('keeps two registries in one process apart', async () => {
    const [a, b] = [createRegistry('a'), createRegistry('b')];
    assessorMetrics(a).retries.inc({ code: 'TIMEOUT' });
    assessorMetrics(b);
    expect(await a.metrics()).toContain('assay_retries_total{code="TIMEOUT",service="a"} 1');
    expect(await b.metrics()).not.toContain('assay_retries_total{code="TIMEOUT"');
  });
});
