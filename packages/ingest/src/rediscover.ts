import { randomUUID } from 'node:crypto';
import type { Bucket } from '@assay/bucket';
import type { ItemDiscovered } from '@assay/contract';
import { inspectItem } from './inspect-item.ts';
import { itemEvent } from './item-event.ts';
import type { ItemFolder } from './item-folder.ts';
import { itemVersion } from './item-version.ts';
import { placeOf } from './key-place.ts';

export interface RediscoverOptions {
  org: string;
  source: string;
  runId: string;
  now?: () => Date;
}

/**
 * A fresh `item.discovered` event for an item already assessed (reprocessing): the folder as it is
 * now, under a new event id, so the pipeline assesses it again and keeps the earlier outcome as
 * history. Null when the folder is gone or changes while it is read.
 */
export async function rediscoverItem(bucket: Bucket, itemKey: string, options: RediscoverOptions): Promise<ItemDiscovered | null> {
  const folder: ItemFolder | null = await readFolder(bucket, itemKey);
  if (!folder) return null;
  const inspection = await inspectItem(bucket, folder);
  if (inspection.kind === 'changed') return null;
  return itemEvent({
    folder,
    version: itemVersion(folder.files),
    images: inspection.images,
    itemJson: inspection.itemJson,
    issues: inspection.issues,
    org: options.org,
    source: options.source,
    runId: options.runId,
    eventId: randomUUID(),
    discoveredAt: (options.now ?? (() => new Date()))(),
  });
}

async function readFolder(bucket: Bucket, itemKey: string): Promise<ItemFolder | null> {
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
