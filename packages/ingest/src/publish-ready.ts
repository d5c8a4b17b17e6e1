import type { ItemDiscovered } from '@assay/contract';
import type { IngestOptions } from './create-ingest.ts';
import { eventIdOf } from './event-id.ts';
import { inspectItem } from './inspect-item.ts';
import { itemEvent } from './item-event.ts';
import type { ItemFolder } from './item-folder.ts';
import { itemVersion } from './item-version.ts';
import { readinessOf } from './readiness.ts';
import type { ScanSummary } from './scan-summary.ts';

/** What publishing needs: the ingest's options with every default filled in. */
export type PublishContext = Required<Omit<IngestOptions, 'pageSize' | 'onPublished' | 'beforePage'>> & Pick<IngestOptions, 'onPublished'>;

const versionId = (itemKey: string, version: string) => JSON.stringify([itemKey, version]);

/**
 * Publishes one event per ready item version among `folders` that has not gone out before, then
 * records them, counting into `summary`.
 *
 * Publish first, record second: a version is recorded only once the bus has acknowledged it, so a
 * crash (or a failed record) in between republishes it on the next scan. Delivery is therefore at
 * least once, as on the bus itself: consumers deduplicate on (item_key, version), or on event_id,
 * which is derived from it and so the same in both copies.
 */
export async function publishReady(context: PublishContext, folders: readonly ItemFolder[], summary: ScanSummary): Promise<void> {
  const now = context.now();
  const ready: { folder: ItemFolder; version: string }[] = [];
  for (const folder of folders) {
    summary.itemsSeen++;
    const readiness = readinessOf(folder.files, now, context.settleMs);
    if (!readiness.ready) {
      summary.itemsSettling++;
      if (!summary.firstSettledAt || readiness.settlesAt < summary.firstSettledAt) summary.firstSettledAt = readiness.settlesAt;
    } else ready.push({ folder, version: itemVersion(folder.files) });
  }
  summary.itemsReady += ready.length;
  if (ready.length === 0) return;

  const published = await context.repository.publishedVersions(
    context.source,
    ready.map(({ folder }) => folder.itemKey),
  );
  const seen = new Set(published.map((row) => versionId(row.itemKey, row.version)));
  const events: ItemDiscovered[] = [];
  for (const { folder, version } of ready) {
    if (seen.has(versionId(folder.itemKey, version))) {
      summary.itemsSkipped++;
      continue;
    }
    const inspection = await inspectItem(context.bucket, folder);
    if (inspection.kind === 'changed') {
      summary.itemsChanged++;
      context.log('debug', 'item changed while read; its new version is for the next scan', { item_key: folder.itemKey, file: inspection.file });
      continue;
    }
    const { images, itemJson, issues } = inspection;
    const { org, source, runId } = context;
    const eventId = eventIdOf(source, folder.itemKey, version);
    events.push(itemEvent({ folder, version, images, itemJson, issues, org, source, runId, eventId, discoveredAt: now }));
  }
  if (events.length === 0) return;

  await context.bus.publish(
    context.topic,
    events.map((event) => ({ key: event.item_key, value: JSON.stringify(event) })),
  );
  await context.repository.recordPublished(
    context.source,
    events.map((event) => ({ itemKey: event.item_key, version: event.version, eventId: event.event_id, publishedAt: now })),
  );
  summary.itemsPublished += events.length;
  summary.issues += events.reduce((sum, event) => sum + event.issues.length, 0);
  for (const event of events) {
    context.log('info', 'item published', { item_key: event.item_key, version: event.version, event_id: event.event_id, images: event.images.length, issues: event.issues.length });
  }
  context.onPublished?.(events);
}
