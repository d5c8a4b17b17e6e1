import { createBucket, parseBucketUrl, type Bucket } from '@assay/bucket';
import { createKafkaBus, type Bus, type KafkaSocketFactory } from '@assay/bus';
import { AssayError } from '@assay/contract';
import type { Config } from '@assay/config';
import type { Logger } from '@assay/logger';

/** The Kafka bus of a production service; KAFKA_BROKERS is required. */
export function openKafkaBus(config: Config, service: string, logger: Logger, options: { socketFactory?: KafkaSocketFactory } = {}): Bus {
  const brokers = config.pipeline.kafkaBrokers;
  if (!brokers?.length) throw new AssayError('REQUEST_INVALID', `invalid environment: KAFKA_BROKERS is required by the ${service} service`);
  return createKafkaBus({
    brokers,
    clientId: `assay-${service}`,
    partitions: config.pipeline.partitions,
    sessionTimeoutMs: config.pipeline.kafkaSessionTimeoutMs,
    log: (level, message, context) => logger[level]({ ...context }, message),
    socketFactory: options.socketFactory,
  });
}

/** What a pipeline service can be given besides its configuration. */
export interface ServiceOptions {
  /** How the service's Kafka connections are opened (default: plain TCP), e.g. through a proxy. */
  kafkaSocketFactory?: KafkaSocketFactory;
}

/** The bucket behind a location (a folder or s3://bucket/prefix), with the configured S3 endpoint. */
export function openBucket(location: string, config: Config): Bucket {
  try {
    return createBucket(parseBucketUrl(location, config.s3));
  } catch (error) {
    throw new AssayError('REQUEST_INVALID', `invalid bucket location ${location}: ${(error as Error).message}`);
  }
}
