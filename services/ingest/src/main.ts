import { AssayError } from '@assay/contract';
import { loadConfig, type Config } from '@assay/config';
import { createIngestRepository, migrate, openDatabase } from '@assay/db';
import { createIngest, followBucketEvents, type IngestLogger } from '@assay/ingest';
import { createLogger } from '@assay/logger';
import { createRegistry, ingestMetrics } from '@assay/metrics';
import { closeOnSignals, openBucket, openKafkaBus, reportLag, serveObservability, type ServiceOptions } from '@assay/runtime';

/** `assay serve ingest`: watches ASSAY_INGEST_SOURCE and publishes item events to Kafka until SIGTERM. */
export async function serveIngest(config: Config = loadConfig(), options: ServiceOptions = {}): Promise<{ close: () => Promise<void>; metricsUrl: string }> {
  const logger = createLogger({ level: config.logLevel, name: 'ingest' });
  const source = config.pipeline.ingestSource;
  if (!source) throw new AssayError('REQUEST_INVALID', 'invalid environment: ASSAY_INGEST_SOURCE is required by the ingest service');
  const bus = openKafkaBus(config, 'ingest', logger, { socketFactory: options.kafkaSocketFactory });
  const bucket = openBucket(source, config);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  await migrate(database);
  await Promise.all([bucket.ready(), bus.ready()]);
  const registry = createRegistry('ingest');
  const metrics = ingestMetrics(registry);
  const observability = await serveObservability(config, registry, { database: () => database.ready(), kafka: () => bus.ready(), bucket: () => bucket.ready() }, logger);
  const log: IngestLogger = (level, message, context) => logger[level]({ ...context }, message);
  const ingest = createIngest({
    bucket,
    bus,
    repository: createIngestRepository(database.db),
    topic: config.pipeline.topics.items,
    org: config.pipeline.ingestOrg,
    source,
    settleMs: config.pipeline.settleMs,
    log,
    onPublished: (events) => {
      for (const event of events) metrics.discovered.inc({ category: event.category });
    },
  });
  const eventsTopic = config.pipeline.ingestEventsTopic;
  const eventsGroup = config.pipeline.consumerGroup ?? 'assay-ingest';
  const following = eventsTopic
    ? await followBucketEvents({ ingest, bus, topic: eventsTopic, group: eventsGroup, source, log }).catch(async (error: unknown) => {
        await observability.close();
        throw error;
      })
    : null;
  if (following && eventsTopic) reportLag(registry, bus, eventsGroup, [eventsTopic], () => following.assignment());
  const stop = new AbortController();
  const watching = ingest.watch({ intervalMs: config.pipeline.ingestIntervalMs, signal: stop.signal });
  logger.info({ source, topic: config.pipeline.topics.items, eventsTopic: eventsTopic ?? null }, 'ingest watching');
  const close = closeOnSignals(
    async () => {
      stop.abort();
      await following?.close();
      await watching;
      await bus.close();
      await bucket.close();
      await database.close();
      await observability.close();
    },
    config.shutdownTimeoutMs,
    logger,
  );
  return { close, metricsUrl: observability.url };
}
