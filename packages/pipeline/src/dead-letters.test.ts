import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderBucket, type Bucket } from '@assay/bucket';
import { createMemoryBus, type Bus } from '@assay/bus';
import { itemDiscoveredSchema, type ItemDiscovered } from '@assay/contract';
import { createDlqReplaysRepository } from '@assay/db';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.ts';
import { listDeadLetters, replayDeadLetters } from './index.ts';

let database: TestDatabase;
let root: string;
let bucket: Bucket;
let bus: Bus;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
  root = await mkdtemp(join(tmpdir(), 'assay-dlq-'));
  bucket = createFolderBucket({ root });
  await bucket.put('cards/a/front.jpg', Buffer.from('a'));
  await bucket.put('cards/b/front.jpg', Buffer.from('b'));
  bus = createMemoryBus();
});
afterAll(async () => {
  await bus.close();
  await bucket.close();
  await database.drop();
  await rm(root, { recursive: true, force: true });
});

function discovered(itemId: string): ItemDiscovered {
  return {
    type: 'item.discovered',
    schema_version: 1,
    event_id: randomUUID(),
    run_id: null,
    org: 'acme',
    item_key: `cards/${itemId}`,
    category: 'cards',
    item_id: itemId,
    version: 'v1',
    source: root,
    images: [{ key: `cards/${itemId}/front.jpg`, etag: 'e', size: 1 }],
    item_json: null,
    issues: [],
    discovered_at: new Date().toISOString(),
  };
}

const letter = (reason: string, event: unknown, itemKey: string | null) => ({ key: itemKey ?? 'poison', value: JSON.stringify({ reason, message: `${reason} happened`, item_key: itemKey, event, outcome: null }) });

describe('dead letters', () => {
  it('lists letters by reason and replays each pending one once, one event per item', async () => {
    const topic = `dead-${randomUUID()}`;
    const items = `items-${randomUUID()}`;
    const [a1, a2, b, gone] = [discovered('a'), discovered('a'), discovered('b'), discovered('gone')];
    await bus.publish(topic, [
      letter('TIMEOUT', a1, 'cards/a'),
      letter('TIMEOUT', a1, 'cards/a'), // the same event dead-lettered twice (redelivery)
      letter('UNAVAILABLE', a2, 'cards/a'),
      letter('TIMEOUT', b, 'cards/b'),
      letter('TIMEOUT', gone, 'cards/gone'),
      letter('EVENT_INVALID', '{"type":"item.discovered","schema_version":99}', 'poison'),
      { key: 'x', value: 'not json at all' },
    ]);
    const replays = createDlqReplaysRepository(database.handle.db);
    const listing = await listDeadLetters({ bus, topic, replays });
    expect(listing).toMatchObject({ total: 7, by_reason: { TIMEOUT: 4, UNAVAILABLE: 1, EVENT_INVALID: 1, LETTER_INVALID: 1 } });
    expect(listing.letters.filter((l) => l.state === 'not_replayable')).toHaveLength(2);

    const published: ItemDiscovered[] = [];
    const sub = await bus.subscribe({ group: randomUUID(), topics: [items], handler: async (batch) => void published.push(...batch.messages.map((m) => itemDiscoveredSchema.parse(JSON.parse(m.value.toString())))) });
    const timeouts = await replayDeadLetters(await listDeadLetters({ bus, topic, replays, reason: 'TIMEOUT' }), { bus, topic: items, bucketFor: () => bucket, replays });
    expect(timeouts).toMatchObject({ letters: 4, replayed: 2, published: 2, already_replayed: 0, not_replayable: 0, missing: ['cards/gone'] });
    await expect.poll(() => published.length).toBe(2);
    expect(published.map((event) => event.item_key).sort()).toEqual(['cards/a', 'cards/b']);
    expect(published.every((event) => event.run_id === timeouts.run_id && ![a1.event_id, b.event_id].includes(event.event_id))).toBe(true);

    const rest = await replayDeadLetters(await listDeadLetters({ bus, topic, replays }), { bus, topic: items, bucketFor: () => bucket, replays });
    // a1's two copies and b were replayed; a2 (UNAVAILABLE) now; the gone item stays pending.
    expect(rest).toMatchObject({ letters: 7, replayed: 1, published: 1, already_replayed: 3, not_replayable: 2, missing: ['cards/gone'] });
    await expect.poll(() => published.length).toBe(3);
    const states = (await listDeadLetters({ bus, topic, replays })).letters.map((l) => `${l.item_key}:${l.state}`).sort();
    expect(states).toEqual(['cards/a:replayed', 'cards/a:replayed', 'cards/a:replayed', 'cards/b:replayed', 'cards/gone:pending', 'null:not_replayable', 'poison:not_replayable']);
    await sub.close();
  });

  it('replays nothing when the publish fails, so the letters stay pending', async () => {
    const topic = `dead-${randomUUID()}`;
    await bus.publish(topic, [letter('TIMEOUT', discovered('b'), 'cards/b')]);
    const replays = createDlqReplaysRepository(database.handle.db);
    const failing: Bus = { ...bus, publish: async () => Promise.reject(new Error('broker gone')) };
    await expect(replayDeadLetters(await listDeadLetters({ bus, topic, replays }), { bus: failing, topic: 'items', bucketFor: () => bucket, replays })).rejects.toThrow('broker gone');
    expect((await listDeadLetters({ bus, topic, replays })).letters.map((l) => l.state)).toEqual(['pending']);
  });
});
