import { createAssessor, createHttpGateway, createInProcessGateway, openingGateway, type AssessmentGateway } from '@assay/assessor';
import type { Bucket } from '@assay/bucket';
import { createClient } from '@assay/client';
import { AssayError } from '@assay/contract';
import { loadConfig, type Config } from '@assay/config';
import { createLogger } from '@assay/logger';
import { assessorMetrics, createRegistry, type ReadinessChecks } from '@assay/metrics';
import { closeOnSignals, createCloserStack, openBucket, openEngine, openKafkaBus, reportLag, serveObservability, type ServiceOptions } from '@assay/runtime';

/**
 * `assay serve assessor`: a member of the assessor consumer group until SIGTERM. With
 * ASSAY_SERVICE_URL it calls that service over HTTP; without, it assesses in this process.
 */
export async function serveAssessor(config: Config = loadConfig(), options: ServiceOptions = {}): Promise<{ close: () => Promise<void>; metricsUrl: string }> {
  const logger = createLogger({ level: config.logLevel, name: 'assessor' });
  const { serviceUrl, apiKey } = config.pipeline;
  if (serviceUrl && !apiKey) throw new AssayError('REQUEST_INVALID', 'invalid environment: ASSAY_API_KEY is required with ASSAY_SERVICE_URL');
  const group = config.pipeline.consumerGroup ?? 'assay-assessor';
  const closers = createCloserStack();
  const metricsUrl = await closers.starting(async () => {
    const bus = closers.push(openKafkaBus(config, 'assessor', logger, { socketFactory: options.kafkaSocketFactory }), (opened) => opened.close());
    // The engine opens while the group is joined: a restarted assessor waits for the group to drop
    // its dead predecessor anyway, and need not add the engine's start to that wait.
    const opening = serviceUrl ? null : openEngine(config, { preload: true });
    if (opening) {
      opening.catch(() => {}); // awaited below, once the group is joined
      closers.push(opening, (engine) => engine.then((opened) => opened.close(), () => {}));
    }
    const gateway: AssessmentGateway = opening
      ? openingGateway(opening.then((engine) => createInProcessGateway({ uploads: engine.uploads, assessments: engine.assessments, accounts: engine.accountsRepository })))
      : createHttpGateway(createClient({ baseUrl: serviceUrl!, apiKey: apiKey!, timeoutMs: config.pipeline.serviceTimeoutMs }));
    await bus.ready();
    const buckets = closers.push(new Map<string, Bucket>(), async (opened) => {
      for (const bucket of opened.values()) await bucket.close();
    });
    const bucketFor = (source: string) => {
      let bucket = buckets.get(source);
      if (!bucket) buckets.set(source, (bucket = openBucket(source, config)));
      return bucket;
    };

    const registry = createRegistry('assessor');
    const metrics = assessorMetrics(registry);
    const checks: ReadinessChecks = {
      kafka: () => bus.ready(),
      ...(opening ? { database: () => opening.then((engine) => engine.database.ready()), image_store: () => opening.then((engine) => engine.store.ready()) } : {}),
      // The watched buckets this instance has read from so far.
      buckets: () => Promise.all([...buckets.values()].map((bucket) => bucket.ready())),
    };
    const observability = closers.push(await serveObservability(config, registry, checks, logger), (opened) => opened.close());

    const assessor = createAssessor({
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
    });
    // Left first on shutdown: the items in flight finish or go back to the group before the rest closes.
    const subscription = closers.push(await assessor.start(), (joined) => joined.close());
    reportLag(registry, bus, group, [config.pipeline.topics.items], () => subscription.assignment());
    // An engine that cannot open stops the service; the items it was given go back to the group.
    const engine = opening ? await opening : null;
    logger.info({ mode: engine ? 'in-process' : 'http', concurrency: config.pipeline.assessorConcurrency }, 'assessor consuming');
    return observability.url;
  });
  return { close: closeOnSignals(() => closers.closeAll(), config.shutdownTimeoutMs, logger), metricsUrl };
}
