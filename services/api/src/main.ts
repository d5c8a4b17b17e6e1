import { createAccounts } from '@assay/accounts';
import { AssayError } from '@assay/contract';
import { loadConfig, type Config } from '@assay/config';
import { createAccountsRepository, createImagesRepository, migrate, openDatabase } from '@assay/db';
import { createImageStoreFromConfig } from '@assay/images';
import { createLogger } from '@assay/logger';
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
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  const store = createImageStoreFromConfig(config.imageStore);
  try {
    await migrate(database);
    await store.ready();
  } catch (error) {
    await store.close();
    await database.close();
    throw error;
  }
  const app = await createApi({
    accounts: createAccounts(createAccountsRepository(database.db)),
    uploads: createUploads({ store, repository: createImagesRepository(database.db), allowPrivateUrls: config.allowPrivateUrls }),
    logger,
    ready: async () => {
      await database.ready();
      await store.ready();
    },
    version: apiVersion,
  });
  const host = options.host ?? config.host;
  const port = options.port ?? config.port;
  let url: string;
  try {
    url = await app.listen({ host, port });
  } catch (error) {
    await app.close();
    await store.close();
    await database.close();
    const reason = (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? 'the address is already in use' : (error as Error).message;
    throw new AssayError('UNAVAILABLE', `cannot listen on ${host}:${port}: ${reason}`, { cause: error });
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const deadline = setTimeout(() => {
        logger.error({ timeout_ms: config.shutdownTimeoutMs }, 'shutdown deadline passed; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      deadline.unref();
      await app.close();
      // Adapters close in reverse order of creation.
      await store.close();
      await database.close();
      clearTimeout(deadline);
    })());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down');
      void close().then(() => process.exit(0));
    });
  }
  return { url, close };
}
