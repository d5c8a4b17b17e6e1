import { createHash } from 'node:crypto';
import { compareNames, type ItemFile } from './item-folder.ts';

/**
 * The version of an item: a digest of its folder's (file name, ETag) list in file-name order. Any
 * added, removed, renamed or rewritten file (new ETag) makes a new version; listing the same
 * content again, from either bucket adapter, gives the same one. Sizes and times are left out: the
 * ETag already changes with the content, and times change without it.
 *
 * 128 bits of SHA-256, hex: collisions are out of reach and the value stays short in keys and logs.
 */
export function itemVersion(files: readonly Pick<ItemFile, 'name' | 'etag'>[]): string {
  const pairs = files.map((file): [string, string] => [file.name, file.etag]).sort(([a], [b]) => compareNames(a, b));
  // JSON keeps names unambiguous whatever characters they hold, unlike a separator would.
  return createHash('sha256').update(JSON.stringify(pairs)).digest('hex').slice(0, 32);
}
