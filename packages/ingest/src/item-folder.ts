import type { Category } from '@assay/contract';

/** One object directly inside an item folder. */
export interface ItemFile {
  /** File name within the folder (the key's last segment). */
  name: string;
  /** Full key, relative to the watched location. */
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

/** The objects of `<category>/<item_id>/` as one listing saw them. */
export interface ItemFolder {
  category: Category;
  itemId: string;
  /** `<category>/<item_id>`: the event key. */
  itemKey: string;
  /** In file-name order (see `compareNames`). */
  files: ItemFile[];
}

/** The name of the optional per-item metadata file; its arrival also marks the item ready. */
export const itemJsonName = 'item.json';

/**
 * File-name order: the names' UTF-8 bytes, as S3 lists keys. JavaScript's default string order
 * compares UTF-16 units, which puts some non-ASCII names elsewhere, and locale order varies by host.
 */
export function compareNames(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
