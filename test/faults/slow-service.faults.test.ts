import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createKafkaBus } from '@assay/bus';
import type { ItemDiscovered } from '@assay/contract';
import { serveResults } from '@assay/service-results';
import { assayCommand } from '../support/assay-command.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { expectInvariant, faultRuns, scenarioConfig, waitForOutcomes } from './support/rig.ts';

/*
 * Backpressure: the remote service slows to half a second an answer while hundreds of items wait
 * on the topic. The assessor keeps only its concurrency's worth in flight and leaves the rest on
 * Kafka rather than buffering them: its memory stays under the ceiling while the backlog drains.
 */
const standIn = new URL('../support/stand-in-service.ts', import.meta.url).pathname;
const items = 300;
const concurrency = 8;
const rssCeilingMb = 300;
let database: TestDatabase;
let workDir: string;

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  workDir = await mkdtemp(join(tmpdir(), 'assay-faults-slow-'));
});
afterAll(async () => {
  await database?.drop();
  await rm(workDir, { recursive: true, force: true });
});

async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

describe('fault: the assessment service slows down', () => {
  it.each(faultRuns)('run %i: the assessor holds its concurrency, not the backlog, and stays under the memory ceiling', async (run) => {
    const inbox = join(workDir, `inbox-${run}`);
    // One 1 MB photo per item: buffering the backlog would show in memory at once.
    await mkdir(join(inbox, 'cards', 'photo'), { recursive: true });
    await writeFile(join(inbox, 'cards', 'photo', '1.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(1024 * 1024)]));
    const service = spawn(process.execPath, [standIn, '500'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const serviceUrl = await new Promise<string>((resolve) => service.stdout!.once('data', (d) => resolve(String(d).trim())));
    const { suffix, env, config } = scenarioConfig(database, workDir, inbox, {
      ASSAY_SERVICE_URL: serviceUrl,
      ASSAY_API_KEY: 'assay_stand_in',
      ASSAY_ASSESSOR_CONCURRENCY: String(concurrency),
    });
    const bus = createKafkaBus({ brokers: inject('kafkaBrokers').split(','), clientId: 'backlog' });
    const itemKeys = Array.from({ length: items }, (_, i) => `cards/slow-${run}-${i}`);
    const events = itemKeys.map((key): ItemDiscovered => ({
      type: 'item.discovered',
      schema_version: 1,
      event_id: randomUUID(),
      run_id: null,
      org: 'local',
      item_key: key,
      category: 'cards',
      item_id: key.split('/')[1]!,
      version: 'v1',
      source: inbox,
      images: [{ key: 'cards/photo/1.jpg', etag: 'e', size: 1024 * 1024 + 4 }],
      item_json: null,
      issues: [],
      discovered_at: new Date().toISOString(),
    }));
    await bus.publish(config.pipeline.topics.items, events.map((event) => ({ key: event.item_key, value: JSON.stringify(event) })));
    const results = await serveResults({ ...config, pipeline: { ...config.pipeline, consumerGroup: `results-${suffix}` } });
    let assessor: ChildProcess | undefined;
    let peak = 0;
    try {
      // Started as `pnpm assay serve assessor` starts it: with the node flags package.json gives.
      const assay = assayCommand();
      assessor = spawn(process.execPath, [...assay.args, 'serve', 'assessor'], { env: { ...process.env, ...assay.env, ...env, ASSAY_CONSUMER_GROUP: `assessor-${suffix}` }, stdio: 'ignore' });
      const sampler = setInterval(() => void peakRssMb(assessor!.pid!).then((mb) => (peak = Math.max(peak, mb))), 200);
      await waitForOutcomes(database, itemKeys, 240_000);
      clearInterval(sampler);
      peak = Math.max(peak, await peakRssMb(assessor.pid!));
      const stats = (await (await fetch(`${serviceUrl}/stats`)).json()) as { maxInFlight: number; answered: number };
      console.info(`fault slow service run ${run}: assessor peak RSS ${Math.round(peak)} MB, most assessments in flight ${stats.maxInFlight}`);
      expect(stats.maxInFlight).toBeLessThanOrEqual(concurrency);
      expect(stats.answered).toBeGreaterThanOrEqual(items);
      expect(peak).toBeGreaterThan(0);
      expect(peak).toBeLessThan(rssCeilingMb);
    } finally {
      if (assessor && assessor.exitCode === null) {
        const exited = new Promise((resolve) => assessor!.once('exit', resolve));
        assessor.kill('SIGTERM');
        await exited;
      }
      await results.close();
      await bus.close();
      service.kill();
    }
    await expectInvariant(database, itemKeys, config.pipeline.topics.deadLetters);
  }, 400_000);
});
