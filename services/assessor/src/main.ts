import { createAssessor, createHttpGateway, createInProcessGateway, type AssessmentGateway } from '@assay/assessor';
import type { Bucket } from '@assay/bucket';
import type { Subscription } from '@assay/bus';
import { createClient } from '@assay/client';
import { AssayError } from '@assay/contract';
import { loadConfig, type Config } from '@assay/config';
import { createLogger } from '@assay/logger';
import { assessorMetrics, createRegistry, type ReadinessChecks } from '@assay/metrics';
import { closeOnSignals, openBucket, openEngine, openKafkaBus, reportLag, serveObservability, type ServiceOptions } from '@assay/runtime';

/**
 * `assay serve assessor`: a member of the assessor consumer group until SIGTERM. With
 * ASSAY_SERVICE_URL it calls that service over HTTP; without, it assesses in this process.
 */
export async function serveAssessor(config: Config = loadConfig(), options: ServiceOptions = {}): Promise<{ close: () => Promise<void>; metricsUrl: string }> {
  const logger = createLogger({ level: config.logLevel, name: 'assessor' });
  const { serviceUrl, apiKey } = config.pipeline;
  if (serviceUrl && !apiKey) throw new AssayError('REQUEST_INVALID', 'invalid environment: ASSAY_API_KEY is required with ASSAY_SERVICE_URL');
  const group = config.pipeline.consumerGroup ?? 'assay-assessor';
  const bus = openKafkaBus(config, 'assessor', logger, { socketFactory: options.kafkaSocketFactory });
  const engine = serviceUrl ? null : await openEngine(config, { preload: true });
  const gateway: AssessmentGateway = engine
    ? createInProcessGateway({ uploads: engine.uploads, assessments: engine.assessments, accounts: engine.accountsRepository })
    : createHttpGateway(createClient({ baseUrl: serviceUrl!, apiKey: apiKey!, timeoutMs: config.pipeline.serviceTimeoutMs }));
  await bus.ready();
  const buckets = new Map<string, Bucket>();
  const bucketFor = (source: string) => {
    let bucket = buckets.get(source);
    if (!bucket) buckets.set(source, (bucket = openBucket(source, config)));
    return bucket;
  };

  const registry = createRegistry('assessor');
  const metrics = assessorMetrics(registry);
  let subscription: Subscription | undefined;
  reportLag(registry, bus, group, [config.pipeline.topics.items], () => subscription?.assignment() ?? []);
  const checks: ReadinessChecks = {
    kafka: () => bus.ready(),
    ...(engine ? { database: () => engine.database.ready(), image_store: () => engine.store.ready() } : {}),
    // The watched buckets this instance has read from so far.
    buckets: () => Promise.all([...buckets.values()].map((bucket) => bucket.ready())),
  };
  const observability = await serveObservability(config, registry, checks, logger);

  subscription = await createAssessor({
    bus,
    topics: config.pipeline.topics,
    group,
    gateway,
    bucketFor,
    concurrency: config.pipeline.assessorConcurrency,
    log: (level, message, fields) => logger[level](fields, message),
    onOutcome: (outcome) => metrics.outcomes.inc({ outcome: outcome.outcome, category: outcome.category }),
    monitor: {
      inFlight: (delta) => metrics.inFlight.inc(delta),
      stage: (stage, seconds) => metrics.stageSeconds.observe({ stage }, seconds),
      retry: (failure) => metrics.retries.inc({ code: failure.code }),
      deadLettered: (letter) => metrics.deadLettered.inc({ reason: letter.reason }),
    },
  })
    .start()
    .catch(async (error: unknown) => {
      await observability.close();
      throw error;
    });
  logger.info({ mode: engine ? 'in-process' : 'http', concurrency: config.pipeline.assessorConcurrency }, 'assessor consuming');
  const joined = subscription;
  const close = closeOnSignals(
    async () => {
      await joined.close();
      await bus.close();
      for (const bucket of buckets.values()) await bucket.close();
      await engine?.close();
      await observability.close();
    },
    config.shutdownTimeoutMs,
    logger,
  );
  return { close, metricsUrl: observability.url };
}
