import { loadConfig, type Config } from '@assay/config';
import { createPipelineRepository, migrate, openDatabase } from '@assay/db';
import { createLogger } from '@assay/logger';
import { createRegistry, resultsMetrics } from '@assay/metrics';
import { createResultsWriter } from '@assay/results';
import { closeOnSignals, createCloserStack, openKafkaBus, reportLag, serveObservability, type ServiceOptions } from '@assay/runtime';

/** `assay serve results`: stores item outcomes from Kafka into PostgreSQL until SIGTERM. */
export async function serveResults(config: Config = loadConfig(), options: ServiceOptions = {}): Promise<{ close: () => Promise<void>; metricsUrl: string }> {
  const logger = createLogger({ level: config.logLevel, name: 'results' });
  const group = config.pipeline.consumerGroup ?? 'assay-results';
  const closers = createCloserStack();
  const metricsUrl = await closers.starting(async () => {
    const bus = closers.push(openKafkaBus(config, 'results', logger, { socketFactory: options.kafkaSocketFactory }), (opened) => opened.close());
    const database = closers.push(await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir }), (opened) => opened.close());
    await migrate(database);
    await bus.ready();
    const registry = createRegistry('results');
    const metrics = resultsMetrics(registry);
    const observability = closers.push(await serveObservability(config, registry, { database: () => database.ready(), kafka: () => bus.ready() }, logger), (opened) => opened.close());
    const writer = createResultsWriter({
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
    });
    // The group is left first on shutdown, so no batch is taken that the closing database could not store.
    const subscription = closers.push(await writer.start(), (joined) => joined.close());
    reportLag(registry, bus, group, [config.pipeline.topics.outcomes], () => subscription.assignment());
    logger.info({ topic: config.pipeline.topics.outcomes }, 'results consuming');
    return observability.url;
  });
  return { close: closeOnSignals(() => closers.closeAll(), config.shutdownTimeoutMs, logger), metricsUrl };
}
