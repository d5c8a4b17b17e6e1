import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolderBucket, type Bucket } from '@assay/bucket';
import { createMemoryBus, type Bus } from '@assay/bus';
import { AssayError, itemOutcomeSchema, type ItemDiscovered, type ItemOutcome } from '@assay/contract';
import { createAccountsRepository } from '@assay/db';
import { createTestApi, type TestApi } from '../../../test/support/api.ts';
import { generatedCardPhoto } from '../../../test/support/card-photos.ts';
import type { DeadLetter } from '@assay/contract';
import { createAssessor, createInProcessGateway } from './index.ts';

let api: TestApi;
let bus: Bus;
let bucket: Bucket;
let root: string;
const topics = { items: 'items', outcomes: 'outcomes', deadLetters: 'dead-letters' };

beforeAll(async () => {
  api = await createTestApi({ cards: true, database: 'pglite' });
  await api.accounts.createKey('marketplace', ['cards.identity', 'cards.grade']);
  root = await mkdtemp(join(tmpdir(), 'assay-assessor-'));
  bucket = createFolderBucket({ root });
  bus = createMemoryBus();
  const front = await generatedCardPhoto({ entryId: 'starfall-legends-quasar-monk-047', face: 'front', seed: 1301 });
  const back = await generatedCardPhoto({ entryId: 'starfall-legends-quasar-monk-047', face: 'back', seed: 1301 });
  await bucket.put('cards/item-1/1-front.jpg', front.jpeg);
  await bucket.put('cards/item-1/2-back.jpg', back.jpeg);
  await bucket.put('cards/item-2/front.jpg', front.jpeg.subarray(0, 2000));
  await bucket.put('cards/item-3/front.jpg', front.jpeg);
  await bucket.put('cards/item-3/broken.jpg', front.jpeg.subarray(0, 2000));
});
afterAll(async () => {
  await bus.close();
  await api.close();
  await rm(root, { recursive: true, force: true });
});

function discovered(itemId: string, files: string[], overrides: Partial<ItemDiscovered> = {}): ItemDiscovered {
  return {
    type: 'item.discovered',
    schema_version: 1,
    event_id: randomUUID(),
    run_id: 'run-1',
    org: 'marketplace',
    item_key: `cards/${itemId}`,
    category: 'cards',
    item_id: itemId,
    version: `v-${itemId}`,
    source: root,
    images: files.map((file) => ({ key: `cards/${itemId}/${file}`, etag: 'x', size: 1 })),
    item_json: { external_id: `listing-${itemId}` },
    issues: [],
    discovered_at: new Date().toISOString(),
    ...overrides,
  };
}

async function collect<T>(topic: string, count: number, parse: (raw: unknown) => T): Promise<T[]> {
  const seen: T[] = [];
  return new Promise<T[]>((resolve) => {
    void bus.subscribe({
      group: `collect-${topic}-${randomUUID()}`,
      topics: [topic],
      handler: async (batch) => {
        for (const message of batch.messages) seen.push(parse(JSON.parse(message.value.toString('utf8'))));
        if (seen.length >= count) resolve(seen);
      },
    });
  });
}

