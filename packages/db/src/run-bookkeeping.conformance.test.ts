import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestRepository, createPipelineRepository, openDatabase } from './index.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/support/databases.ts';

// What `assay run` keeps to finish an interrupted run, on both adapters.
describe.each(databaseKinds)('run bookkeeping on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('forgets the published versions of one location that have no outcome, and only those', async () => {
    const ingest = createIngestRepository(database.handle.db);
    const publishedAt = new Date();
    const finished = { itemKey: 'cards/a', version: 'v1', eventId: randomUUID(), publishedAt };
    const unfinished = { itemKey: 'cards/b', version: 'v1', eventId: randomUUID(), publishedAt };
    const elsewhere = { itemKey: 'cards/c', version: 'v1', eventId: randomUUID(), publishedAt };
    await ingest.recordPublished('file:///inbox', [finished, unfinished]);
    await ingest.recordPublished('file:///other', [elsewhere]);
    await createPipelineRepository(database.handle.db).recordOutcomes([
      {
        sourceEventId: finished.eventId,
        org: 'local',
        itemKey: 'cards/a',
        category: 'cards',
        itemId: 'a',
        version: 'v1',
        source: 'file:///inbox',
        runId: 'r1',
        externalId: null,
        outcome: 'rejected',
        assessment: null,
        error: { code: 'ITEM_NO_USABLE_IMAGES', message: 'nothing usable' },
        attempts: 1,
        completedAt: publishedAt,
        issues: [],
      },
    ]);
    expect(await ingest.forgetUnfinished('file:///inbox')).toBe(1);
    expect((await ingest.publishedVersions('file:///inbox', ['cards/a', 'cards/b'])).map((v) => v.itemKey)).toEqual(['cards/a']);
    expect(await ingest.countPublished('file:///other')).toBe(1);
    expect(await ingest.forgetUnfinished('file:///inbox')).toBe(0);
  });

  it('replaces what a location holds outside the item layout, and lists it by run', async () => {
    const ingest = createIngestRepository(database.handle.db);
    const seenAt = new Date();
    const notItem = { path: 'Cards/', problem: 'unknown-category', files: 2, example: 'Cards/x/1.jpg', message: 'rename it', runId: 'r1', seenAt };
    await ingest.replaceNotItems('file:///layout', [notItem, { ...notItem, path: 'cards/', problem: 'loose-files', files: 1 }]);
    await ingest.replaceNotItems('file:///layout', [{ ...notItem, runId: 'r2' }]);
    expect((await ingest.notItems({ runId: 'r2' })).map((row) => [row.source, row.path])).toEqual([['file:///layout', 'Cards/']]);
    expect(await ingest.notItems({ runId: 'r1' })).toEqual([]);
  });
});

// PostgreSQL only: PGlite admits one process per data folder, which is all the locking it needs.
describe('named locks on postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.drop());

  it('lets one holder at a time take a named lock, across connections', async () => {
    const other = await openDatabase({ url: database.url, maxConnections: 2 });
    try {
      const release = await database.handle.tryHoldLock('assay run file:///inbox');
      expect(release).not.toBeNull();
      expect(await other.tryHoldLock('assay run file:///inbox')).toBeNull();
      const elsewhere = await other.tryHoldLock('assay run file:///other');
      expect(elsewhere).not.toBeNull();
      await elsewhere!();
      await release!();
      const next = await other.tryHoldLock('assay run file:///inbox');
      expect(next).not.toBeNull();
      await next!();
    } finally {
      await other.close();
    }
  });
});
