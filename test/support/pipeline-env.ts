import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * The environment of the pipeline services for one test: its own topics and data folder, the real
 * Kafka peer, ingest scanning `inbox` every half second with no settle time.
 */
export function pipelineEnv(options: { databaseUrl: string; workDir: string; suffix: string; inbox: string }, extra: Record<string, string> = {}): Record<string, string> {
  const { databaseUrl, workDir, suffix, inbox } = options;
  return {
    DATABASE_URL: databaseUrl,
    ASSAY_DATA_DIR: join(workDir, `data-${suffix}`),
    KAFKA_BROKERS: inject('kafkaBrokers'),
    ASSAY_TOPIC_ITEMS: `items-${suffix}`,
    ASSAY_TOPIC_OUTCOMES: `outcomes-${suffix}`,
    ASSAY_TOPIC_DEAD_LETTERS: `dead-${suffix}`,
    ASSAY_INGEST_SOURCE: inbox,
    ASSAY_INGEST_INTERVAL_MS: '500',
    ASSAY_SETTLE_MS: '0',
    LOG_LEVEL: 'silent',
    // Several services share the test process: each takes a free port.
    ASSAY_METRICS_PORT: '0',
    ...extra,
  };
}
