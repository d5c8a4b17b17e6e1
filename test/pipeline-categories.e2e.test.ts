import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccounts } from '@assay/accounts';
import type { Bucket } from '@assay/bucket';
import { loadConfig } from '@assay/config';
import { operations, type Category } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { serveAssessor } from '@assay/service-assessor';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import { openTestBucket, s3PeerSettings, type TestBucket } from '../packages/bucket/src/test-support/test-buckets.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { generateRequests } from './support/mixed-inbox.ts';
import { pipelineEnv } from './support/pipeline-env.ts';

/*
 * The main job in production shape: 200 items of the three categories in an S3 bucket go through
 * ingest, Kafka, the assessor and the results writer into PostgreSQL, each with exactly one current
 * result. Photos come from the generator (seeds 7100–7300, outside the tuning and benchmark ranges);
 * items reuse a few dozen requests' photos, so rendering stays cheap while every item is assessed.
 */
const itemsPerCategory: Record<Category, number> = { cards: 70, coins: 65, toys: 65 };
const requestsPerCategory = 12;

let database: TestDatabase;
let inbox: TestBucket;
let workDir: string;

/** Photos of generated requests, per category: the bytes of each request's files in order. */
async function generatedRequests(): Promise<Record<Category, Buffer[][]>> {
  const files = await generateRequests(workDir, requestsPerCategory, { cards: 7100, coins: 7200, toys: 7300 });
  const read = (requests: string[][]) => Promise.all(requests.map((photos) => Promise.all(photos.map((file) => readFile(file)))));
  return { cards: await read(files.cards), coins: await read(files.coins), toys: await read(files.toys) };
}

async function fillInbox(bucket: Bucket, requests: Record<Category, Buffer[][]>): Promise<string[]> {
  const keys: string[] = [];
  for (const [category, count] of Object.entries(itemsPerCategory) as [Category, number][]) {
    for (let n = 0; n < count; n++) {
      const itemKey = `${category}/listing-${String(n).padStart(3, '0')}`;
      const photos = requests[category][n % requestsPerCategory]!;
      await Promise.all(photos.map((bytes, i) => bucket.put(`${itemKey}/${i + 1}.jpg`, bytes)));
      await bucket.put(`${itemKey}/item.json`, JSON.stringify({ external_id: `e2e-${category}-${n}` }));
      keys.push(itemKey);
    }
  }
  return keys;
}

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await createAccounts(createAccountsRepository(database.handle.db)).createKey('local', [...operations]);
  workDir = await mkdtemp(join(tmpdir(), 'assay-e2e-categories-'));
  inbox = await openTestBucket('s3');
}, 120_000);
afterAll(async () => {
  await inbox?.bucket.close();
  await inbox?.cleanup();
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
});

describe('the pipeline over an S3 bucket of coins, cards and toys', () => {
  it('takes 200 items from the bucket through Kafka into PostgreSQL, one current result each', async () => {
    const keys = await fillInbox(inbox.bucket, await generatedRequests());
    const suffix = randomBytes(4).toString('hex');
    const s3 = s3PeerSettings();
    const config = loadConfig(
      pipelineEnv(
        { databaseUrl: database.url!, workDir, suffix, inbox: `s3://${inbox.where}/inbox` },
        { S3_ENDPOINT: s3.endpoint, S3_REGION: s3.region, ASSAY_ASSESSOR_CONCURRENCY: '4' },
      ),
    );
    // The services, as in production, leave S3 credentials to the AWS SDK, which reads the process environment.
    vi.stubEnv('AWS_ACCESS_KEY_ID', s3.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.secretAccessKey);
    const results = await serveResults({ ...config, pipeline: { ...config.pipeline, consumerGroup: `results-${suffix}` } });
    const assessor = await serveAssessor({ ...config, pipeline: { ...config.pipeline, consumerGroup: `assessor-${suffix}` } });
    const ingest = await serveIngest(config);
    try {
      const repository = createPipelineRepository(database.handle.db);
      await expect.poll(async () => (await repository.currentResults()).length, { timeout: 540_000, interval: 2000 }).toBe(keys.length);
      const stored = await repository.currentResults();
      expect(stored.map((r) => r.itemKey).sort()).toEqual([...keys].sort());
      const counts = await repository.resultCounts();
      for (const [category, count] of Object.entries(itemsPerCategory)) {
        expect(counts.outcomes.filter((c) => c.category === category).reduce((sum, c) => sum + c.count, 0), category).toBe(count);
      }
      // Nothing failed: every item was either assessed or rejected for a reason of its own.
      expect(counts.outcomes.filter((c) => c.outcome === 'failed')).toEqual([]);
      for (const result of stored) {
        expect(result.externalId).toMatch(/^e2e-/);
        if (result.outcome === 'assessed') expect(result.assessment).toMatchObject({ status: 'completed', assessment: { items: expect.any(Array) } });
        else expect(result.error?.code ?? result.issues[0]?.code).toBeTruthy();
      }
      // Exactly one outcome per item, however often ingest scanned the bucket meanwhile.
      for (const key of keys.filter((_, i) => i % 10 === 0)) expect(await repository.history('local', key)).toHaveLength(1);
    } finally {
      await ingest.close();
      await assessor.close();
      await results.close();
      vi.unstubAllEnvs();
    }
  }, 600_000);
});
