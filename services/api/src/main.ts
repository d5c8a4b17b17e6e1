import { createAccounts } from '@assay/accounts';
import { createAssessments, loadCardsEngine } from '@assay/assessment';
import { latestOrImportCatalog } from '@assay/catalog';
import { AssayError } from '@assay/contract';
import { loadConfig, type Config } from '@assay/config';
import {
  createAccountsRepository,
  createAssessmentsRepository,
  createCatalogRepository,
  createImagesRepository,
  migrate,
  openDatabase,
} from '@assay/db';
import { createImageStoreFromConfig } from '@assay/images';
import { createLogger } from '@assay/logger';
import { computeCatalogReferences } from '@assay/recognizer';
import { createUploads } from '@assay/uploads';
import { createApi } from './app.ts';
import { apiVersion } from './version.ts';

export interface ServeApiOptions {
  host?: string | undefined;
  port?: number | undefined;
}

/** Composes the API from the environment, listens, and shuts down cleanly on SIGTERM or SIGINT. */
export async function serveApi(options: ServeApiOptions = {}, config: Config = loadConfig()): Promise<{ url: string; close: () => Promise<void> }> {
  const logger = createLogger({ level: config.logLevel, name: 'api' });
  // Everything opened is closed in reverse order, on shutdown or when start-up fails part-way.
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await close();
  };
  try {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
    closers.push(() => database.close());
    await migrate(database);
    const store = createImageStoreFromConfig(config.imageStore);
    closers.push(() => store.close());
    await store.ready();

    const catalogs = createCatalogRepository(database.db);
    const { version, imported } = await latestOrImportCatalog(config.catalogDir, { repository: catalogs, computeReferences: computeCatalogReferences });
    logger.info({ catalog_version: version.id, catalog: version.name, imported }, imported ? 'imported the catalog' : 'using the latest catalog');
    const cards = await loadCardsEngine(catalogs, version.id);
    closers.push(cards.close);

    const uploads = createUploads({ store, repository: createImagesRepository(database.db), allowPrivateUrls: config.allowPrivateUrls });
    const app = await createApi({
      accounts: createAccounts(createAccountsRepository(database.db)),
      uploads,
      assessments: createAssessments({ uploads, repository: createAssessmentsRepository(database.db), engines: { cards: cards.engine } }),
      logger,
      ready: async () => {
        await database.ready();
        await store.ready();
      },
      version: apiVersion,
    });
    closers.push(() => app.close());
    const host = options.host ?? config.host;
    const port = options.port ?? config.port;
    const url = await app.listen({ host, port }).catch((error: NodeJS.ErrnoException) => {
      const reason = error.code === 'EADDRINUSE' ? 'the address is already in use' : error.message;
      throw new AssayError('UNAVAILABLE', `cannot listen on ${host}:${port}: ${reason}`, { cause: error });
    });
    return { url, close: onShutdown(closeAll, config, logger) };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** Closes everything once, within the shutdown deadline, on SIGTERM or SIGINT or when called. */
function onShutdown(closeAll: () => Promise<void>, config: Config, logger: ReturnType<typeof createLogger>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const deadline = setTimeout(() => {
        logger.error({ timeout_ms: config.shutdownTimeoutMs }, 'shutdown deadline passed; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      deadline.unref();
      await closeAll();
      clearTimeout(deadline);
    })());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down');
      void close().then(() => process.exit(0));
    });
  }
  return close;
}
