import { itemDiscoveredSchema, type IngestIssue, type ItemDiscovered, type ItemJson } from '@assay/contract';
import type { ItemImage } from './inspect-item.ts';
import type { ItemFolder } from './item-folder.ts';

export interface ItemEventInput {
  folder: ItemFolder;
  version: string;
  images: ItemImage[];
  itemJson: ItemJson | null;
  issues: IngestIssue[];
  org: string;
  source: string;
  runId: string | null;
  eventId: string;
  discoveredAt: Date;
}

/**
 * The `item.discovered` event for one ready item version, validated against the contract so that
 * nothing malformed reaches the bus.
 * @throws ZodError if the input makes an invalid event (a bug, or an invalid `org` or `source`).
 */
export function itemEvent(input: ItemEventInput): ItemDiscovered {
  return itemDiscoveredSchema.parse({
    type: 'item.discovered',
    schema_version: 1,
    event_id: input.eventId,
    run_id: input.runId,
    org: input.org,
    item_key: input.folder.itemKey,
    category: input.folder.category,
    item_id: input.folder.itemId,
    version: input.version,
    source: input.source,
    images: input.images,
    item_json: input.itemJson,
    issues: input.issues,
    discovered_at: input.discoveredAt.toISOString(),
  } satisfies ItemDiscovered);
}
