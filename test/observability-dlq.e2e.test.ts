import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccounts } from '@assay/accounts';
import { createKafkaBus } from '@assay/bus';
import { loadConfig } from '@assay/config';
import { operations } from '@assay/contract';
import { createAccountsRepository, createPipelineRepository } from '@assay/db';
import { serveAssessor } from '@assay/service-assessor';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { pipelineEnv } from './support/pipeline-env.ts';
import { runAssay } from './support/cli.ts';

/*
 * The pipeline services on Kafka and PostgreSQL, observed from outside: their /metrics and /readyz
 * while an item fails for want of an enabled operation, then `assay dlq` replaying it once mended.
 */
let database: TestDatabase;
let workDir: string;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
  workDir = await mkdtemp(join(tmpdir(), 'assay-dlq-'));
});
afterAll(async () => {
  await database.drop();
  await rm(workDir, { recursive: true, force: true });
});

const cli = runAssay;

const scrape = async (url: string) => (await fetch(`${url}/metrics`)).text();
/** The value of the one series of `name` whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([key, value]) => (match[2] ?? '').includes(`${key}="${value}"`));
    if (has) return Number(match[3]);
  }
  return undefined;
}

describe('observability and dead-letter replay', () => {
  it('counts what each service did, and replays a dead letter once after the fix', async () => {
    const suffix = randomBytes(4).toString('hex');
    const org = `dlq-${suffix}`;
    // The organization exists but may not assess cards: the item is failed and dead-lettered.
    await createAccounts(createAccountsRepository(database.handle.db)).createKey(org, ['toys.identity']);
    const inbox = join(workDir, `inbox-${suffix}`);
    await cp(new URL('../examples/inbox/cards/listing-001', import.meta.url).pathname, join(inbox, 'cards', 'item-a'), { recursive: true });
    const env = pipelineEnv({ databaseUrl: database.url!, workDir, suffix, inbox }, { ASSAY_INGEST_ORG: org });
    const config = loadConfig(env);
    const results = await serveResults({ ...config, pipeline: { ...config.pipeline, consumerGroup: `results-${suffix}` } });
    const assessor = await serveAssessor({ ...config, pipeline: { ...config.pipeline, consumerGroup: `assessor-${suffix}` } });
    const ingest = await serveIngest(config);
    const bus = createKafkaBus({ brokers: inject('kafkaBrokers').split(','), clientId: 'assay-dlq-test' });
    const saved = { ...process.env };
    try {
      await bus.publish(`items-${suffix}`, [{ key: 'poison', value: 'not an event' }]);
      const repository = createPipelineRepository(database.handle.db);
      const history = () => repository.history(org, 'cards/item-a');
      await expect.poll(async () => (await history()).map((h) => h.outcome), { timeout: 90_000, interval: 500 }).toEqual(['failed']);

      const assessorMetrics = await scrape(assessor.metricsUrl);
      expect(sample(assessorMetrics, 'assay_items_outcome_total', { outcome: 'failed', category: 'cards', service: 'assessor' })).toBe(1);
      expect(sample(assessorMetrics, 'assay_items_dead_lettered_total', { reason: 'OPERATION_NOT_ENABLED' })).toBe(1);
      expect(sample(assessorMetrics, 'assay_items_dead_lettered_total', { reason: 'EVENT_INVALID' })).toBe(1);
      expect(sample(assessorMetrics, 'assay_items_in_flight')).toBe(0);
      expect(sample(assessorMetrics, 'assay_stage_duration_seconds_count', { stage: 'read_upload' })).toBe(1);
      expect(sample(assessorMetrics, 'assay_consumer_lag', { group: `assessor-${suffix}`, topic: `items-${suffix}` })).toBe(0);
      expect(sample(await scrape(ingest.metricsUrl), 'assay_items_discovered_total', { category: 'cards', service: 'ingest' })).toBe(1);
      await expect.poll(async () => sample(await scrape(results.metricsUrl), 'assay_results_written_total'), { timeout: 10_000 }).toBe(1);
      expect(sample(await scrape(results.metricsUrl), 'assay_stage_duration_seconds_count', { stage: 'results_write' })).toBeGreaterThanOrEqual(1);
      for (const url of [ingest.metricsUrl, assessor.metricsUrl, results.metricsUrl]) {
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status, url).toBe(200);
        expect(((await ready.json()) as { checks: Record<string, string> }).checks.kafka).toBe('ok');
      }

      Object.assign(process.env, env);
      const listed = await cli('dlq', 'list', '--json');
      expect(listed.code, listed.err).toBe(0);
      const listing = JSON.parse(listed.out);
      expect(listing).toMatchObject({ total: 2, by_reason: { OPERATION_NOT_ENABLED: 1, EVENT_INVALID: 1 } });
      expect(listing.letters.find((l: { reason: string }) => l.reason === 'EVENT_INVALID')).toMatchObject({ state: 'not_replayable', item_key: 'poison' });
      expect(listing.letters.find((l: { reason: string }) => l.reason === 'OPERATION_NOT_ENABLED')).toMatchObject({ state: 'pending', item_key: 'cards/item-a' });
      expect((await cli('dlq', 'list', '--reason', 'EVENT_INVALID')).out).toMatch(/^1 dead letters on dead-[0-9a-f]+: EVENT_INVALID 1\n/);

      // The fix: the operator enables the operations; the assessor sees it within its 5 s cache.
      await createAccountsRepository(database.handle.db).upsertOrganization(org, [...operations]);
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const replayed = await cli('dlq', 'replay', '--json');
      expect(replayed.code, replayed.err).toBe(0);
      expect(JSON.parse(replayed.out)).toMatchObject({ letters: 2, replayed: 1, published: 1, already_replayed: 0, not_replayable: 1, missing: [] });
      await expect.poll(async () => (await history()).map((h) => h.outcome).sort(), { timeout: 60_000, interval: 500 }).toEqual(['assessed', 'failed']);
      expect((await repository.currentResults()).find((r) => r.itemKey === 'cards/item-a')?.outcome).toBe('assessed');

      const again = await cli('dlq', 'replay');
      expect(again.code, again.err).toBe(0);
      expect(again.out).toContain('replayed 0 dead letters');
      expect(again.out).toContain('1 replayed before');
      expect(again.out).toContain('1 not replayable');
      const after = JSON.parse((await cli('dlq', 'list', '--reason', 'OPERATION_NOT_ENABLED', '--json')).out);
      expect(after.letters).toEqual([expect.objectContaining({ state: 'replayed', replayed_at: expect.any(String) })]);
      expect(sample(await scrape(assessor.metricsUrl), 'assay_items_outcome_total', { outcome: 'assessed' })).toBe(1);

      delete process.env.KAFKA_BROKERS;
      const withoutKafka = await cli('dlq', 'list');
      expect(withoutKafka.code).toBe(2);
      expect(withoutKafka.err).toContain('KAFKA_BROKERS');
      expect((await cli('dlq', 'purge')).code).toBe(2);
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
      await bus.close();
      await ingest.close();
      await assessor.close();
      await results.close();
    }
    // Closed cleanly: nothing listens any more.
    await expect(fetch(`${assessor.metricsUrl}/healthz`)).rejects.toThrow();
  }, 200_000);
});
