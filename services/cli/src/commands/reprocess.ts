import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Bucket } from '@assay/bucket';
import { categories } from '@assay/contract';
import { loadConfig } from '@assay/config';
import { createPipelineRepository, migrate, openDatabase } from '@assay/db';
import { createLogger } from '@assay/logger';
import { embeddedTopics, republish, selectForReprocess, startEmbeddedPipeline, summarise, type ReprocessFilter } from '@assay/pipeline';
import { batchVisionWorkers, openBucket, openEngine, openKafkaBus, releaseFreedMemory } from '@assay/runtime';
import { UsageError, type CommandIo } from '../io.ts';

function filterFrom(values: Record<string, string | boolean | undefined>): ReprocessFilter {
  const filter: ReprocessFilter = {};
  if (typeof values.since === 'string') {
    const since = new Date(values.since);
    if (Number.isNaN(since.getTime())) throw new UsageError(`--since must be a date, e.g. 2026-11-01, not "${values.since}"`);
    filter.since = since;
  }
  if (typeof values.category === 'string') {
    if (!(categories as readonly string[]).includes(values.category)) throw new UsageError(`--category must be one of ${categories.join(', ')}`);
    filter.category = values.category;
  }
  if (typeof values['catalog-version'] === 'string') {
    const version = Number(values['catalog-version']);
    if (!Number.isInteger(version) || version < 1) throw new UsageError('--catalog-version must be a catalog version number');
    filter.catalogVersion = version;
  }
  if (typeof values['below-confidence'] === 'string') {
    const below = Number(values['below-confidence']);
    if (!(below > 0 && below <= 1)) throw new UsageError('--below-confidence must be a number above 0 and at most 1');
    filter.belowConfidence = below;
  }
  if (typeof values.run === 'string') filter.runId = values.run;
  return filter;
}

/**
 * `assay reprocess`: assesses matching items again. With KAFKA_BROKERS the fresh events go to the
 * items topic for the running services; without, they are assessed here, as `assay run` would.
 */
export async function reprocessCommand(args: string[], io: CommandIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      since: { type: 'string' },
      category: { type: 'string' },
      'catalog-version': { type: 'string' },
      'below-confidence': { type: 'string' },
      run: { type: 'string' },
      json: { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '4' },
    },
  });
  if (positionals.length > 0) throw new UsageError('reprocess takes only options');
  const filter = filterFrom(values);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError('--concurrency must be a whole number of at least 1');
  const config = loadConfig();
  const buckets = new Map<string, Bucket>();
  const bucketFor = (source: string) => {
    let bucket = buckets.get(source);
    if (!bucket) buckets.set(source, (bucket = openBucket(source, config)));
    return bucket;
  };
  const started = Date.now();
  const runId = randomUUID();
  try {
    if (config.pipeline.kafkaBrokers?.length) {
      const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
      const bus = openKafkaBus(config, 'reprocess', createLogger({ level: config.logLevel, name: 'reprocess' }));
      try {
        await migrate(database);
        const { selected, published, missing } = await republish(selectForReprocess(database.db, filter), { bus, topic: config.pipeline.topics.items, bucketFor, runId });
        io.out.write(`${JSON.stringify({ run_id: runId, selected, published, missing })}\n`);
      } finally {
        await bus.close();
        await database.close();
      }
      return 0;
    }
    const engine = await openEngine(config, { visionWorkers: batchVisionWorkers(config) });
    const stopReleasingMemory = releaseFreedMemory();
    try {
      const pipeline = await startEmbeddedPipeline({ engine, runId, bucketFor, concurrency });
      try {
        const { selected, published, missing } = await republish(selectForReprocess(engine.database.db, filter), { bus: pipeline.bus, topic: embeddedTopics.items, bucketFor, runId });
        await pipeline.waitFor(published);
        const summary = summarise(runId, await createPipelineRepository(engine.database.db).resultCounts({ runId }), Date.now() - started);
        const { run_id, items, assessed, rejected, failed, duration_ms } = summary;
        io.out.write(
          values.json
            ? `${JSON.stringify({ run_id, items, assessed, rejected, failed, duration_ms, missing })}\n`
            : `reprocess ${run_id}: ${items} of ${selected} selected items assessed again (assessed ${assessed}, rejected ${rejected}, failed ${failed})${missing.length ? `; ${missing.length} no longer in the bucket: ${missing.slice(0, 5).join(', ')}` : ''}\n`,
        );
        return failed > 0 ? 1 : 0;
      } finally {
        await pipeline.close();
      }
    } finally {
      stopReleasingMemory();
      await engine.close();
    }
  } finally {
    for (const bucket of buckets.values()) await bucket.close();
  }
}
