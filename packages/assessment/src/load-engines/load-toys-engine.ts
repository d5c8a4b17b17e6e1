import { toyEntrySchema } from '@assay/catalog';
import type { CatalogRepository } from '@assay/db';
import { createCatalogToyRecognizer, createToysEngine, type CatalogToyRecognizerOptions, type ToyReferences } from '@assay/toys';
import type { LoadedEngine } from '../lazy-engine.ts';
import { storedEntries, storedReferences } from './stored-catalog.ts';

/**
 * Builds the toys engine on a stored catalog version: its toy entries and the references computed
 * at import. Returns the engine and a close function for the recognizer (its OCR worker).
 */
export async function loadToysEngine(
  repository: CatalogRepository,
  versionId: number,
  options: CatalogToyRecognizerOptions = {},
): Promise<LoadedEngine<'toys'>> {
  const references = await storedReferences<ToyReferences>(repository, versionId, 'toys');
  const entries = await storedEntries(repository, versionId, 'toys', toyEntrySchema);
  const recognizer = createCatalogToyRecognizer(references, options);
  return { engine: createToysEngine({ recognizer, entries, catalogVersionId: versionId }), close: () => recognizer.close() };
}
