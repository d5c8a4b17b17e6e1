import { loadConfig, type Config } from '@assay/config';
import { createPipelineRepository, migrate, openDatabase } from '@assay/db';
import { createLogger } from '@assay/logger';
import { createResultsWriter } from '@assay/results';
import { closeOnSignals, openKafkaBus, type ServiceOptions } from '@assay/runtime';

/** `assay serve results`: stores item outcomes from Kafka into PostgreSQL until SIGTERM. */
export async function serveResults(config: Config = loadConfig(), options: ServiceOptions = {}): Promise<{ close: () => Promise<void> }> {
  const logger = createLogger({ level: config.logLevel, name: 'results' });
  const bus = openKafkaBus(config, 'results', logger, { socketFactory: options.kafkaSocketFactory });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  await migrate(database);
  await bus.ready();
  const subscription = await createResultsWriter({
    bus,
    repository: createPipelineRepository(database.db),
    topic: config.pipeline.topics.outcomes,
    deadLetters: config.pipeline.topics.deadLetters,
    group: config.pipeline.consumerGroup ?? 'assay-results',
    log: (level, message, fields) => logger[level](fields, message),
  }).start();
  logger.info({ topic: config.pipeline.topics.outcomes }, 'results consuming');
  const close = closeOnSignals(
    async () => {
      await subscription.close();
      await bus.close();
      await database.close();
    },
    config.shutdownTimeoutMs,
    logger,
  );
  return { close };
}
