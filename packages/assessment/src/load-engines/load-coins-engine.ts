import { coinEntrySchema } from '@assay/catalog';
import { AssayError } from '@assay/contract';
import type { CatalogRepository } from '@assay/db';
import { coinFeaturesVersion, createCatalogCoinRecognizer, createCoinsEngine, loadSpotPrices, type CatalogCoinRecognizerOptions, type CoinReferences, type SpotPrices } from '@assay/coins';
import type { LoadedEngine } from '../lazy-engine.ts';
import { storedEntries, storedReferences } from './stored-catalog.ts';

export interface LoadCoinsEngineOptions extends CatalogCoinRecognizerOptions {
  /** Spot-price table file (JSON); the shipped catalog/spot-prices.json by default. */
  spotPricesFile?: string;
  /** The table itself, already loaded (then the file is not read). */
  spotPrices?: SpotPrices;
}

/**
 * Builds the coins engine on a stored catalog version: its coin entries, the coin references
 * computed at import and the spot-price table. Returns the engine and a close function.
 */
export async function loadCoinsEngine(
  repository: CatalogRepository,
  versionId: number,
  options: LoadCoinsEngineOptions = {},
): Promise<LoadedEngine<'coins'>> {
  const readReferences = () => readCoinReferences(repository, versionId);
  const references = await readReferences();
  const entries = await storedEntries(repository, versionId, 'coins', coinEntrySchema);
  const spotPrices = options.spotPrices ?? (await loadSpotPrices(options.spotPricesFile));
  const recognizer = createCatalogCoinRecognizer(references, { ...options, reloadReferences: readReferences });
  return { engine: createCoinsEngine({ recognizer, entries, catalogVersionId: versionId, spotPrices }), close: () => recognizer.close() };
}

/** The coin references stored with a catalog version, if this engine can match against them. */
async function readCoinReferences(repository: CatalogRepository, versionId: number): Promise<CoinReferences> {
  const references = await storedReferences<CoinReferences>(repository, versionId, 'coins');
  // Features of another version (older ones lack the date and mint-mark detail) cannot be matched.
  if (references.version !== coinFeaturesVersion) {
    throw new AssayError('UNAVAILABLE', `catalog version ${versionId} has coin references of features version ${references.version}, this engine needs ${coinFeaturesVersion}; import it again`);
  }
  return references;
}
