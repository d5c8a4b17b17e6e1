import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Bus } from '@assay/bus';
import type { ItemDiscovered } from '@assay/contract';
import { createIngestRepository } from '@assay/db';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.ts';
import { createIngest, type IngestOptions } from './index.ts';
import { consume, jpeg, openBucket, openBus, peerSetups, recordingBus, unique } from './test-support/ingest-peers.ts';

const byKey = (events: ItemDiscovered[]) => Object.fromEntries(events.map((event) => [event.item_key, event]));

describe.each(peerSetups)('ingest with a $bucket bucket, $bus bus and $database', (setup) => {
  let database: TestDatabase;
  let sharedBus: Bus;
  beforeAll(async () => {
    [database, sharedBus] = await Promise.all([createTestDatabase(setup.database), openBus(setup.bus)]);
  });
  afterAll(async () => {
    await sharedBus?.close();
    await database?.drop();
  });

  /** A fresh bucket and topic for one test, and a factory of ingest instances over them. */
  async function arrange() {
    const test = await openBucket(setup.bucket);
    onTestFinished(async () => {
      await test.bucket.close();
      await test.cleanup();
    });
    const { bus, events } = recordingBus(sharedBus);
    const clock = { offsetMs: 0 };
    const topic = unique('items');
    const base: IngestOptions = {
      bucket: test.bucket,
      bus,
      repository: createIngestRepository(database.handle.db),
      topic,
      org: 'acme',
      source: setup.bucket === 's3' ? `s3://${test.where}/inbox` : test.where,
      now: () => new Date(Date.now() + clock.offsetMs),
    };
    // Each call is a new instance, as after a restart: nothing shared but the bucket and the database.
    const ingest = (options: Partial<IngestOptions> = {}) => createIngest({ ...base, repository: createIngestRepository(database.handle.db), ...options });
    const put = (files: Record<string, Buffer | string>) => Promise.all(Object.entries(files).map(([key, bytes]) => test.bucket.put(key, bytes)));
    return { ingest, put, events, clock, topic, source: base.source };
  }

  it('publishes each ready item once, images in file-name order, bad files as issues', async () => {
    const { ingest, put, events, topic, source } = await arrange();
    await put({
      'coins/c-1/b.jpg': jpeg(),
      'coins/c-1/a.jpg': jpeg(),
      'coins/c-1/item.json': JSON.stringify({ external_id: 'X-1', include: ['grade'] }),
      'cards/Karte 1/front..1.jpg': jpeg(),
      'cards/Karte 1/back side.jpg': jpeg(),
      'cards/Karte 1/item.json': '{"external_id": 5}',
      'toys/t-ü/photo.jpg': jpeg(),
      'toys/t-ü/notes.txt': 'not a photo',
      'toys/t-ü/empty.jpg': '',
      'toys/t-ü/item.json': '{}',
    });
    const first = await ingest().scanOnce();
    expect(first).toMatchObject({ itemsSeen: 3, itemsReady: 3, itemsPublished: 3, itemsSkipped: 0, issues: 3, passCompleted: true });

    const { 'coins/c-1': coin, 'cards/Karte 1': card, 'toys/t-ü': toy } = byKey(events);
    expect(coin).toMatchObject({ org: 'acme', source, run_id: null, category: 'coins', item_id: 'c-1', item_json: { external_id: 'X-1', include: ['grade'] }, issues: [] });
    expect(coin!.images.map((image) => image.key)).toEqual(['coins/c-1/a.jpg', 'coins/c-1/b.jpg']);
    expect(card!.images.map((image) => image.key)).toEqual(['cards/Karte 1/back side.jpg', 'cards/Karte 1/front..1.jpg']);
    expect(card).toMatchObject({ item_json: null, issues: [{ code: 'ITEM_JSON_INVALID', file: 'item.json' }] });
    expect(toy!.images.map((image) => image.key)).toEqual(['toys/t-ü/photo.jpg']);
    expect(toy!.issues.map(({ code, file }) => [code, file])).toEqual([
      ['FILE_EMPTY', 'empty.jpg'],
      ['FILE_NOT_IMAGE', 'notes.txt'],
    ]);

    expect(await ingest().scanOnce()).toMatchObject({ itemsSeen: 3, itemsPublished: 0, itemsSkipped: 3 });
    expect(events).toHaveLength(3);
    // What went through the real bus: one message per item, keyed by the item.
    const received = await consume(sharedBus, topic, 3);
    expect(received.map((message) => message.key).sort()).toEqual(['cards/Karte 1', 'coins/c-1', 'toys/t-ü']);
    for (const message of received) expect((JSON.parse(message.value.toString()) as ItemDiscovered).item_key).toBe(message.key);
  });

  it('publishes a folder without item.json once it has settled', async () => {
    const { ingest, put, events, clock } = await arrange();
    await put({ 'coins/s-1/a.jpg': jpeg() });
    expect(await ingest().scanOnce()).toMatchObject({ itemsSeen: 1, itemsSettling: 1, itemsPublished: 0 });
    clock.offsetMs = 31_000;
    expect(await ingest().scanOnce()).toMatchObject({ itemsSettling: 0, itemsPublished: 1 });
    expect(events.map((event) => event.item_key)).toEqual(['coins/s-1']);
  });

  it('publishes a new version when a file changes, or one is added below the keys already seen', async () => {
    const { ingest, put, events } = await arrange();
    const service = ingest();
    await put({ 'coins/c-1/b.jpg': jpeg(), 'coins/c-1/item.json': '{}', 'coins/c-2/a.jpg': jpeg(), 'coins/c-2/item.json': '{}' });
    expect(await service.scanOnce()).toMatchObject({ itemsPublished: 2 });
    await put({ 'coins/c-1/b.jpg': jpeg() });
    expect(await service.scanOnce()).toMatchObject({ itemsPublished: 1, itemsSkipped: 1 });
    await put({ 'coins/c-1/0.jpg': jpeg() });
    expect(await service.scanOnce()).toMatchObject({ itemsPublished: 1, itemsSkipped: 1 });
    expect(await service.scanOnce()).toMatchObject({ itemsPublished: 0, itemsSkipped: 2 });

    const versions = events.filter((event) => event.item_key === 'coins/c-1');
    expect(new Set(versions.map((event) => event.version)).size).toBe(3);
    expect(versions.at(-1)!.images.map((image) => image.key)).toEqual(['coins/c-1/0.jpg', 'coins/c-1/b.jpg']);
  });

  it('does not republish after a restart on the same database', async () => {
    const { ingest, put, events } = await arrange();
    await put({ 'toys/t-1/a.jpg': jpeg(), 'toys/t-1/item.json': '{}', 'toys/t-2/a.jpg': jpeg(), 'toys/t-2/item.json': '{}' });
    expect(await ingest().scanOnce()).toMatchObject({ itemsPublished: 2 });
    expect(await ingest().scanOnce()).toMatchObject({ itemsPublished: 0, itemsSkipped: 2 });
    expect(events).toHaveLength(2);
  });

  it('resumes an interrupted pass from its durable cursor', async () => {
    const { ingest, put } = await arrange();
    await put(Object.fromEntries(['a', 'b', 'c'].flatMap((item) => [[`coins/${item}/1.jpg`, jpeg()], [`coins/${item}/item.json`, '{}']])));
    // Three keys a page: the first page completes coins/a only; the signal stops the scan after it.
    const interrupted = await ingest({ pageSize: 3 }).scanOnce({ signal: AbortSignal.abort() });
    expect(interrupted).toMatchObject({ itemsSeen: 1, itemsPublished: 1, passCompleted: false });
    expect(await ingest({ pageSize: 3 }).scanOnce()).toMatchObject({ itemsSeen: 2, itemsPublished: 2, passCompleted: true });
    expect(await ingest({ pageSize: 3 }).scanOnce()).toMatchObject({ itemsSeen: 3, itemsPublished: 0, itemsSkipped: 3, passCompleted: true });
  });

  it('waits for beforePage before publishing each page', async () => {
    const { ingest, put, events } = await arrange();
    await put(Object.fromEntries(['a', 'b', 'c'].flatMap((item) => [[`coins/${item}/1.jpg`, jpeg()], [`coins/${item}/item.json`, '{}']])));
    // Three keys a page: coins/a, then coins/b and coins/c; each page waits until the test lets it go.
    const publishedBeforePage: number[] = [];
    let release = () => {};
    const scan = ingest({
      pageSize: 3,
      beforePage: () => {
        publishedBeforePage.push(events.length);
        return new Promise<void>((resolve) => (release = resolve));
      },
    }).scanOnce();
    for (let page = 1; page <= 2; page++) {
      await expect.poll(() => publishedBeforePage.length).toBe(page);
      expect(events).toHaveLength(page - 1);
      release();
    }
    expect(await scan).toMatchObject({ itemsPublished: 3, passCompleted: true });
    expect(publishedBeforePage).toEqual([0, 1]);
  });

  it('reports each folder outside the layout with what is wrong, logs it, and carries on', async () => {
    const { ingest, put, events } = await arrange();
    const warnings: { message: string; path?: string; problem?: string; files?: number }[] = [];
    await put({
      'readme.txt': 'x',
      'coins/loose.jpg': jpeg(),
      'stamps/s-1/a.jpg': jpeg(),
      'Cards/k-1/a.jpg': jpeg(),
      'Cards/k-2/a.jpg': jpeg(),
      'toy/t-1/a.jpg': jpeg(),
      'coins/c-1/sub/x.jpg': jpeg(),
      'coins/batch/c-2/a.jpg': jpeg(),
      'coins/c-1/a.jpg': jpeg(),
      'coins/c-1/item.json': '{}',
    });
    const scanner = ingest({ log: (level, message, context) => level === 'warn' && warnings.push({ message, ...context }) });
    const summary = await scanner.scanOnce();
    expect(summary).toMatchObject({ itemsSeen: 1, itemsPublished: 1, unknownCategoryKeys: 4, wrongDepthKeys: 4 });
    expect(events[0]!.images.map((image) => image.key)).toEqual(['coins/c-1/a.jpg']);
    const byPath = Object.fromEntries(summary.notItems.map((notItem) => [notItem.path, notItem]));
    expect(Object.keys(byPath).sort()).toEqual(['', 'Cards/', 'coins/', 'coins/batch/', 'coins/c-1/', 'stamps/', 'toy/']);
    expect(byPath['Cards/']).toMatchObject({ problem: 'unknown-category', files: 2 });
    expect(byPath['Cards/']!.message).toMatch(/rename it to cards\//);
    expect(byPath['toy/']!.message).toMatch(/rename it to toys\//);
    expect(byPath['stamps/']!.message).toMatch(/category folders are coins\/, cards\/ and toys\//);
    expect(byPath['']).toMatchObject({ problem: 'loose-files', files: 1, example: 'readme.txt' });
    expect(byPath['coins/']).toMatchObject({ problem: 'loose-files', files: 1 });
    expect(byPath['coins/c-1/']).toMatchObject({ problem: 'nested-folders', files: 1, example: 'coins/c-1/sub/x.jpg' });
    expect(byPath['coins/batch/']!.message).toMatch(/holds subfolders.*<coins\|cards\|toys>\/<item-id>\/<photos>/);
    expect(warnings.map((warning) => warning.path).sort()).toEqual(Object.keys(byPath).sort());

    // Scanned again, each folder is still reported, but logged again only once what is wrong with it changes.
    warnings.length = 0;
    await put({ 'Cards/k-3/a.jpg': jpeg() });
    const again = await scanner.scanOnce();
    expect(again.notItems.map((notItem) => notItem.path).sort()).toEqual(Object.keys(byPath).sort());
    expect(warnings).toEqual([expect.objectContaining({ path: 'Cards/', files: 3 })]);
  });

  it('watches until its signal aborts', async () => {
    const { ingest, put, events } = await arrange();
    const stop = new AbortController();
    const watching = ingest().watch({ intervalMs: 50, signal: stop.signal });
    await put({ 'cards/k-1/a.jpg': jpeg(), 'cards/k-1/item.json': '{}' });
    const deadline = Date.now() + 10_000;
    while (events.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort();
    await watching;
    expect(events.map((event) => event.item_key)).toEqual(['cards/k-1']);
  });
});
