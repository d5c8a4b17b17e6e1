import type { LoadedCatalog } from '@assay/catalog';
import type { Config } from '@assay/config';
import type { CatalogReferenceOptions, CatalogReferences } from './catalog-references.ts';
import type { Engine, OpenEngineOptions } from './open-engine.ts';

export type { Engine, OpenEngineOptions } from './open-engine.ts';
export type { CatalogReferences } from './catalog-references.ts';

/**
 * Opens everything that assesses (see open-engine.ts). Loaded on first use: the engine brings image
 * decoding, OCR and the worker pools, which a service that only moves events never needs.
 */
export async function openEngine(config: Config, options: OpenEngineOptions = {}): Promise<Engine> {
  const { openEngine: open } = await import('./open-engine.ts');
  return open(config, options);
}

/** What a catalog import stores for every category's recognizer (see catalog-references.ts); loaded on first use, as openEngine. */
export async function computeCatalogReferences(catalog: LoadedCatalog, options: CatalogReferenceOptions = {}): Promise<CatalogReferences> {
  const { computeCatalogReferences: compute } = await import('./catalog-references.ts');
  return compute(catalog, options);
}
export { batchVisionWorkers } from './batch-vision-workers.ts';
export { releaseFreedMemory, type MemoryReleaseStats } from './memory-release.ts';
export { closeOnSignals } from './shutdown.ts';
export { openKafkaBus, openBucket, type ServiceOptions } from './pipeline-adapters.ts';
export { serveObservability, reportLag } from './observability.ts';
export { createCloserStack, type CloserStack } from './closer-stack.ts';
