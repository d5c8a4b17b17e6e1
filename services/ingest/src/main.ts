import { AssayError } from '@assay/contract';
import { loadConfig, type Config } from '@assay/config';
import { createIngestRepository, migrate, openDatabase } from '@assay/db';
import { createIngest, followBucketEvents, type IngestLogger } from '@assay/ingest';
import { createLogger } from '@assay/logger';
import { createRegistry, ingestMetrics } from '@assay/metrics';
import { closeOnSignals, createCloserStack, openBucket, openKafkaBus, reportLag, serveObservability, type ServiceOptions } from '@assay/runtime';

/** `assay serve ingest`: watches ASSAY_INGEST_SOURCE and publishes item events to Kafka until SIGTERM. */
export async function serveIngest(config: Config = loadConfig(), options: ServiceOptions = {}): Promise<{ close: () => Promise<void>; metricsUrl: string }> {
  const logger = createLogger({ level: config.logLevel, name: 'ingest' });
  const source = config.pipeline.ingestSource;
  if (!source) throw new AssayError('REQUEST_INVALID', 'invalid environment: ASSAY_INGEST_SOURCE is required by the ingest service');
  const closers = createCloserStack();
  const metricsUrl = await closers.starting(async () => {
    const bus = closers.push(openKafkaBus(config, 'ingest', logger, { socketFactory: options.kafkaSocketFactory }), (opened) => opened.close());
    const bucket = closers.push(openBucket(source, config), (opened) => opened.close());
    const database = closers.push(await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir }), (opened) => opened.close());
    await migrate(database);
    await Promise.all([bucket.ready(), bus.ready()]);
    const registry = createRegistry('ingest');
    const metrics = ingestMetrics(registry);
    const checks = { database: () => database.ready(), kafka: () => bus.ready(), bucket: () => bucket.ready() };
    const observability = closers.push(await serveObservability(config, registry, checks, logger), (opened) => opened.close());
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
    if (eventsTopic) {
      const following = closers.push(await followBucketEvents({ ingest, bus, topic: eventsTopic, group: eventsGroup, source, log }), (opened) => opened.close());
      reportLag(registry, bus, eventsGroup, [eventsTopic], () => following.assignment());
    }
    const stop = new AbortController();
    const watching = ingest.watch({ intervalMs: config.pipeline.ingestIntervalMs, signal: stop.signal });
    closers.push(stop, async (controller) => {
      controller.abort();
      await watching;
    });
    logger.info({ source, topic: config.pipeline.topics.items, eventsTopic: eventsTopic ?? null }, 'ingest watching');
    return observability.url;
  });
  return { close: closeOnSignals(() => closers.closeAll(), config.shutdownTimeoutMs, logger), metricsUrl };
}
