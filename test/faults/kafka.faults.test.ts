import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '@assay/accounts';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { serveAssessor } from '@assay/service-assessor';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { createBrokerProxy } from './support/broker-proxy.ts';
import { expectInvariant, faultRuns, fillInbox, scenarioConfig, waitForOutcomes } from './support/rig.ts';

/*
 * The network to Kafka cut under the running services, again and again, and refused for a while:
 * producers and consumers reconnect, uncommitted work is delivered again, and the idempotent
 * results writer stores each outcome once.
 */
let database: TestDatabase;
let workDir: string;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await createAccounts(createAccountsRepository(database.handle.db)).createKey('local', [...operations]);
  workDir = await mkdtemp(join(tmpdir(), 'assay-faults-kafka-'));
});
afterAll(async () => {
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
});

describe('fault: Kafka connections cut and refused', () => {
  it.each(faultRuns)('run %i: every item ends with exactly one outcome', async (run) => {
    const inbox = join(workDir, `inbox-${run}`);
    const itemKeys = await fillInbox(inbox, 2, `kafka${run}`);
    const { suffix, config } = scenarioConfig(database, workDir, inbox, { ASSAY_ASSESSOR_CONCURRENCY: '2' });
    const proxy = createBrokerProxy();
    const through = { kafkaSocketFactory: proxy.socketFactory };
    const group = (name: string) => ({ ...config, pipeline: { ...config.pipeline, consumerGroup: `${name}-${suffix}` } });
    const results = await serveResults(group('results'), through);
    const assessor = await serveAssessor(group('assessor'), through);
    const ingest = await serveIngest(config, through);
    const stored = async () => (await createPipelineRepository(database.handle.db).currentResults()).filter((r) => itemKeys.includes(r.itemKey)).length;
    try {
      await expect.poll(stored, { timeout: 120_000, interval: 250 }).toBeGreaterThanOrEqual(2);
      // Cut every connection three times, a few seconds apart, then refuse new ones for a while.
      for (let cut = 0; cut < 3; cut++) {
        proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 3000));
      }
      proxy.refuse(true);
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 4000));
      proxy.refuse(false);
      await waitForOutcomes(database, itemKeys, 240_000);
    } finally {
      await ingest.close();
      await assessor.close();
      await results.close();
      await proxy.close();
    }
    expect(proxy.cuts).toBe(4);
    // The services' connections went through the proxy, were dropped, and were opened again.
    expect(proxy.dropped).toBeGreaterThan(0);
    expect(proxy.reconnections).toBeGreaterThan(0);
    await expectInvariant(database, itemKeys, config.pipeline.topics.deadLetters);
  }, 400_000);
});
