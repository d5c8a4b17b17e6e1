import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '@assay/bus';
import { createIngestRepository } from '@assay/db';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.ts';
import { createIngest, followBucketEvents } from './index.ts';
import { minioBucketEvent } from './test-support/bucket-event.ts';
import { jpeg, openBucket, openBus, recordingBus, unique } from './test-support/ingest-peers.ts';

// The production pair: an S3 bucket on the S3 peer, its notifications on Kafka.
describe('ingest following bucket events (S3 bucket, Kafka)', () => {
  let database: TestDatabase;
  let bus: Bus;
  beforeAll(async () => {
    [database, bus] = await Promise.all([createTestDatabase('postgres'), openBus('kafka')]);
  });
  afterAll(async () => {
    await bus?.close();
    await database?.drop();
  });

  it('publishes the items events point at without waiting for a scan, settling ones once settled, each version once', async () => {
    const test = await openBucket('s3');
    const recording = recordingBus(bus);
    const source = `s3://${test.where}/inbox`;
    const ingest = createIngest({ bucket: test.bucket, bus: recording.bus, repository: createIngestRepository(database.handle.db), topic: unique('items'), org: 'acme', source, settleMs: 1500 });
    const eventsTopic = unique('bucket-events');
    const warnings: unknown[] = [];
    const following = await followBucketEvents({
      ingest,
      bus,
      topic: eventsTopic,
      group: unique('ingest'),
      source,
      log: (level, message, context) => level === 'warn' && warnings.push({ message, ...context }),
    });
    try {
      await test.bucket.put('coins/ev 1/a.jpg', jpeg());
      await test.bucket.put('coins/ev 1/item.json', '{}');
      await test.bucket.put('toys/ev-2/a.jpg', jpeg());
      const put = minioBucketEvent('s3:ObjectCreated:Put', test.where, ['inbox/coins/ev+1/a.jpg', 'inbox/coins/ev+1/item.json', 'inbox/toys/ev-2/a.jpg']);
      await bus.publish(eventsTopic, [{ key: 'k', value: 'not an event' }, { key: 'k', value: put }]);

      await expect.poll(() => recording.events.map((e) => e.item_key), { timeout: 15_000 }).toContain('coins/ev 1');
      // The toy has no item.json: it goes out once its folder has settled, on the recheck.
      await expect.poll(() => recording.events.map((e) => e.item_key).sort(), { timeout: 15_000 }).toEqual(['coins/ev 1', 'toys/ev-2']);
      expect(warnings).toEqual([expect.objectContaining({ message: 'message on the bucket events topic skipped' })]);

      // The same notification again (redelivered, or a second put of identical bytes): nothing new.
      await bus.publish(eventsTopic, [{ key: 'k', value: put }]);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(recording.events).toHaveLength(2);
      // And a full scan agrees: everything is published already.
      expect(await ingest.scanOnce()).toMatchObject({ itemsSeen: 2, itemsPublished: 0, itemsSkipped: 2 });
    } finally {
      await following.close();
      await test.bucket.close();
      await test.cleanup();
    }
  });

  it('refuses to follow events for a folder', async () => {
    const folder = await openBucket('folder');
    const ingest = createIngest({ bucket: folder.bucket, bus, repository: createIngestRepository(database.handle.db), topic: 'items', org: 'acme', source: folder.where });
    await expect(followBucketEvents({ ingest, bus, topic: 'events', group: 'g', source: folder.where })).rejects.toThrow(/s3:\/\/ source/);
    await folder.cleanup();
  });
});
