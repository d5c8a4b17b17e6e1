import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { loadConfig } from '@assay/config';
import { createAccounts } from '@assay/accounts';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { serveAssessor } from '@assay/service-assessor';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';

/*
 * Production shape: the three pipeline services, each as `assay serve` composes it, over the real
 * Kafka protocol peer and the machine's PostgreSQL, watching a folder bucket holding the sample batch.
 */
let database: TestDatabase;
let workDir: string;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  // In production the operator creates the organization the items are assessed for.
  await createAccounts(createAccountsRepository(database.handle.db)).createKey('local', [...operations]);
  workDir = await mkdtemp(join(tmpdir(), 'assay-e2e-'));
  await cp(new URL('../examples/inbox', import.meta.url).pathname, join(workDir, 'inbox'), { recursive: true });
});
afterAll(async () => {
  await database.drop();
  await rm(workDir, { recursive: true, force: true });
});

describe('pipeline services on Kafka and PostgreSQL', () => {
  it('takes every item of the batch from the bucket to exactly one stored outcome', async () => {
    const suffix = randomBytes(4).toString('hex');
    const config = loadConfig({
      DATABASE_URL: database.url,
      ASSAY_DATA_DIR: join(workDir, 'data'),
      KAFKA_BROKERS: inject('kafkaBrokers'),
      ASSAY_TOPIC_ITEMS: `items-${suffix}`,
      ASSAY_TOPIC_OUTCOMES: `outcomes-${suffix}`,
      ASSAY_TOPIC_DEAD_LETTERS: `dead-${suffix}`,
      ASSAY_INGEST_SOURCE: join(workDir, 'inbox'),
      ASSAY_INGEST_INTERVAL_MS: '500',
      ASSAY_SETTLE_MS: '0',
      LOG_LEVEL: 'silent',
    });
    const results = await serveResults({ ...config, pipeline: { ...config.pipeline, consumerGroup: `results-${suffix}` } });
    const assessor = await serveAssessor({ ...config, pipeline: { ...config.pipeline, consumerGroup: `assessor-${suffix}` } });
    const ingest = await serveIngest(config);
    try {
      const repository = createPipelineRepository(database.handle.db);
      await expect.poll(async () => (await repository.currentResults()).length, { timeout: 90_000, interval: 1000 }).toBe(10);
      const stored = await repository.currentResults();
      expect(stored.filter((r) => r.outcome === 'assessed')).toHaveLength(9);
      expect(stored.find((r) => r.itemKey === 'cards/listing-broken')?.outcome).toBe('rejected');
      // Each item exactly once, however often ingest scanned in the meantime.
      expect(new Set(stored.map((r) => r.itemKey)).size).toBe(10);
      for (const item of stored) expect(await repository.history('local', item.itemKey)).toHaveLength(1);
    } finally {
      await ingest.close();
      await assessor.close();
      await results.close();
    }
  }, 150_000);
});