describe('the assessor', () => {
  it('takes each discovered item to exactly one outcome, sets poison aside, and keeps going', async () => {
    const gateway = createInProcessGateway({
      uploads: api.uploads,
      assessments: api.assessments,
      accounts: createAccountsRepository(api.database.handle.db),
    });
    const seen = { inFlight: 0, peakInFlight: 0, stages: [] as string[], deadLettered: [] as string[] };
    const monitor = {
      inFlight: (delta: 1 | -1) => {
        seen.inFlight += delta;
        seen.peakInFlight = Math.max(seen.peakInFlight, seen.inFlight);
      },
      stage: (stage: string) => void seen.stages.push(stage),
      deadLettered: (letter: DeadLetter) => void seen.deadLettered.push(letter.reason),
    };
    const assessor = createAssessor({ bus, topics, group: 'assessors', gateway, bucketFor: () => bucket, concurrency: 4, monitor });
    const subscription = await assessor.start();
    const outcomes = collect(topics.outcomes, 5, (raw) => itemOutcomeSchema.parse(raw));
    const dead = collect(topics.deadLetters, 2, (raw) => raw as DeadLetter);

    await bus.publish(topics.items, [
      { key: 'cards/item-1', value: JSON.stringify(discovered('item-1', ['1-front.jpg', '2-back.jpg'])) },
      { key: 'cards/item-2', value: JSON.stringify(discovered('item-2', ['front.jpg'])) },
      { key: 'poison', value: '{"type":"item.discovered","schema_version":99}' },
      { key: 'cards/item-3', value: JSON.stringify(discovered('item-3', ['broken.jpg', 'front.jpg'])) },
      { key: 'cards/item-4', value: JSON.stringify(discovered('item-4', [], { issues: [{ code: 'FILE_NOT_IMAGE', message: 'notes.txt is not an image', file: 'notes.txt' }] })) },
      { key: 'cards/item-5', value: JSON.stringify(discovered('item-5', ['front.jpg'], { org: 'nobody', item_key: 'cards/item-5', source: root, images: [{ key: 'cards/item-3/front.jpg', etag: 'x', size: 1 }] })) },
    ]);

    const byItem = new Map((await outcomes).map((o: ItemOutcome) => [o.item_id, o]));
    expect(byItem.get('item-1')).toMatchObject({ outcome: 'assessed', external_id: 'listing-item-1', error: null });
    expect((byItem.get('item-1')!.assessment as { assessment_id: string }).assessment_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(byItem.get('item-2')).toMatchObject({ outcome: 'rejected', error: { code: 'ITEM_NO_USABLE_IMAGES' } });
    expect(byItem.get('item-2')!.issues).toContainEqual(expect.objectContaining({ code: 'FILE_REJECTED', file: 'front.jpg' }));
    expect(byItem.get('item-3')).toMatchObject({ outcome: 'assessed' });
    expect(byItem.get('item-3')!.issues).toContainEqual(expect.objectContaining({ code: 'FILE_REJECTED', file: 'broken.jpg' }));
    expect(byItem.get('item-4')).toMatchObject({ outcome: 'rejected', issues: [expect.objectContaining({ code: 'FILE_NOT_IMAGE' })] });
    expect(byItem.get('item-5')).toMatchObject({ outcome: 'failed', error: { code: 'OPERATION_NOT_ENABLED' } });

    const letters = await dead;
    expect(letters.map((l) => l.reason).sort()).toEqual(['EVENT_INVALID', 'OPERATION_NOT_ENABLED']);
    expect(letters.find((l) => l.reason === 'OPERATION_NOT_ENABLED')).toMatchObject({ item_key: 'cards/item-5', outcome: { outcome: 'failed' } });
    // What metrics count: every item left the in-flight count, each stage timed, each letter reported.
    await expect.poll(() => seen.inFlight).toBe(0);
    expect(seen.peakInFlight).toBeGreaterThan(0);
    expect(seen.deadLettered.sort()).toEqual(['EVENT_INVALID', 'OPERATION_NOT_ENABLED']);
    expect(seen.stages.filter((stage) => stage === 'read_upload')).toHaveLength(5);
    expect(seen.stages.filter((stage) => stage === 'assess').length).toBeGreaterThanOrEqual(2);
    await subscription.close();
  });

  it('keeps at most `concurrency` assessments in flight while the next items upload meanwhile', async () => {
    const inFlight = { upload: 0, assess: 0 };
    const peak = { upload: 0, assess: 0, items: 0 };
    const enter = (stage: 'upload' | 'assess') => {
      inFlight[stage]++;
      peak[stage] = Math.max(peak[stage], inFlight[stage]);
      peak.items = Math.max(peak.items, inFlight.upload + inFlight.assess);
    };
    const gateway = {
      upload: async () => {
        enter('upload');
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight.upload--;
        return `img_${randomUUID()}`;
      },
      assess: async () => {
        enter('assess');
        await new Promise((resolve) => setTimeout(resolve, 40));
        inFlight.assess--;
        return { assessment_id: randomUUID(), issues: [] };
      },
    };
    const assessor = createAssessor({ bus, topics: { ...topics, items: 'staged-items', outcomes: 'staged-outcomes' }, group: 'staged', gateway, bucketFor: () => bucket, concurrency: 2 });
    const subscription = await assessor.start();
    const outcomes = collect('staged-outcomes', 8, (raw) => itemOutcomeSchema.parse(raw));
    await bus.publish(
      'staged-items',
      Array.from({ length: 8 }, (_, i) => ({ key: `cards/staged-${i}`, value: JSON.stringify(discovered(`staged-${i}`, ['1-front.jpg'], { images: [{ key: 'cards/item-1/1-front.jpg', etag: 'x', size: 1 }] })) })),
    );
    expect((await outcomes).map((o) => o.outcome)).toEqual(Array(8).fill('assessed'));
    expect(peak.assess).toBe(2);
    expect(peak.upload).toBeLessThanOrEqual(2);
    // More items in hand than assessment slots: uploads ran beside full assessment slots.
    expect(peak.items).toBeGreaterThan(2);
    await subscription.close();
  });

  it('hands unfinished items back when it stops, and the next member finishes each once', async () => {
    const handback = { ...topics, items: 'handback-items', outcomes: 'handback-outcomes', deadLetters: 'handback-dead' };
    let attempts = 0;
    const down = {
      upload: async () => `img_${randomUUID()}`,
      assess: async (): Promise<Record<string, unknown>> => {
        attempts++;
        throw new AssayError('UNAVAILABLE', 'the service is down', { retryable: true });
      },
    };
    const up = { upload: down.upload, assess: async () => ({ assessment_id: randomUUID(), issues: [] }) };
    const seen: ItemOutcome[] = [];
    const letters: unknown[] = [];
    await bus.subscribe({ group: 'handback-watch', topics: [handback.outcomes], handler: async (batch) => void seen.push(...batch.messages.map((m) => itemOutcomeSchema.parse(JSON.parse(m.value.toString())))) });
    await bus.subscribe({ group: 'handback-dlq', topics: [handback.deadLetters], handler: async (batch) => void letters.push(...batch.messages) });
    const retry = { attempts: 50, baseDelayMs: 50, maxDelayMs: 100 };
    const stopping = await createAssessor({ bus, topics: handback, group: 'handback', gateway: down, bucketFor: () => bucket, concurrency: 2, retry }).start();
    await bus.publish(
      handback.items,
      ['a', 'b', 'c'].map((id) => ({ key: `cards/handback-${id}`, value: JSON.stringify(discovered(`handback-${id}`, ['1-front.jpg'], { images: [{ key: 'cards/item-1/1-front.jpg', etag: 'x', size: 1 }] })) })),
    );
    await expect.poll(() => attempts, { timeout: 5000 }).toBeGreaterThanOrEqual(4);
    await stopping.close();
    // Still retrying when told to stop: no outcome and no dead letter, the items go back.
    expect(seen).toEqual([]);

    const next = await createAssessor({ bus, topics: handback, group: 'handback', gateway: up, bucketFor: () => bucket, concurrency: 2, retry }).start();
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.map((o) => [o.item_id, o.outcome]).sort()).toEqual([['handback-a', 'assessed'], ['handback-b', 'assessed'], ['handback-c', 'assessed']]);
    expect(letters).toEqual([]);
    await next.close();
  });
});
