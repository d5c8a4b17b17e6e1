import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createAssessor, type AssessmentGateway } from '@assay/assessor';
import { createFolderBucket } from '@assay/bucket';
import { createKafkaBus, type Bus, type Subscription } from '@assay/bus';
import type { ItemDiscovered } from '@assay/contract';

/*
 * Two assessor instances in one consumer group, each with its own Kafka connection, share the
 * items topic's partitions: together they answer every item exactly once. The gateway is a
 * stand-in answering at once, since what is tested here is the group, not the engine.
 */
let root: string;
const buses: Bus[] = [];
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'assay-share-'));
  await createFolderBucket({ root }).put('cards/item/photo.jpg', Buffer.from('photo'));
});
afterAll(async () => {
  for (const bus of buses) await bus.close();
  await rm(root, { recursive: true, force: true });
});

const instantGateway: AssessmentGateway = {
  upload: async () => 'img_ref',
  assess: async () => ({ assessment_id: randomUUID(), issues: [] }),
};

describe('two assessors in one group', () => {
  it('share the partitions and answer every item once', async () => {
    const brokers = inject('kafkaBrokers').split(',');
    const suffix = randomBytes(4).toString('hex');
    const topics = { items: `share-items-${suffix}`, outcomes: `share-outcomes-${suffix}`, deadLetters: `share-dead-${suffix}` };
    const bucket = createFolderBucket({ root });
    const seen = [new Map<string, number>(), new Map<string, number>()];
    const subscriptions: Subscription[] = [];
    for (const [i, counts] of seen.entries()) {
      const bus = createKafkaBus({ brokers, clientId: `assessor-${i}`, sessionTimeoutMs: 6000 });
      buses.push(bus);
      const assessor = createAssessor({
        bus,
        topics,
        group: `share-${suffix}`,
        gateway: instantGateway,
        bucketFor: () => bucket,
        concurrency: 8,
        onOutcome: (outcome) => counts.set(outcome.item_key, (counts.get(outcome.item_key) ?? 0) + 1),
      });
      subscriptions.push(await assessor.start());
    }
    // Both members are in the group before any item is published, so both get partitions.
    await expect.poll(() => subscriptions.every((s) => s.assignment().length > 0), { timeout: 30_000 }).toBe(true);

    const producer = createKafkaBus({ brokers, clientId: 'producer' });
    buses.push(producer);
    const items = Array.from({ length: 60 }, (_, n): ItemDiscovered => ({
      type: 'item.discovered', schema_version: 1, event_id: randomUUID(), run_id: null, org: 'acme',
      item_key: `cards/item-${n}`, category: 'cards', item_id: `item-${n}`, version: 'v1', source: root,
      images: [{ key: 'cards/item/photo.jpg', etag: 'e', size: 5 }], item_json: null, issues: [], discovered_at: new Date().toISOString(),
    }));
    await producer.publish(topics.items, items.map((item) => ({ key: item.item_key, value: JSON.stringify(item) })));

    await expect.poll(() => seen[0]!.size + seen[1]!.size, { timeout: 30_000 }).toBe(60);
    const both = [...seen[0]!.keys()].filter((key) => seen[1]!.has(key));
    expect(both).toEqual([]);
    expect(seen[0]!.size).toBeGreaterThan(0);
    expect(seen[1]!.size).toBeGreaterThan(0);
    expect([...seen[0]!.values(), ...seen[1]!.values()].every((n) => n === 1)).toBe(true);
    for (const subscription of subscriptions) await subscription.close();
  }, 90_000);
});
