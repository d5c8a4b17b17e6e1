import { randomBytes } from 'node:crypto';
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import { createKafkaBus } from '@assay/bus';
import { loadConfig, type Config } from '@assay/config';
import { createPipelineRepository, type CurrentResult, type DatabaseHandle } from '@assay/db';
import { deadLetterSchema, type DeadLetter } from '@assay/contract';
import { serveAssessor } from '@assay/service-assessor';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import type { TestDatabase } from '../../support/databases.ts';
import { pipelineEnv } from '../../support/pipeline-env.ts';

/** How many times each fault scenario runs in one test run: once in CI, `FAULT_RUNS=20` locally. */
export const faultRuns = Array.from({ length: Math.max(1, Number(process.env.FAULT_RUNS ?? 1)) }, (_, i) => i + 1);

const sample = new URL('../../../examples/inbox/cards/', import.meta.url).pathname;

/** Copies the sample batch's good card items `copies` times into `inbox`; returns their item keys. */
export async function fillInbox(inbox: string, copies: number, tag: string): Promise<string[]> {
  const listings = (await readdir(sample)).filter((name) => /^listing-\d+$/.test(name));
  const keys: string[] = [];
  for (let copy = 0; copy < copies; copy++) {
    for (const listing of listings) {
      const itemId = `${tag}-${listing}-${copy}`;
      await cp(join(sample, listing), join(inbox, 'cards', itemId), { recursive: true });
      keys.push(`cards/${itemId}`);
    }
  }
  return keys;
}

/** One scenario's pipeline configuration: its own topics and groups on the real Kafka and PostgreSQL. */
export function scenarioConfig(database: TestDatabase, workDir: string, inbox: string, extra: Record<string, string> = {}) {
  const suffix = randomBytes(4).toString('hex');
  // FAULT_LOG_LEVEL=debug shows the services' own logs, to see what a failing scenario went through.
  const logLevel: Record<string, string> = process.env.FAULT_LOG_LEVEL ? { LOG_LEVEL: process.env.FAULT_LOG_LEVEL } : {};
  const env = pipelineEnv({ databaseUrl: database.url!, workDir, suffix, inbox }, { ASSAY_KAFKA_SESSION_TIMEOUT_MS: '6000', ...logLevel, ...extra });
  return { suffix, env, config: loadConfig(env) };
}

/** Results, assessor and ingest as `assay serve` composes them, in this process; returns their stop. */
export async function startPipeline(config: Config, suffix: string, parts: { assessor?: boolean } = {}): Promise<() => Promise<void>> {
  const group = (name: string) => ({ ...config, pipeline: { ...config.pipeline, consumerGroup: `${name}-${suffix}` } });
  const results = await serveResults(group('results'));
  const assessor = parts.assessor === false ? null : await serveAssessor(group('assessor'));
  const ingest = await serveIngest(config);
  return async () => {
    await ingest.close();
    await assessor?.close();
    await results.close();
  };
}

/** Every letter on the dead-letter topic so far: read from its start by a fresh group until quiet. */
export async function readDeadLetters(topic: string): Promise<DeadLetter[]> {
  const bus = createKafkaBus({ brokers: inject('kafkaBrokers').split(','), clientId: 'fault-dlq-reader', sessionTimeoutMs: 6000, heartbeatIntervalMs: 500 });
  const letters: DeadLetter[] = [];
  let lastArrival = Date.now();
  try {
    await bus.publish(topic, []);
    await bus.subscribe({
      group: `dlq-reader-${randomBytes(4).toString('hex')}`,
      topics: [topic],
      handler: async (batch) => {
        for (const message of batch.messages) letters.push(deadLetterSchema.parse(JSON.parse(message.value.toString('utf8'))));
        lastArrival = Date.now();
      },
    });
    lastArrival = Date.now();
    while (Date.now() - lastArrival < 3000) await new Promise((resolve) => setTimeout(resolve, 250));
    return letters;
  } finally {
    await bus.close();
  }
}

/** Waits until every expected item has a current outcome (or the time runs out). */
export async function waitForOutcomes(database: TestDatabase, itemKeys: readonly string[], timeoutMs: number): Promise<void> {
  const repository = createPipelineRepository(database.handle.db);
  const wanted = new Set(itemKeys);
  await expect
    .poll(async () => (await repository.currentResults()).filter((r) => wanted.has(r.itemKey)).length, { timeout: timeoutMs, interval: 500 })
    .toBe(itemKeys.length);
}

/**
 * The invariant every fault scenario ends with: each ready item has exactly one current outcome —
 * assessed, rejected with its reasons, or failed and dead-lettered with a reason — none lost, none
 * duplicated (one outcome in its history), and no rows that belong to no item.
 */
export async function expectInvariant(database: TestDatabase, itemKeys: readonly string[], deadLetterTopic: string): Promise<void> {
  const letters = await readDeadLetters(deadLetterTopic);
  await expectOneOutcomeEach(database.handle, itemKeys, (result) => letters.some((l) => l.item_key === result.itemKey && l.reason));
}

/**
 * The invariant on any database, the embedded one included: every item one current outcome and one
 * outcome in its history, a failed one with a reason (`failedHasReason` says where that is kept:
 * the dead-letter topic in production, the outcome's own error in an embedded run), no orphan rows.
 */
export async function expectOneOutcomeEach(handle: DatabaseHandle, itemKeys: readonly string[], failedHasReason: (result: CurrentResult) => boolean): Promise<void> {
  const repository = createPipelineRepository(handle.db);
  const wanted = new Set(itemKeys);
  const current = (await repository.currentResults()).filter((r) => wanted.has(r.itemKey));
  expect(current.map((r) => r.itemKey).sort(), 'every item has a current outcome, once').toEqual([...itemKeys].sort());
  for (const result of current) {
    const history = await repository.history(result.org, result.itemKey);
    expect(history, `${result.itemKey}: one outcome, no duplicates`).toHaveLength(1);
    if (result.outcome === 'assessed') {
      expect(result.assessment, result.itemKey).toMatchObject({ status: 'completed' });
    } else if (result.outcome === 'rejected') {
      expect(result.error?.code ?? result.issues[0]?.code, `${result.itemKey}: rejected with a reason`).toBeTruthy();
    } else {
      expect(result.outcome, result.itemKey).toBe('failed');
      expect(failedHasReason(result), `${result.itemKey}: failed, with a reason`).toBe(true);
    }
  }
  // Both drivers (node-postgres and PGlite) answer a raw query with its `rows`.
  const orphans = (await handle.db.execute(
    sql.raw(`select (select count(*) from pipeline_issues i where not exists (select 1 from pipeline_outcomes o where o.source_event_id = i.source_event_id))::int as issues,
              (select count(*) from pipeline_items t where not exists (select 1 from pipeline_outcomes o where o.source_event_id = t.current_event_id))::int as items,
              (select count(*) from pipeline_outcomes o where not exists (select 1 from pipeline_items t where t.org = o.org and t.item_key = o.item_key))::int as outcomes`),
  )) as unknown as { rows: { issues: number; items: number; outcomes: number }[] };
  expect(orphans.rows[0], 'no orphan rows').toEqual({ issues: 0, items: 0, outcomes: 0 });
}
