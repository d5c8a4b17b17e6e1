import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, problemContentType, type Category } from '@assay/contract';
import { checkReadiness, notReadyProblem } from '@assay/metrics';
import type { ApiDeps } from '../app.ts';

/** Paths this server answers, given the categories it assesses: the OpenAPI document publishes exactly these. */
export function publishedPaths(categories: readonly Category[]): string[] {
  return ['/images', ...categories.map((category) => `/${category}/assessments`), '/assessments/{assessment_id}'];
}

/** Whether a concrete request path is one of the published (possibly templated) paths. */
export function isPublishedPath(paths: readonly string[], path: string): boolean {
  return paths.some((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
}

export function openApiDocument(version: string, categories: readonly Category[]) {
  return buildOpenApiDocument({ version, paths: publishedPaths(categories) });
}

export function registerMetaRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const document = openApiDocument(deps.version, deps.assessments.categories);
  app.get('/openapi.json', async () => document);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    const report = await checkReadiness(deps.readiness);
    if (report.ready) return { status: 'ready', checks: report.checks };
    reply.log.warn({ checks: report.checks }, 'not ready');
    return reply.status(503).type(problemContentType).send({ ...notReadyProblem(report), request_id: request.id });
  });
  // Unauthenticated like the probes: scrapers carry no API key. It tells counts and latencies, never
  // items or accounts; keep the port off the public internet or filter /metrics at the proxy.
  app.get('/metrics', async (_request, reply) => reply.type(deps.registry.contentType).send(await deps.registry.metrics()));
}
