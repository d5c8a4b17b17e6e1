import { createAccounts, createRateLimiter, type Accounts } from '@assay/accounts';
import { createAssessments, lazyEngine, loadCardsEngine, loadCoinsEngine, loadToysEngine, type Assessments, type LoadedEngine } from '@assay/assessment';
import { latestOrImportCatalog } from '@assay/catalog';
import type { Config } from '@assay/config';
import { loadSpotPrices } from '@assay/coins';
import type { Category, CategoryEngines } from '@assay/contract';
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
import { createPaddleTextReader } from '@assay/pixels';
import { createUploads, type Uploads } from '@assay/uploads';
import { computeCatalogReferences } from './catalog-references.ts';
import { createCloserStack } from './closer-stack.ts';
import { createEngineWorkers } from './engine-workers.ts';

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

export interface OpenEngineOptions {
  /**
   * Load every category's engine and start the photo-analysis workers in the background now rather
   * than on the first assessment: for long-running services, whose first request should not wait
   * for them. `assay run` loads only the categories its batch holds.
   */
  preload?: boolean;
  /** Photo-analysis worker threads (default: `config.visionWorkers`, else one per core; see batchVisionWorkers); 0 analyses on the calling thread. */
  visionWorkers?: number;
}

/**
 * Opens the database (migrated), the image store, the newest catalog (importing the configured
 * one into an empty database) and the category engines. If any step fails, whatever was opened
 * is closed again before the error is passed on.
 */
export async function openEngine(config: Config, options: OpenEngineOptions = {}): Promise<Engine> {
  const closers = createCloserStack();
  return closers.starting(async () => {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
    closers.push(database, (opened) => opened.close());
    await migrate(database);
    const store = createImageStoreFromConfig(config.imageStore);
    closers.push(store, (opened) => opened.close());
    await store.ready();

    // One text reader for every category (and for an import here, which reads the coins' dates):
    // a mixed batch holds one pair of OCR models. It prints nothing (onnxruntime logs errors only).
    const textReader = createPaddleTextReader();
    closers.push(textReader, (opened) => opened.close());
    const catalogs = createCatalogRepository(database.db);
    const { version, imported } = await latestOrImportCatalog(config.catalogDir, { repository: catalogs, computeReferences: (catalog) => computeCatalogReferences(catalog, { textReader }) });
    // Engines load on their first assessment (see lazyEngine); a category is served when the
    // version holds references for it. References of an older features version answer UNAVAILABLE.
    // The spot-price table is the operator's file: a mistake in it stops the start, not an assessment.
    const spotPrices = await loadSpotPrices(config.spotPricesFile);
    // One pool of photo-analysis workers for every category: a mixed batch holds two workers, not
    // two per category.
    const workers = createEngineWorkers(options.visionWorkers ?? config.visionWorkers);
    closers.push(workers, (opened) => opened.close());
    const loaders: { [C in Category]: () => Promise<LoadedEngine<C>> } = {
      cards: () => loadCardsEngine(catalogs, version.id, { workers, textReader }),
      coins: () => loadCoinsEngine(catalogs, version.id, { spotPrices, workers, textReader }),
      toys: () => loadToysEngine(catalogs, version.id, { workers, textReader }),
    };
    const engines: CategoryEngines = {};
    const serve = <C extends Category>(category: C) => {
      const lazy = lazyEngine(loaders[category]);
      closers.push(lazy, (opened) => opened.close());
      if (options.preload) lazy.preload();
      return lazy.engine;
    };
    const served = new Set<string>(await catalogs.referenceCategories(version.id));
    if (served.has('cards')) engines.cards = serve('cards');
    if (served.has('coins')) engines.coins = serve('coins');
    if (served.has('toys')) engines.toys = serve('toys');
    if (options.preload) {
      workers.warm().catch(() => {});
      textReader.warm().catch(() => {});
    }

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
      assessments: createAssessments({ uploads, repository: createAssessmentsRepository(database.db), engines }),
      close: () => closers.closeAll(),
    };
  });
}
