import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '@assay/accounts';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import { serveAssessor } from '@assay/service-assessor';
import { assayCommand } from '../support/assay-command.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { freePort } from '../support/free-port.ts';
import { expectInvariant, faultRuns, fillInbox, scenarioConfig, waitForOutcomes } from './support/rig.ts';

/*
 * A service process killed with SIGKILL in the middle of its work, then started again: uncommitted
 * items are delivered again to the new process, and outcomes the dead one had published or stored
 * are stored once.
 */
let database: TestDatabase;
let workDir: string;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  await createAccounts(createAccountsRepository(database.handle.db)).createKey('local', [...operations]);
  workDir = await mkdtemp(join(tmpdir(), 'assay-faults-kill-'));
});
afterAll(async () => {
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
});

/** `pnpm assay serve <service>` as an orchestrator starts it: the same node settings and caches. */
function startService(service: 'assessor' | 'results', env: Record<string, string>): ChildProcess {
  const assay = assayCommand();
  // With FAULT_LOG_LEVEL set (see scenarioConfig) the service's own log shows beside the test's.
  return spawn(process.execPath, [...assay.args, 'serve', service], { env: { ...process.env, ...assay.env, ...env }, stdio: process.env.FAULT_LOG_LEVEL ? 'inherit' : 'ignore' });
}

/** Items a service has finished, from its Prometheus /metrics (0 while it is not serving them yet). */
async function itemsFinished(metricsPort: number): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text(), () => '');
  return [...text.matchAll(/^assay_items_outcome_total\{[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** SIGTERM, as an orchestrator stops a service: it finishes or hands back its work and exits 0. */
async function stopService(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited, 'exit code after SIGTERM').toBe(0);
}

describe('fault: a service SIGKILLed mid-batch and restarted', () => {
  it.each(faultRuns)('run %i: the assessor — loses nothing, duplicates nothing, resumes promptly', async (run) => {
    const inbox = join(workDir, `assessor-${run}`);
    const itemKeys = await fillInbox(inbox, 3, `kill${run}`);
    const { suffix, env, config } = scenarioConfig(database, workDir, inbox, { ASSAY_ASSESSOR_CONCURRENCY: '2' });
    const assessorEnv = { ...env, ASSAY_CONSUMER_GROUP: `assessor-${suffix}` };
    const results = await serveResults({ ...config, pipeline: { ...config.pipeline, consumerGroup: `results-${suffix}` } });
    const ingest = await serveIngest(config);
    const repository = createPipelineRepository(database.handle.db);
    const stored = async () => (await repository.currentResults()).filter((r) => itemKeys.includes(r.itemKey)).length;
    let second: ChildProcess | undefined;
    try {
      const first = startService('assessor', assessorEnv);
      await expect.poll(stored, { timeout: 120_000, interval: 200 }).toBeGreaterThanOrEqual(3);
      first.kill('SIGKILL');
      const killedAt = await stored();
      expect(killedAt).toBeLessThan(itemKeys.length);
      // Resuming is the restarted assessor finishing its first item, read from its own metrics: a
      // stored count could also move for outcomes the killed one published just before it died.
      const metricsPort = await freePort();
      const restartedAt = Date.now();
      second = startService('assessor', { ...assessorEnv, ASSAY_METRICS_PORT: String(metricsPort) });
      await expect.poll(() => itemsFinished(metricsPort), { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
      const resumedMs = Date.now() - restartedAt;
      console.info(`fault sigkill assessor run ${run}: the restarted assessor finished its first item ${resumedMs} ms after the restart`);
      await waitForOutcomes(database, itemKeys, 240_000);
    } finally {
      await stopService(second);
      await ingest.close();
      await results.close();
    }
    await expectInvariant(database, itemKeys, config.pipeline.topics.deadLetters);
  }, 400_000);

  it.each(faultRuns)('run %i: the results writer mid-transaction — stores every outcome once', async (run) => {
    const inbox = join(workDir, `results-${run}`);
    const itemKeys = await fillInbox(inbox, 3, `killres${run}`);
    const { suffix, env, config } = scenarioConfig(database, workDir, inbox, { ASSAY_ASSESSOR_CONCURRENCY: '2' });
    const resultsEnv = { ...env, ASSAY_CONSUMER_GROUP: `results-${suffix}` };
    const assessor = await serveAssessor({ ...config, pipeline: { ...config.pipeline, consumerGroup: `assessor-${suffix}` } });
    const ingest = await serveIngest(config);
    const repository = createPipelineRepository(database.handle.db);
    const stored = async () => (await repository.currentResults()).filter((r) => itemKeys.includes(r.itemKey)).length;
    let second: ChildProcess | undefined;
    try {
      const first = startService('results', resultsEnv);
      // Killed as soon as it has stored something, so more outcomes are arriving and being written.
      await expect.poll(stored, { timeout: 120_000, interval: 50 }).toBeGreaterThanOrEqual(1);
      first.kill('SIGKILL');
      expect(await stored()).toBeLessThan(itemKeys.length);
      second = startService('results', resultsEnv);
      await waitForOutcomes(database, itemKeys, 240_000);
    } finally {
      await stopService(second);
      await ingest.close();
      await assessor.close();
    }
    await expectInvariant(database, itemKeys, config.pipeline.topics.deadLetters);
  }, 400_000);
});
