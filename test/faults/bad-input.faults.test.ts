import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccounts } from '@assay/accounts';
import { createKafkaBus } from '@assay/bus';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { expectInvariant, faultRuns, readDeadLetters, scenarioConfig, startPipeline, waitForOutcomes } from './support/rig.ts';

/*
 * Bad input, from the bucket and on the topics: broken files and item.json become issues on their
 * items, poison events are dead-lettered, and the batch goes on around them.
 */
let database: TestDatabase;
let workDir: string;
const sample = new URL('../../examples/inbox/cards/listing-001/', import.meta.url).pathname;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await createAccounts(createAccountsRepository(database.handle.db)).createKey('local', [...operations]);
  workDir = await mkdtemp(join(tmpdir(), 'assay-faults-input-'));
});
afterAll(async () => {
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
});

/**
 * Item folders holding the kinds of bad files marketplaces send, beside a good photo or not. Each
 * run's items have keys of their own (`tag`): runs share the database, and an item assessed by an
 * earlier run would count as this run's outcome (or as its duplicate).
 */
async function badItems(inbox: string, tag: string): Promise<Record<string, string[]>> {
  const front = await readFile(join(sample, '1-front.jpg'));
  const items: Record<string, Record<string, Buffer | string>> = {
    'cards/zero-byte': { '1.jpg': Buffer.alloc(0) },
    'cards/not-an-image': { '1.jpg': 'these are not the pixels you are looking for' },
    'cards/truncated': { '1-front.jpg': front.subarray(0, Math.floor(front.length / 3)), '2-front.jpg': front },
    'cards/over-the-limit': { '1-huge.jpg': Buffer.concat([front.subarray(0, 4), randomBytes(10 * 1024 * 1024 + 1)]), '2-front.jpg': front },
    'cards/odd names ü..x': { '..front ü.jpg': front },
    'cards/item-json-invalid': { '1-front.jpg': front, 'item.json': '{"external_id": ' },
  };
  for (const [key, files] of Object.entries(items)) {
    await mkdir(join(inbox, `${key}-${tag}`), { recursive: true });
    for (const [name, bytes] of Object.entries(files)) await writeFile(join(inbox, `${key}-${tag}`, name), bytes);
  }
  const codes: Record<string, string[]> = {
    'cards/zero-byte': ['FILE_EMPTY'],
    'cards/not-an-image': ['FILE_NOT_IMAGE'],
    'cards/truncated': ['FILE_REJECTED'],
    'cards/over-the-limit': ['FILE_TOO_LARGE'],
    'cards/odd names ü..x': [],
    'cards/item-json-invalid': ['ITEM_JSON_INVALID'],
  };
  return Object.fromEntries(Object.entries(codes).map(([key, expected]) => [`${key}-${tag}`, expected]));
}

describe('fault: bad input in the bucket and on the topics', () => {
  it.each(faultRuns)('run %i: bad files become issues, poison events dead letters, the rest is assessed', async (run) => {
    const inbox = join(workDir, `inbox-${run}`);
    const { suffix, config } = scenarioConfig(database, workDir, inbox, { ASSAY_ASSESSOR_CONCURRENCY: '2' });
    const { topics } = config.pipeline;
    const expected = await badItems(inbox, suffix);
    const key = (name: string) => `cards/${name}-${suffix}`;
    await cp(sample, join(inbox, key('good')), { recursive: true });
    const itemKeys = [...Object.keys(expected), key('good')];

    const bus = createKafkaBus({ brokers: inject('kafkaBrokers').split(','), clientId: 'poisoner' });
    const stop = await startPipeline(config, suffix);
    try {
      const valid = { type: 'item.discovered', schema_version: 1, event_id: randomUUID(), run_id: null, org: 'local', item_key: 'cards/p', category: 'cards', item_id: 'p', version: 'v', source: inbox, images: [], item_json: null, issues: [], discovered_at: new Date().toISOString() };
      await bus.publish(topics.items, [
        { key: 'poison-1', value: 'not json at all' },
        { key: 'poison-2', value: JSON.stringify({ type: 'item.discovered', schema_version: 1 }) },
        { key: 'poison-3', value: JSON.stringify({ ...valid, schema_version: 99 }) },
      ]);
      await bus.publish(topics.outcomes, [{ key: 'poison-4', value: '{"type":"item.outcome"' }]);
      await waitForOutcomes(database, itemKeys, 180_000);
      // Poison may sit in a partition the items never touched: wait for it before stopping.
      const poisonLetters = async () => (await readDeadLetters(topics.deadLetters)).filter((l) => l.reason === 'EVENT_INVALID').length;
      await expect.poll(poisonLetters, { timeout: 60_000, interval: 1_000 }).toBe(4);
    } finally {
      await stop();
      await bus.close();
    }
    await expectInvariant(database, itemKeys, topics.deadLetters);

    const results = new Map((await createPipelineRepository(database.handle.db).currentResults()).map((r) => [r.itemKey, r]));
    for (const [key, codes] of Object.entries(expected)) {
      const result = results.get(key)!;
      expect(result.issues.map((i) => i.code), key).toEqual(expect.arrayContaining(codes));
    }
    expect(results.get(key('zero-byte'))).toMatchObject({ outcome: 'rejected', error: { code: 'ITEM_NO_USABLE_IMAGES' } });
    expect(results.get(key('not-an-image'))).toMatchObject({ outcome: 'rejected' });
    for (const name of ['truncated', 'over-the-limit', 'odd names ü..x', 'item-json-invalid', 'good']) {
      expect(results.get(key(name))?.outcome, key(name)).toBe('assessed');
    }
    const poison = (await readDeadLetters(topics.deadLetters)).filter((l) => l.reason === 'EVENT_INVALID');
    expect(poison.map((l) => l.item_key).sort()).toEqual(['poison-1', 'poison-2', 'poison-3', 'poison-4']);
  }, 300_000);
});
