import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccounts } from '@assay/accounts';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { expectInvariant, faultRuns, fillInbox, scenarioConfig, startPipeline, waitForOutcomes } from './support/rig.ts';

/*
 * PostgreSQL trouble while the pipeline writes: its connections killed (pg_terminate_backend) again
 * and again, and the database refusing connections for a while. Writes fail and are retried;
 * nothing is lost or stored twice.
 */
let database: TestDatabase;
let workDir: string;
let admin: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await createAccounts(createAccountsRepository(database.handle.db)).createKey('local', [...operations]);
  workDir = await mkdtemp(join(tmpdir(), 'assay-faults-pg-'));
  admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
});

const databaseName = () => new URL(database.url!).pathname.slice(1);

/** Kills every connection to the test database but the admin's own; returns how many. */
async function killConnections(): Promise<number> {
  const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName()]);
  return killed.rowCount ?? 0;
}

describe('fault: PostgreSQL connections killed and refused', () => {
  it.each(faultRuns)('run %i: every item ends with exactly one outcome', async (run) => {
    const inbox = join(workDir, `inbox-${run}`);
    const itemKeys = await fillInbox(inbox, 1, `pg${run}`);
    const { suffix, config } = scenarioConfig(database, workDir, inbox, { ASSAY_ASSESSOR_CONCURRENCY: '2' });
    const stop = await startPipeline(config, suffix);
    let killed = 0;
    const stored = async () => (await createPipelineRepository(database.handle.db).currentResults()).filter((r) => itemKeys.includes(r.itemKey)).length;
    try {
      // Connections die every half second while the first items are written...
      const killer = setInterval(() => void killConnections().then((n) => (killed += n), () => {}), 500);
      await expect.poll(stored, { timeout: 120_000, interval: 500 }).toBeGreaterThanOrEqual(2);
      // ...then the database refuses connections for three seconds, killing those it had.
      await admin.query(`alter database ${databaseName()} with allow_connections false`);
      killed += await killConnections();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await admin.query(`alter database ${databaseName()} with allow_connections true`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      clearInterval(killer);
      await waitForOutcomes(database, itemKeys, 180_000);
    } finally {
      await admin.query(`alter database ${databaseName()} with allow_connections true`);
      await stop();
    }
    expect(killed, 'connections were killed').toBeGreaterThan(0);
    await expectInvariant(database, itemKeys, config.pipeline.topics.deadLetters);
  }, 400_000);
});
