import { categories, type Category } from '@assay/contract';

/** Where a listed key sits in the `<category>/<item_id>/<file>` layout. */
export type KeyPlace =
  | { kind: 'item-file'; category: Category; itemId: string; name: string }
  /** Not part of any item: reported, never assessed. */
  | { kind: 'stray'; reason: StrayReason };

export type StrayReason = 'unknown-category' | 'wrong-depth';

const isCategory = (segment: string): segment is Category => (categories as readonly string[]).includes(segment);

/**
 * Places a key relative to the watched location. Keys are valid bucket keys, so every segment is
 * non-empty. A file directly under a category or deeper inside an item (`coins/c1/sub/x.jpg`) is at
 * the wrong depth: taking nested files into the item would make its layout ambiguous.
 */
export function placeOf(key: string): KeyPlace {
  const [category = '', itemId = '', name = '', ...deeper] = key.split('/');
  if (itemId === '') return { kind: 'stray', reason: 'wrong-depth' };
  if (!isCategory(category)) return { kind: 'stray', reason: 'unknown-category' };
  if (name === '' || deeper.length > 0) return { kind: 'stray', reason: 'wrong-depth' };
  return { kind: 'item-file', category, itemId, name };
}
