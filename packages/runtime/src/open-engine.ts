import { createAccounts, createRateLimiter, type Accounts } from '@assay/accounts';
import { createAssessments, loadCardsEngine, loadCoinsEngine, loadToysEngine, type Assessments } from '@assay/assessment';
import { latestOrImportCatalog } from '@assay/catalog';
import type { Config } from '@assay/config';
import { isAssayError } from '@assay/contract';
import {
  createAccountsRepository,
  createAssessmentsRepository,
  createCatalogRepository,
  createImagesRepository,
  migrate,
  openDatabase,
  type AccountsRepository,
  type CatalogVersion,
  type DatabaseHandle,
} from '@assay/db';
import { createImageStoreFromConfig, type ImageStore } from '@assay/images';
import { computeCatalogReferences } from '@assay/recognizer';
import { createUploads, type Uploads } from '@assay/uploads';

/** Everything that assesses, opened once from the configuration: what the API and `assay run` share. */
export interface Engine {
  database: DatabaseHandle;
  store: ImageStore;
  catalogVersion: CatalogVersion;
  /** True when this start imported the catalog into an empty database. */
  catalogImported: boolean;
  accounts: Accounts;
  accountsRepository: AccountsRepository;
  uploads: Uploads;
  assessments: Assessments;
  /** Closes what was opened, in reverse order. */
  close(): Promise<void>;
}

/**
 * Opens the database (migrated), the image store, the newest catalog (importing the configured
 * one into an empty database) and the category engines. If any step fails, whatever was opened
 * is closed again before the error is passed on.
 */
export async function openEngine(config: Config): Promise<Engine> {
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer();
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
    const cards = await loadCardsEngine(catalogs, version.id);
    closers.push(cards.close);
    // A catalog imported before coin or toy references existed serves neither until imported again.
    const coins = await unlessReferencesMissing(loadCoinsEngine(catalogs, version.id, { spotPricesFile: config.spotPricesFile }));
    if (coins) closers.push(coins.close);
    const toys = await unlessReferencesMissing(loadToysEngine(catalogs, version.id));
    if (toys) closers.push(toys.close);

    const accountsRepository = createAccountsRepository(database.db);
    const uploads = createUploads({ store, repository: createImagesRepository(database.db), allowPrivateUrls: config.allowPrivateUrls });
    return {
      database,
      store,
      catalogVersion: version,
      catalogImported: imported,
      accounts: createAccounts(accountsRepository, config.rateLimit ? { rateLimiter: createRateLimiter(config.rateLimit) } : {}),
      accountsRepository,
      uploads,
      assessments: createAssessments({ uploads, repository: createAssessmentsRepository(database.db), engines: { cards: cards.engine, ...(coins && { coins: coins.engine }), ...(toys && { toys: toys.engine }) } }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The engine, or null when the catalog version holds no references for its category (UNAVAILABLE). */
function unlessReferencesMissing<T>(loading: Promise<T>): Promise<T | null> {
  return loading.catch((error: unknown) => {
    if (isAssayError(error) && error.code === 'UNAVAILABLE') return null;
    throw error;
  });
}
