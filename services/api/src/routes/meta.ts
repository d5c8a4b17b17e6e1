import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, type Category } from '@assay/contract';
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
  app.get('/readyz', async (_request, reply) => {
    try {
      await deps.ready();
      return { status: 'ready' };
    } catch (error) {
      reply.log.warn({ err: error }, 'not ready');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
