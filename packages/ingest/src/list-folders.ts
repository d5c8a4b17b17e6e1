import type { Bucket } from '@assay/bucket';
import type { ItemFolder } from './item-folder.ts';
import { placeOf, type StrayReason } from './key-place.ts';

export interface StrayKey {
  key: string;
  reason: StrayReason;
}

/** What one listed page completed. */
export interface FolderPage {
  /** Item folders known complete: the listing has moved past them. */
  folders: ItemFolder[];
  strays: StrayKey[];
  /**
   * Where a pass interrupted after this page resumes without losing anything: the last key before
   * the folder still open at the page's end (null: the start). Undefined once the listing is done.
   */
  resumeAfter: string | null | undefined;
}

export interface ListFoldersOptions {
  startAfter: string | null;
  pageSize?: number;
}

/**
 * Lists the watched location from `startAfter` to its end, one bucket page at a time, and groups
 * the keys into item folders. All keys of a folder share its prefix, so they come out contiguous in
 * key order, and a folder is complete once a key of another item follows. Stray keys nested inside
 * a folder (`coins/c1/sub/x.jpg`) do not end it.
 */
export async function* listFolders(bucket: Bucket, options: ListFoldersOptions): AsyncGenerator<FolderPage> {
  let open: ItemFolder | undefined;
  let previousKey = options.startAfter;
  let beforeOpen = options.startAfter;
  let startAfter = options.startAfter ?? undefined;
  for (;;) {
    const page = await bucket.list({ startAfter, pageSize: options.pageSize });
    const folders: ItemFolder[] = [];
    const strays: StrayKey[] = [];
    for (const { key, size, etag, lastModified } of page.objects) {
      const place = placeOf(key);
      if (place.kind === 'stray') {
        strays.push({ key, reason: place.reason });
      } else {
        const itemKey = `${place.category}/${place.itemId}`;
        if (open?.itemKey !== itemKey) {
          if (open) folders.push(open);
          open = { category: place.category, itemId: place.itemId, itemKey, files: [] };
          beforeOpen = previousKey;
        }
        open.files.push({ name: place.name, key, size, etag, lastModified });
      }
      previousKey = key;
    }
    startAfter = page.nextStartAfter;
    if (startAfter === undefined) {
      if (open) folders.push(open);
      yield { folders, strays, resumeAfter: undefined };
      return;
    }
    yield { folders, strays, resumeAfter: open ? beforeOpen : previousKey };
  }
}

/** One item folder as it is now, listed by its prefix; null when it holds no item file (gone). */
export async function readItemFolder(bucket: Bucket, itemKey: string): Promise<ItemFolder | null> {
  let folder: ItemFolder | null = null;
  let startAfter: string | undefined;
  do {
    const page = await bucket.list({ prefix: `${itemKey}/`, startAfter });
    for (const { key, size, etag, lastModified } of page.objects) {
      const place = placeOf(key);
      if (place.kind !== 'item-file') continue;
      folder ??= { category: place.category, itemId: place.itemId, itemKey, files: [] };
      folder.files.push({ name: place.name, key, size, etag, lastModified });
    }
    startAfter = page.nextStartAfter;
  } while (startAfter !== undefined);
  return folder;
}
