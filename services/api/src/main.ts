import { AssayError } from '@assay/contract';
import { loadConfig, type Config } from '@assay/config';
import { createLogger } from '@assay/logger';
import { createRegistry } from '@assay/metrics';
import { closeOnSignals, openEngine } from '@assay/runtime';
import { createApi } from './app.ts';
import { apiVersion } from './version.ts';

export interface ServeApiOptions {
  host?: string | undefined;
  port?: number | undefined;
}

/** Composes the API from the environment, listens, and shuts down cleanly on SIGTERM or SIGINT. */
export async function serveApi(options: ServeApiOptions = {}, config: Config = loadConfig()): Promise<{ url: string; close: () => Promise<void> }> {
  const logger = createLogger({ level: config.logLevel, name: 'api' });
  const engine = await openEngine(config, { preload: true });
  const { catalogVersion: version } = engine;
  logger.info({ catalog_version: version.id, catalog: version.name, imported: engine.catalogImported }, engine.catalogImported ? 'imported the catalog' : 'using the latest catalog');
  const app = await createApi({
    accounts: engine.accounts,
    uploads: engine.uploads,
    assessments: engine.assessments,
    logger,
    readiness: { database: () => engine.database.ready(), image_store: () => engine.store.ready() },
    registry: createRegistry('api'),
    version: apiVersion,
    requestTimeoutMs: config.requestTimeoutMs,
  });
  // The server closes first (finishing in-flight requests), then what it used.
  const closeAll = async () => {
    await app.close();
    await engine.close();
  };
  const host = options.host ?? config.host;
  const port = options.port ?? config.port;
  try {
    const url = await app.listen({ host, port });
    return { url, close: closeOnSignals(closeAll, config.shutdownTimeoutMs, logger) };
  } catch (error) {
    await closeAll();
    const reason = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'the address is already in use' : (error as Error).message;
    throw new AssayError('UNAVAILABLE', `cannot listen on ${host}:${port}: ${reason}`, { cause: error });
  }
}
