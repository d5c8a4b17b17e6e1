import { cardEntrySchema, type CardEntry } from '@assay/catalog';
import { AssayError } from '@assay/contract';
import type { CatalogRepository } from '@assay/db';
import { createCardsEngine, createCatalogCardRecognizer, type CardReferences, type CatalogCardRecognizerOptions } from '@assay/cards';
import type { LoadedEngine } from '../lazy-engine.ts';

/**
 * Builds the cards engine on a stored catalog version: its card entries and the recognizer
 * references computed at import. Returns the engine and a close function for the recognizer.
 */
export async function loadCardsEngine(
  repository: CatalogRepository,
  versionId: number,
  options: CatalogCardRecognizerOptions = {},
): Promise<LoadedEngine<'cards'>> {
  const references = (await repository.references(versionId, 'cards')) as CardReferences | null;
  if (!references) throw new AssayError('UNAVAILABLE', `catalog version ${versionId} has no card references; import it again`);
  const entries = new Map<string, CardEntry>();
  for (const { entryId, manifest } of await repository.entries(versionId, 'cards')) {
    entries.set(entryId, cardEntrySchema.parse(manifest));
  }
  const recognizer = createCatalogCardRecognizer(references, options);
  return { engine: createCardsEngine({ recognizer, entries, catalogVersionId: versionId }), close: () => recognizer.close() };
}
