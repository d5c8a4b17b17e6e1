import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '@assay/accounts';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { createTestApi, type TestApi } from '../support/api.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { faults, startChaosService } from './support/chaos-service.ts';
import { expectInvariant, faultRuns, fillInbox, scenarioConfig, startPipeline, waitForOutcomes } from './support/rig.ts';

/*
 * The assessor against a remote service that answers 500, 503, 429 with Retry-After, too slowly,
 * with malformed JSON, or by closing the socket: each item meets one such fault and is assessed on
 * a retry; an item the service keeps refusing runs out of retries and is dead-lettered with why.
 */
let database: TestDatabase;
let api: TestApi;
let apiUrl: string;
let apiKey: string;
let workDir: string;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await createAccounts(createAccountsRepository(database.handle.db)).createKey('local', [...operations]);
  api = await createTestApi({ cards: true });
  apiKey = (await api.newKey(['cards.identity', 'cards.grade'])).apiKey;
  apiUrl = await api.app.listen({ host: '127.0.0.1', port: 0 });
  workDir = await mkdtemp(join(tmpdir(), 'assay-faults-remote-'));
});
afterAll(async () => {
  await api?.close();
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
});

describe('fault: the remote assessment service misbehaves', () => {
  it.each(faultRuns)('run %i: every item ends with exactly one outcome', async (run) => {
    const inbox = join(workDir, `inbox-${run}`);
    const itemKeys = await fillInbox(inbox, 1, `remote${run}`);
    // One more item, whose external id the service keeps refusing.
    const refused = itemKeys[0]!.replace(/-0$/, '-refused');
    await cp(join(inbox, itemKeys[0]!), join(inbox, refused), { recursive: true });
    await writeFile(join(inbox, refused, 'item.json'), JSON.stringify({ external_id: 'always-refused' }));
    itemKeys.push(refused);

    const chaos = await startChaosService({ target: apiUrl, cycle: faults, slowMs: 9000, alwaysDown: 'always-refused' });
    const { suffix, config } = scenarioConfig(database, workDir, inbox, {
      ASSAY_SERVICE_URL: chaos.url,
      ASSAY_API_KEY: apiKey,
      ASSAY_SERVICE_TIMEOUT_MS: '8000',
      ASSAY_ASSESSOR_CONCURRENCY: '4',
    });
    const stop = await startPipeline(config, suffix);
    try {
      await waitForOutcomes(database, itemKeys, 120_000);
    } finally {
      await stop();
      await chaos.close();
    }
    await expectInvariant(database, itemKeys, config.pipeline.topics.deadLetters);
    for (const fault of faults) expect(chaos.seen[fault], `${fault} was injected`).toBeGreaterThan(0);
    const results = await createPipelineRepository(database.handle.db).currentResults();
    const byKey = new Map(results.map((r) => [r.itemKey, r]));
    for (const key of itemKeys.filter((k) => k !== refused)) expect(byKey.get(key)?.outcome, key).toBe('assessed');
    expect(byKey.get(refused)).toMatchObject({ outcome: 'failed', attempts: 6 });
  }, 300_000);
});
