import { randomUUID } from 'node:crypto';
import type { Bucket } from '@assay/bucket';
import type { ItemDiscovered } from '@assay/contract';
import { inspectItem } from './inspect-item.ts';
import { itemEvent } from './item-event.ts';
import { itemVersion } from './item-version.ts';
import { readItemFolder } from './list-folders.ts';

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
  const folder = await readItemFolder(bucket, itemKey);
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
