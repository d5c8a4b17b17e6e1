import { Counter, Histogram, type Registry } from 'prom-client';

/** Requests by route template (never the raw URL, whose ids would explode the series), method and status. */
export function httpMetrics(registry: Registry) {
  return {
    requests: new Counter({ name: 'assay_http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status'] as const, registers: [registry] }),
    duration: new Histogram({
      name: 'assay_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its response',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
  };
}

export type HttpMetrics = ReturnType<typeof httpMetrics>;
