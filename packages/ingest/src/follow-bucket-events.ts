import { parseBucketUrl } from '@assay/bucket';
import type { Bus, Subscription } from '@assay/bus';
import { BucketEventInvalidError, itemKeysOfBucketEvent } from './bucket-events.ts';
import type { Ingest } from './create-ingest.ts';
import { silentLogger, type IngestLogger } from './logger.ts';

export interface FollowBucketEventsOptions {
  ingest: Ingest;
  bus: Bus;
  /** Where the bucket's notifications arrive (MinIO's Kafka target, or a bridge from AWS). */
  topic: string;
  group: string;
  /** The watched `s3://bucket/prefix`: events of other buckets and prefixes are not ours. */
  source: string;
  log?: IngestLogger;
}

/** Slack after a folder's settle time before it is looked at again, for clocks and rounding. */
const settleSlackMs = 250;

/**
 * Reacts to bucket event notifications: each batch's item folders are looked at at once, rather
 * than at the next full scan; folders still settling are looked at again when they may be ready.
 * The periodic scan stays on as the safety net (notifications can be lost, or arrive before the
 * listing shows the object), so this only makes ingest faster, never the only way in. Messages that
 * are not S3 events are logged and skipped: they can never become one.
 * @throws RangeError when `source` is not an `s3://` location.
 */
export async function followBucketEvents(options: FollowBucketEventsOptions): Promise<Pick<Subscription, 'assignment' | 'close'>> {
  const location = parseBucketUrl(options.source);
  if (location.kind !== 's3') throw new RangeError(`bucket events need an s3:// source, not ${JSON.stringify(options.source)}`);
  const watched = { bucket: location.bucket, prefix: location.prefix ?? '' };
  const log = options.log ?? silentLogger;
  const rechecks = new Map<string, NodeJS.Timeout>();
  let closed = false;

  async function look(itemKeys: string[]): Promise<void> {
    const result = await options.ingest.scanItems(itemKeys);
    log('debug', 'bucket event handled', { itemKeys: itemKeys.length, published: result.itemsPublished, settling: result.settling.length });
    for (const { itemKey, settlesAt } of result.settling) {
      if (closed) return;
      clearTimeout(rechecks.get(itemKey));
      const timer = setTimeout(() => {
        rechecks.delete(itemKey);
        // A failed look is not lost: the periodic scan publishes the folder when it is ready.
        look([itemKey]).catch((error: unknown) => log('warn', 'recheck of a settling item failed; the next scan will see it', { item_key: itemKey, error }));
      }, Math.max(0, settlesAt.getTime() - Date.now()) + settleSlackMs);
      timer.unref();
      rechecks.set(itemKey, timer);
    }
  }

  const subscription = await options.bus.subscribe({
    group: options.group,
    topics: [options.topic],
    handler: async (batch) => {
      const itemKeys = new Set<string>();
      for (const message of batch.messages) {
        try {
          for (const itemKey of itemKeysOfBucketEvent(message.value.toString('utf8'), watched)) itemKeys.add(itemKey);
        } catch (error) {
          if (!(error instanceof BucketEventInvalidError)) throw error;
          log('warn', 'message on the bucket events topic skipped', { topic: batch.topic, partition: batch.partition, offset: message.offset, reason: error.message });
        }
      }
      if (itemKeys.size > 0) await look([...itemKeys]);
    },
  });
  return {
    assignment: () => subscription.assignment(),
    async close() {
      closed = true;
      for (const timer of rechecks.values()) clearTimeout(timer);
      rechecks.clear();
      await subscription.close();
    },
  };
}
