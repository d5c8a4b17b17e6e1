import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { compareKeys, isValidKey } from '../object-key.ts';

export interface WalkOptions {
  prefix: string;
  startAfter: string;
}

/** Files the folder bucket writes before renaming them into place; never objects. */
export const tempFilePrefix = '.assay-put-';

/**
 * Yields the keys of the regular files under `root` that match, in S3 order, reading only the
 * folders that can hold such keys. Symbolic links are not followed: a link could lead out of the
 * root, and what S3 would list has no links anyway.
 *
 * Depth-first order is key order when a folder's entries are sorted by their key segment with a
 * trailing "/" for folders: every key under `a/` sorts after `a/` and before any other entry that
 * follows it, since no entry name contains "/".
 */
export async function* walkKeys(root: string, options: WalkOptions, folder = ''): AsyncGenerator<string> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(root, folder), { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (folder !== '' && (code === 'ENOENT' || code === 'ENOTDIR')) return; // removed while we walked
    throw error;
  }
  const items = entries.flatMap((entry) => {
    if (entry.isDirectory()) return [{ key: `${folder}${entry.name}/`, isFolder: true }];
    if (entry.isFile() && !entry.name.startsWith(tempFilePrefix)) return [{ key: `${folder}${entry.name}`, isFolder: false }];
    return [];
  });
  items.sort((a, b) => compareKeys(a.key, b.key));
  for (const { key, isFolder } of items) {
    if (isFolder) {
      if (mayHoldMatches(key, options)) yield* walkKeys(root, options, key);
    } else if (key.startsWith(options.prefix) && compareKeys(key, options.startAfter) > 0 && isValidKey(key)) {
      yield key;
    }
  }
}

/** Whether some key starting with `folder` (which ends in "/") can pass the prefix and the cursor. */
function mayHoldMatches(folder: string, { prefix, startAfter }: WalkOptions): boolean {
  if (!folder.startsWith(prefix) && !prefix.startsWith(folder)) return false;
  // A cursor past `folder` that does not start with it is past every key in it as well.
  return compareKeys(startAfter, folder) < 0 || startAfter.startsWith(folder);
}
