import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { AssayError, limits, problemContentType } from '@assay/contract';
import type { Accounts } from '@assay/accounts';
import type { Uploads } from '@assay/uploads';
import type { Assessments } from '@assay/assessment';
import type { Logger } from '@assay/logger';
import { httpMetrics, type ReadinessChecks, type Registry } from '@assay/metrics';
import { fromFrameworkError } from './fastify-errors.ts';
import { toProblem } from './problem.ts';
import { registerImageRoutes } from './routes/images.ts';
import { registerAssessmentRoutes } from './routes/assessments.ts';
import { isPublishedPath, registerMetaRoutes, publishedPaths } from './routes/meta.ts';

export interface ApiDeps {
  accounts: Accounts;
  uploads: Uploads;
  assessments: Assessments;
  logger: Logger;
  /** The adapters the API depends on, each checked by `/readyz` under its name. */
  readiness: ReadinessChecks;
  /** This instance's metrics registry, served at `/metrics`; HTTP metrics are added to it. */
  registry: Registry;
  version: string;
  /** How long a whole request (headers and body) may take to arrive; default 60 s. */
  requestTimeoutMs?: number;
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,128}$/;

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
};

/** Builds the HTTP API over its dependencies; listening and shutdown are the caller's. */
export async function createApi(deps: ApiDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: limits.bodyBytes,
    // A well-formed client-supplied id is kept so a caller can follow its request through our logs.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    forceCloseConnections: 'idle',
    // A client trickling its request (or never finishing it) gets 408 and frees the connection; the
    // check runs every second rather than Node's default 30 s, so the timeout means what it says.
    serverFactory: (handler) =>
      createServer({ requestTimeout: deps.requestTimeoutMs ?? 60_000, connectionsCheckingInterval: 1000 }, handler),
    return503OnClosing: true,
  });

  // Only JSON and multipart bodies are part of the API; Fastify would otherwise also parse text/plain.
  app.removeContentTypeParser('text/plain');
  await app.register(multipart, {
    limits: { fileSize: limits.imageBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  // Once shutdown starts, each response still in flight closes its connection, so keep-alive
  // clients cannot hold the server open past the requests it promised to finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  const http = httpMetrics(deps.registry);
  app.addHook('onResponse', async (request, reply) => {
    // The route's template, so ids in paths do not each become a series; unknown paths share one.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    http.requests.inc(labels);
    http.duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.headers(securityHeaders);
    if (closing) reply.header('connection', 'close');
  });

  app.setErrorHandler((error, request, reply) => {
    const assayError = fromFrameworkError(error);
    const problem = toProblem(assayError, request.id, request.url.split('?')[0] ?? request.url);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: assayError.code }, 'request rejected');
    const retryAfterMs = assayError.context.retry_after_ms;
    if (typeof retryAfterMs === 'number') reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    return reply.status(problem.status).type(problemContentType).send(problem);
  });

  app.setNotFoundHandler((request, reply) => {
    const error = isPublishedPath(publishedPaths(deps.assessments.categories), request.url.split('?')[0] ?? '')
      ? new AssayError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here`)
      : new AssayError('NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]}`);
    const problem = toProblem(error, request.id, request.url.split('?')[0] ?? request.url);
    return reply.status(problem.status).type(problemContentType).send(problem);
  });

  registerMetaRoutes(app, deps);
  registerImageRoutes(app, deps);
  registerAssessmentRoutes(app, deps);
  return app;
}
