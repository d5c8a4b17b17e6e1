import { createAssessor, createHttpGateway, createInProcessGateway, type AssessmentGateway } from '@assay/assessor';
import type { Bucket } from '@assay/bucket';
import { createClient } from '@assay/client';
import { AssayError } from '@assay/contract';
import { loadConfig, type Config } from '@assay/config';
import { createLogger } from '@assay/logger';
import { closeOnSignals, openBucket, openEngine, openKafkaBus, type ServiceOptions } from '@assay/runtime';

/**
 * `assay serve assessor`: a member of the assessor consumer group until SIGTERM. With
 * ASSAY_SERVICE_URL it calls that service over HTTP; without, it assesses in this process.
 */
export async function serveAssessor(config: Config = loadConfig(), options: ServiceOptions = {}): Promise<{ close: () => Promise<void> }> {
  const logger = createLogger({ level: config.logLevel, name: 'assessor' });
  const { serviceUrl, apiKey } = config.pipeline;
  if (serviceUrl && !apiKey) throw new AssayError('REQUEST_INVALID', 'invalid environment: ASSAY_API_KEY is required with ASSAY_SERVICE_URL');
  const bus = openKafkaBus(config, 'assessor', logger, { socketFactory: options.kafkaSocketFactory });
  const engine = serviceUrl ? null : await openEngine(config);
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
  const subscription = await createAssessor({
    bus,
    topics: config.pipeline.topics,
    group: config.pipeline.consumerGroup ?? 'assay-assessor',
    gateway,
    bucketFor,
    concurrency: config.pipeline.assessorConcurrency,
    log: (level, message, fields) => logger[level](fields, message),
  }).start();
  logger.info({ mode: engine ? 'in-process' : 'http', concurrency: config.pipeline.assessorConcurrency }, 'assessor consuming');
  const close = closeOnSignals(
    async () => {
      await subscription.close();
      await bus.close();
      for (const bucket of buckets.values()) await bucket.close();
      await engine?.close();
    },
    config.shutdownTimeoutMs,
    logger,
  );
  return { close };
}
