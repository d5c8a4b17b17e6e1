import type { Subscription } from '@assay/bus';
import { loadConfig, type Config } from '@assay/config';
import { createPipelineRepository, migrate, openDatabase } from '@assay/db';
import { createLogger } from '@assay/logger';
import { createRegistry, resultsMetrics } from '@assay/metrics';
import { createResultsWriter } from '@assay/results';
import { closeOnSignals, openKafkaBus, reportLag, serveObservability, type ServiceOptions } from '@assay/runtime';

/** `assay serve results`: stores item outcomes from Kafka into PostgreSQL until SIGTERM. */
export async function serveResults(config: Config = loadConfig(), options: ServiceOptions = {}): Promise<{ close: () => Promise<void>; metricsUrl: string }> {
  const logger = createLogger({ level: config.logLevel, name: 'results' });
  const group = config.pipeline.consumerGroup ?? 'assay-results';
  const bus = openKafkaBus(config, 'results', logger, { socketFactory: options.kafkaSocketFactory });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  await migrate(database);
  await bus.ready();
  const registry = createRegistry('results');
  const metrics = resultsMetrics(registry);
  let subscription: Subscription | undefined;
  reportLag(registry, bus, group, [config.pipeline.topics.outcomes], () => subscription?.assignment() ?? []);
  const observability = await serveObservability(config, registry, { database: () => database.ready(), kafka: () => bus.ready() }, logger);
  subscription = await createResultsWriter({
    bus,
    repository: createPipelineRepository(database.db),
    topic: config.pipeline.topics.outcomes,
    deadLetters: config.pipeline.topics.deadLetters,
    group,
    log: (level, message, fields) => logger[level](fields, message),
    onStored: (outcomes, { stored, seconds }) => {
      metrics.written.inc(stored);
      metrics.duplicates.inc(outcomes.length - stored);
      metrics.stageSeconds.observe({ stage: 'results_write' }, seconds);
    },
  })
    .start()
    .catch(async (error: unknown) => {
      await observability.close();
      throw error;
    });
  logger.info({ topic: config.pipeline.topics.outcomes }, 'results consuming');
  const joined = subscription;
  const close = closeOnSignals(
    async () => {
      await joined.close();
      await bus.close();
      await database.close();
      await observability.close();
    },
    config.shutdownTimeoutMs,
    logger,
  );
  return { close, metricsUrl: observability.url };
}
