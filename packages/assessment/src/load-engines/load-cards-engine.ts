import { cardEntrySchema } from '@assay/catalog';
import type { CatalogRepository } from '@assay/db';
import { createCardsEngine, createCatalogCardRecognizer, type CardReferences, type CatalogCardRecognizerOptions } from '@assay/cards';
import type { LoadedEngine } from '../lazy-engine.ts';
import { storedEntries, storedReferences } from './stored-catalog.ts';

/**
 * Builds the cards engine on a stored catalog version: its card entries and the recognizer
 * references computed at import. Returns the engine and a close function for the recognizer.
 */
export async function loadCardsEngine(
  repository: CatalogRepository,
  versionId: number,
  options: CatalogCardRecognizerOptions = {},
): Promise<LoadedEngine<'cards'>> {
  const references = await storedReferences<CardReferences>(repository, versionId, 'cards');
  const entries = await storedEntries(repository, versionId, 'cards', cardEntrySchema);
  const recognizer = createCatalogCardRecognizer(references, options);
  return { engine: createCardsEngine({ recognizer, entries, catalogVersionId: versionId }), close: () => recognizer.close() };
}
