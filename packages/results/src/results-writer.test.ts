import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus, type Bus } from '@assay/bus';
import type { ItemOutcome } from '@assay/contract';
import { createPipelineRepository, type PipelineRepository } from '@assay/db';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/support/databases.ts';
import { createResultsWriter, toRecord } from './index.ts';

function outcome(itemKey: string, overrides: Partial<ItemOutcome> = {}): ItemOutcome {
  return {
    type: 'item.outcome',
    schema_version: 1,
    event_id: randomUUID(),
    source_event_id: randomUUID(),
    run_id: 'run-1',
    org: 'acme',
    item_key: itemKey,
    category: 'cards',
    item_id: itemKey.split('/')[1]!,
    version: 'v1',
    source: '/srv/inbox',
    external_id: null,
    outcome: 'assessed',
    assessment: { assessment_id: randomUUID(), assessment: { items: [] } },
    issues: [{ code: 'FILE_NOT_IMAGE', message: 'notes.txt is not an image', file: 'notes.txt' }],
    error: null,
    attempts: 1,
    completed_at: '2026-11-22T03:00:00.000Z',
    ...overrides,
  };
}

describe.each(databaseKinds)('pipeline results on %s', (kind) => {
  let database: TestDatabase;
  let repository: PipelineRepository;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repository = createPipelineRepository(database.handle.db);
  });
  afterAll(() => database.drop());

  it('stores outcomes once, however often they arrive', async () => {
    const first = outcome('cards/a');
    expect(await repository.recordOutcomes([first, outcome('cards/b'), first].map(toRecord))).toBe(2);
    expect(await repository.recordOutcomes([first].map(toRecord))).toBe(0);
    const current = await repository.currentResults({ runId: 'run-1' });
    expect(current.map((r) => r.itemKey)).toEqual(['cards/a', 'cards/b']);
    expect(current[0]!.issues).toEqual([expect.objectContaining({ code: 'FILE_NOT_IMAGE', file: 'notes.txt' })]);
  });

  it('stores text PostgreSQL cannot hold as is (NUL, lone surrogates) with the odd characters replaced', async () => {
    const odd = outcome('cards/odd', {
      external_id: 'listing\u0000-\ud800-ok',
      issues: [{ code: 'FILE_NOT_IMAGE', message: 'caf\u00e9\udc00.txt is not an image', file: 'caf\u00e9\udc00.txt' }],
    });
    expect(await repository.recordOutcomes([toRecord(odd)])).toBe(1);
    const [stored] = await repository.currentResults({ runId: 'run-1' }).then((all) => all.filter((r) => r.itemKey === 'cards/odd'));
    expect(stored?.externalId).toBe('listing\uFFFD-\uFFFD-ok');
    expect(stored?.issues[0]).toMatchObject({ file: 'caf\u00e9\uFFFD.txt', message: 'caf\u00e9\uFFFD.txt is not an image' });
  });

  it('keeps history: a re-assessment becomes current, an older late outcome does not', async () => {
    const original = outcome('cards/h', { completed_at: '2026-11-22T03:00:00.000Z' });
    const reassessed = outcome('cards/h', { completed_at: '2026-11-23T03:00:00.000Z', run_id: 'run-2', version: 'v2' });
    const late = outcome('cards/h', { completed_at: '2026-11-21T03:00:00.000Z', run_id: 'run-0' });
    await repository.recordOutcomes([original].map(toRecord));
    await repository.recordOutcomes([reassessed, late].map(toRecord));
    expect((await repository.history('acme', 'cards/h')).map((r) => r.version)).toEqual(['v1', 'v1', 'v2']);
    const current = (await repository.currentResults()).find((r) => r.itemKey === 'cards/h');
    expect(current?.sourceEventId).toBe(reassessed.source_event_id);
  });

  it('pages through current results in item order and counts them in SQL', async () => {
    const run = 'run-paged';
    const keys = ['cards/p5', 'coins/p1', 'cards/p2', 'toys/p4', 'cards/p3', 'coins/p6', 'cards/p7'];
    await repository.recordOutcomes(
      keys.map((key, i) => toRecord(outcome(key, { run_id: run, category: key.split('/')[0] as ItemOutcome['category'], outcome: i % 3 === 0 ? 'rejected' : 'assessed' }))),
    );
    // The same key in another organization is another item.
    await repository.recordOutcomes([toRecord(outcome('cards/p2', { run_id: run, org: 'zeta', issues: [] }))]);
    const paged: string[] = [];
    for await (const result of repository.eachCurrentResult({ runId: run }, 3)) paged.push(`${result.org}:${result.itemKey}`);
    expect(paged).toEqual([...keys.map((k) => `acme:${k}`), 'zeta:cards/p2'].sort((a, b) => a.split(':')[1]!.localeCompare(b.split(':')[1]!) || a.localeCompare(b)));
    const counts = await repository.resultCounts({ runId: run });
    expect(counts.outcomes.sort((a, b) => `${a.category}${a.outcome}`.localeCompare(`${b.category}${b.outcome}`))).toEqual([
      { category: 'cards', outcome: 'assessed', count: 3 },
      { category: 'cards', outcome: 'rejected', count: 2 },
      { category: 'coins', outcome: 'assessed', count: 2 },
      { category: 'toys', outcome: 'rejected', count: 1 },
    ]);
    expect(counts.issues).toEqual([{ code: 'FILE_NOT_IMAGE', count: 7 }]);
  });
});

describe('the results writer', () => {
  let database: TestDatabase;
  let bus: Bus;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    bus = createMemoryBus();
  });
  afterAll(async () => {
    await bus.close();
    await database.drop();
  });

  it('stores what arrives on the topic and sets unreadable events aside', async () => {
    const repository = createPipelineRepository(database.handle.db);
    const stored: ItemOutcome[] = [];
    const writer = createResultsWriter({ bus, repository, topic: 'outcomes', deadLetters: 'dead', group: 'results', onStored: (o) => stored.push(...o) });
    const subscription = await writer.start();
    const letters: string[] = [];
    await bus.subscribe({ group: 'dlq-reader', topics: ['dead'], handler: async (batch) => void letters.push(...batch.messages.map((m) => m.value.toString())) });
    const events = [outcome('cards/w1'), outcome('cards/w2')];
    await bus.publish('outcomes', [
      ...events.map((e) => ({ key: e.item_key, value: JSON.stringify(e) })),
      { key: 'cards/w3', value: 'not json' },
      { key: events[0]!.item_key, value: JSON.stringify(events[0]) },
    ]);
    await expect.poll(() => stored.length, { timeout: 5000 }).toBe(3);
    await expect.poll(() => letters.length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(letters[0]!)).toMatchObject({ reason: 'EVENT_INVALID', item_key: 'cards/w3' });
    expect((await repository.currentResults()).map((r) => r.itemKey)).toEqual(['cards/w1', 'cards/w2']);
    await subscription.close();
  });
});
