import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@assay/config';
import { createAccounts } from '@assay/accounts';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { serveAssessor } from '@assay/service-assessor';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import { createTestApi } from './support/api.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { pipelineEnv } from './support/pipeline-env.ts';

/*
 * Production shape: the three pipeline services, each as `assay serve` composes it, over the real
 * Kafka protocol peer and the machine's PostgreSQL, watching a folder bucket holding the sample batch.
 */
let database: TestDatabase;
let workDir: string;

/** The services' configuration for one test: its own topics, data folder and watched folder. */
function pipelineConfig(suffix: string, inbox: string, extra: Record<string, string> = {}) {
  return loadConfig(pipelineEnv({ databaseUrl: database.url!, workDir, suffix, inbox }, extra));
}

/** Starts results, assessor and ingest as `assay serve` would; returns a function that stops all three. */
async function startServices(config: ReturnType<typeof loadConfig>, suffix: string) {
  const results = await serveResults({ ...config, pipeline: { ...config.pipeline, consumerGroup: `results-${suffix}` } });
  const assessor = await serveAssessor({ ...config, pipeline: { ...config.pipeline, consumerGroup: `assessor-${suffix}` } });
  const ingest = await serveIngest(config);
  return async () => {
    await ingest.close();
    await assessor.close();
    await results.close();
  };
}

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
    const stop = await startServices(pipelineConfig(suffix, join(workDir, 'inbox')), suffix);
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
      await stop();
    }
  }, 150_000);

  it('works the same with the assessor calling a service over HTTP', async () => {
    const api = await createTestApi({ cards: true });
    const { apiKey } = await api.newKey(['cards.identity', 'cards.grade']);
    const serviceUrl = await api.app.listen({ host: '127.0.0.1', port: 0 });
    const suffix = randomBytes(4).toString('hex');
    const inbox = join(workDir, `inbox-${suffix}`);
    await cp(new URL('../examples/inbox/cards/listing-001', import.meta.url).pathname, join(inbox, 'cards', `http-${suffix}`), { recursive: true });
    const stop = await startServices(pipelineConfig(suffix, inbox, { ASSAY_SERVICE_URL: serviceUrl, ASSAY_API_KEY: apiKey }), suffix);
    try {
      const repository = createPipelineRepository(database.handle.db);
      const history = () => repository.history('local', `cards/http-${suffix}`);
      await expect.poll(async () => (await history()).length, { timeout: 60_000, interval: 500 }).toBe(1);
      const [http] = await history();
      expect(http!.outcome).toBe('assessed');
      // The remote service stored the assessment: it answers GET for the key that made it.
      const id = (http!.assessment as { assessment_id: string }).assessment_id;
      const fetched = await fetch(`${serviceUrl}/assessments/${id}`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(fetched.status).toBe(200);
    } finally {
      await stop();
      await api.close();
    }
  }, 150_000);
});
