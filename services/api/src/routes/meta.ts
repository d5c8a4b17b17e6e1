import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '@assay/contract';
import type { ApiDeps } from '../app.ts';

/** Paths of the spec this server implements: the OpenAPI document publishes exactly these. */
export const publishedPaths = ['/images'];

export function openApiDocument(version: string) {
  return buildOpenApiDocument({ version, paths: publishedPaths });
}

export function registerMetaRoutes(app: FastifyInstance, deps: ApiDeps): void {
  const document = openApiDocument(deps.version);
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
