import { toyEntrySchema, type ToyEntry } from '@assay/catalog';
import { AssayError } from '@assay/contract';
import type { CatalogRepository } from '@assay/db';
import { createCatalogToyRecognizer, createToysEngine, type CatalogToyRecognizerOptions, type ToyReferences } from '@assay/toys';
import type { LoadedEngine } from '../lazy-engine.ts';

/**
 * Builds the toys engine on a stored catalog version: its toy entries and the references computed
 * at import. Returns the engine and a close function for the recognizer (its OCR worker).
 */
export async function loadToysEngine(
  repository: CatalogRepository,
  versionId: number,
  options: CatalogToyRecognizerOptions = {},
): Promise<LoadedEngine<'toys'>> {
  const references = (await repository.references(versionId, 'toys')) as ToyReferences | null;
  if (!references) throw new AssayError('UNAVAILABLE', `catalog version ${versionId} has no toy references; import it again`);
  const entries = new Map<string, ToyEntry>();
  for (const { entryId, manifest } of await repository.entries(versionId, 'toys')) {
    entries.set(entryId, toyEntrySchema.parse(manifest));
  }
  const recognizer = createCatalogToyRecognizer(references, options);
  return { engine: createToysEngine({ recognizer, entries, catalogVersionId: versionId }), close: () => recognizer.close() };
}
