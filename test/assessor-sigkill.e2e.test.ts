import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '@assay/accounts';
import { loadConfig } from '@assay/config';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { pipelineEnv } from './support/pipeline-env.ts';

/*
 * An assessor process killed with SIGKILL in the middle of a batch, then started again: every item
 * still gets exactly one stored outcome. Uncommitted items are delivered again to the new process;
 * outcomes the dead one had already published are stored once (the results writer is idempotent).
 */
const cli = new URL('../services/cli/src/main.ts', import.meta.url).pathname;
let database: TestDatabase;
let workDir: string;
let inbox: string;
let itemCount = 0;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await createAccounts(createAccountsRepository(database.handle.db)).createKey('local', [...operations]);
  workDir = await mkdtemp(join(tmpdir(), 'assay-sigkill-'));
  inbox = join(workDir, 'inbox');
  const sample = new URL('../examples/inbox/cards/', import.meta.url).pathname;
  const listings = (await readdir(sample)).filter((name) => /^listing-\d+$/.test(name));
  for (let copy = 0; copy < 3; copy++) {
    for (const listing of listings) {
      await cp(join(sample, listing), join(inbox, 'cards', `${listing}-${copy}`), { recursive: true });
      itemCount++;
    }
  }
});
afterAll(async () => {
  await database.drop();
  await rm(workDir, { recursive: true, force: true });
});

describe('an assessor killed mid-batch', () => {
  it('loses nothing and duplicates nothing once restarted', async () => {
    const suffix = randomBytes(4).toString('hex');
    const env = pipelineEnv(
      { databaseUrl: database.url!, workDir, suffix, inbox },
      { ASSAY_KAFKA_SESSION_TIMEOUT_MS: '6000', ASSAY_ASSESSOR_CONCURRENCY: '2' },
    );
    const config = loadConfig(env);
    const results = await serveResults({ ...config, pipeline: { ...config.pipeline, consumerGroup: `results-${suffix}` } });
    const ingest = await serveIngest(config);
    const startAssessor = (): ChildProcess =>
      spawn(process.execPath, [cli, 'serve', 'assessor'], { env: { ...process.env, ...env, ASSAY_CONSUMER_GROUP: `assessor-${suffix}` }, stdio: 'ignore' });
    const repository = createPipelineRepository(database.handle.db);
    const storedCount = async () => (await repository.currentResults()).length;
    let second: ChildProcess | undefined;
    try {
      const first = startAssessor();
      await expect.poll(storedCount, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(3);
      first.kill('SIGKILL');
      const killedAt = await storedCount();
      expect(killedAt).toBeLessThan(itemCount);

      second = startAssessor();
      await expect.poll(storedCount, { timeout: 120_000, interval: 500 }).toBe(itemCount);
      const stored = await repository.currentResults();
      expect(stored.every((r) => r.outcome === 'assessed')).toBe(true);
      for (const item of stored) expect((await repository.history('local', item.itemKey)).length, item.itemKey).toBe(1);
    } finally {
      if (second && second.exitCode === null) {
        const exited = new Promise((resolve) => second!.once('exit', resolve));
        second.kill('SIGTERM');
        await exited;
      }
      await ingest.close();
      await results.close();
    }
  }, 200_000);
});
