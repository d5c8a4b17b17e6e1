import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { problemContentType } from '@assay/contract';
import type { Registry } from 'prom-client';
import { checkReadiness, notReadyProblem, type ReadinessChecks } from './readiness.ts';

export interface MetricsServerOptions {
  registry: Registry;
  host: string;
  /** 0: any free port (the bound one is in `url`). */
  port: number;
  checks: ReadinessChecks;
}

export interface MetricsServer {
  /** http://host:port actually bound. */
  url: string;
  /** Stops listening and ends open connections (scrapers keep theirs alive). Idempotent. */
  close(): Promise<void>;
}

/**
 * The pipeline services' small HTTP side door: `/healthz` (the process answers), `/readyz` (its
 * peers answer; 503 problem+json naming those that do not) and `/metrics` (Prometheus text).
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string) => response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body);
    const json = (status: number, body: unknown, type = 'application/json') => send(status, type, JSON.stringify(body));
    if (request.method !== 'GET' && request.method !== 'HEAD') return json(405, { status: 'method not allowed' });
    if (path === '/healthz') return json(200, { status: 'ok' });
    if (path === '/readyz') {
      void checkReadiness(options.checks).then((report) =>
        report.ready ? json(200, { status: 'ready', checks: report.checks }) : json(503, notReadyProblem(report), problemContentType),
      );
      return;
    }
    if (path === '/metrics') {
      options.registry.metrics().then(
        (text) => send(200, options.registry.contentType, text),
        (error: unknown) => send(500, 'text/plain', `metrics failed: ${(error as Error).message}\n`),
      );
      return;
    }
    return json(404, { status: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
