import { AssayError, type Category } from '@assay/contract';
import type { CatalogRepository } from '@assay/db';

/** What each category's references are called in the error that asks for a new import. */
const referenceNoun = { cards: 'card', coins: 'coin', toys: 'toy' } as const satisfies Record<Category, string>;

/** The recognizer references stored with a catalog version for one category; UNAVAILABLE when the import made none. */
export async function storedReferences<References>(repository: CatalogRepository, versionId: number, category: Category): Promise<References> {
  const references = (await repository.references(versionId, category)) as References | null;
  if (!references) throw new AssayError('UNAVAILABLE', `catalog version ${versionId} has no ${referenceNoun[category]} references; import it again`);
  return references;
}

/** A catalog version's entries of one category by id, each parsed by that category's catalog schema. */
export async function storedEntries<Entry>(repository: CatalogRepository, versionId: number, category: Category, schema: { parse(manifest: unknown): Entry }): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  for (const { entryId, manifest } of await repository.entries(versionId, category)) entries.set(entryId, schema.parse(manifest));
  return entries;
}
