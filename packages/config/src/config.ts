import { join } from 'node:path';
import { z } from 'zod';
import { AssayError } from '@assay/contract';

/**
 * Every environment variable Assay reads, with its default and meaning. The README's table is
 * checked against this list by a test, so adding a variable here without documenting it fails.
 */
export const envVariables = {
  DATABASE_URL: { default: '(unset: embedded PGlite)', description: 'PostgreSQL connection string; unset, Assay keeps an embedded PGlite database in `$ASSAY_DATA_DIR/pglite`' },
  ASSAY_DATA_DIR: { default: '.assay', description: 'Folder for the embedded database and the local image store' },
  ASSAY_IMAGE_STORE: { default: '`$ASSAY_DATA_DIR/images`', description: 'Where uploaded images are kept: a folder path, or `s3://bucket/prefix`' },
  ASSAY_CATALOG_DIR: { default: 'catalog/sample', description: 'Catalog imported when a service starts on a database that has none yet (`assay catalog import` adds versions)' },
  ASSAY_SPOT_PRICES: { default: '`catalog/spot-prices.json`', description: 'Dated table of metal spot prices (USD per gram) that coin melt values are computed from (see docs/api.md)' },
  S3_ENDPOINT: { default: '(AWS)', description: 'Endpoint of an S3-compatible server (MinIO, s3rver); implies path-style addressing' },
  S3_REGION: { default: 'us-east-1', description: 'S3 region' },
  AWS_ACCESS_KEY_ID: { default: '(SDK chain)', description: 'S3 credentials, read by the AWS SDK as usual' },
  AWS_SECRET_ACCESS_KEY: { default: '(SDK chain)', description: 'S3 credentials, read by the AWS SDK as usual' },
  ASSAY_ALLOW_PRIVATE_URLS: { default: '0', description: 'Set to 1 to let URL images point at loopback and private addresses (local development and tests only)' },
  ASSAY_HOST: { default: '127.0.0.1', description: 'Address the API listens on (`--host` overrides)' },
  ASSAY_PORT: { default: '8080', description: 'Port the API listens on (`--port` overrides)' },
  ASSAY_METRICS_HOST: { default: '127.0.0.1', description: 'Address the pipeline services serve `/healthz`, `/readyz` and `/metrics` on (the API serves them on its own port)' },
  ASSAY_METRICS_PORT: { default: '9464', description: "Port of the pipeline services' `/healthz`, `/readyz` and `/metrics`; 0 picks a free port (the bound address is logged)" },
  ASSAY_RATE_LIMIT_PER_MINUTE: { default: '600', description: 'Requests each API key may make per minute (per API instance); 0 turns the limit off' },
  ASSAY_RATE_LIMIT_BURST: { default: '60', description: 'Requests a key may make at once after a quiet spell' },
  ASSAY_REQUEST_TIMEOUT_MS: { default: '60000', description: 'How long the API waits for a whole request (headers and body) to arrive' },
  ASSAY_SHUTDOWN_TIMEOUT_MS: { default: '10000', description: 'How long a service may take to finish in-flight work after SIGTERM' },
  LOG_LEVEL: { default: 'info', description: 'pino log level: fatal, error, warn, info, debug, trace or silent' },
  KAFKA_BROKERS: { default: '(unset)', description: 'Comma-separated Kafka brokers; the pipeline services need them (`assay run` uses an in-process bus instead)' },
  ASSAY_KAFKA_SESSION_TIMEOUT_MS: { default: '30000', description: "How long a silent consumer keeps its partitions before the group hands them to others. A killed service's items wait this long for another member (or its restart) to take them; lower it (Kafka brokers accept 6000 and up by default) for faster takeover, at the risk of a member on a stalled host being dropped" },
  ASSAY_TOPIC_ITEMS: { default: 'assay.items', description: 'Topic of `item.discovered` events' },
  ASSAY_TOPIC_OUTCOMES: { default: 'assay.outcomes', description: 'Topic of `item.outcome` events' },
  ASSAY_TOPIC_DEAD_LETTERS: { default: 'assay.dead-letters', description: 'Topic of events that could not be processed, with the reason' },
  ASSAY_TOPIC_PARTITIONS: { default: '12', description: 'Partitions of the topics Assay creates (where the broker lets it)' },
  ASSAY_CONSUMER_GROUP: { default: '`assay-<service>`', description: 'Consumer group of the assessor, results or (for bucket events) ingest service' },
  ASSAY_INGEST_SOURCE: { default: '(unset)', description: 'What `serve ingest` watches: a folder or `s3://bucket/prefix`' },
  ASSAY_INGEST_ORG: { default: 'local', description: 'Organization the ingested items are assessed for' },
  ASSAY_INGEST_INTERVAL_MS: { default: '10000', description: 'Pause between two scans of the watched bucket' },
  ASSAY_INGEST_EVENTS_TOPIC: { default: '(unset)', description: "Topic of the watched bucket's S3 event notifications (MinIO's Kafka target); set, ingest looks at the folders they name at once, and its scans become the safety net" },
  ASSAY_SETTLE_MS: { default: '30000', description: 'How long a folder without item.json must be unchanged to be ready' },
  ASSAY_ASSESSOR_CONCURRENCY: { default: '8', description: 'Assessments one assessor instance has in flight (as many more items read and upload their images meanwhile)' },
  ASSAY_VISION_WORKERS: { default: '(one per core; `assay run`: one fewer, none on two cores or fewer)', description: 'Photo-analysis worker threads. Each holds about 45 MB; `assay run` and in-process `assay reprocess` leave a core to their pipeline and embedded database, and on two cores or fewer analyse on their main thread (`assay run --workers` overrides). 0: on the main thread, which then answers nothing else while it analyses a photo (not for `serve api`)' },
  ASSAY_SERVICE_URL: { default: '(unset: in-process)', description: 'Base URL of a service speaking the spec; set, the assessor calls it over HTTP instead of assessing in-process' },
  ASSAY_SERVICE_TIMEOUT_MS: { default: '60000', description: 'How long the assessor waits for one answer of `ASSAY_SERVICE_URL` before trying again' },
  ASSAY_API_KEY: { default: '(unset)', description: 'API key the assessor uses with `ASSAY_SERVICE_URL` (never logged)' },
} as const;

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  ASSAY_DATA_DIR: z.string().min(1).default('.assay'),
  ASSAY_IMAGE_STORE: z.string().min(1).optional(),
  ASSAY_CATALOG_DIR: z.string().min(1).default('catalog/sample'),
  ASSAY_SPOT_PRICES: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  ASSAY_ALLOW_PRIVATE_URLS: flag.default(false),
  ASSAY_HOST: z.string().min(1).default('127.0.0.1'),
  ASSAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  ASSAY_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  ASSAY_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  ASSAY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  ASSAY_RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(60),
  ASSAY_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  ASSAY_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  KAFKA_BROKERS: z.string().min(1).optional(),
  ASSAY_KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(3000).max(300_000).default(30_000),
  ASSAY_TOPIC_ITEMS: z.string().min(1).default('assay.items'),
  ASSAY_TOPIC_OUTCOMES: z.string().min(1).default('assay.outcomes'),
  ASSAY_TOPIC_DEAD_LETTERS: z.string().min(1).default('assay.dead-letters'),
  ASSAY_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(10_000).default(12),
  ASSAY_CONSUMER_GROUP: z.string().min(1).optional(),
  ASSAY_INGEST_SOURCE: z.string().min(1).optional(),
  ASSAY_INGEST_ORG: z.string().min(1).default('local'),
  ASSAY_INGEST_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  ASSAY_INGEST_EVENTS_TOPIC: z.string().min(1).optional(),
  ASSAY_SETTLE_MS: z.coerce.number().int().min(0).default(30_000),
  ASSAY_ASSESSOR_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(8),
  ASSAY_VISION_WORKERS: z.coerce.number().int().min(0).max(256).optional(),
  ASSAY_SERVICE_URL: z.url().optional(),
  ASSAY_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  ASSAY_API_KEY: z.string().min(1).optional(),
});

export type ImageStoreConfig =
  | { kind: 'folder'; dir: string }
  | { kind: 's3'; bucket: string; prefix: string; endpoint: string | undefined; region: string };

export interface Config {
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  imageStore: ImageStoreConfig;
  /** How to reach S3 for any bucket URL (images, watched locations). */
  s3: { endpoint: string | undefined; region: string };
  catalogDir: string;
  /** Spot-price table for coin melt values; undefined: the one shipped in catalog/. */
  spotPricesFile: string | undefined;
  allowPrivateUrls: boolean;
  host: string;
  port: number;
  /** Where a pipeline service serves its health, readiness and metrics endpoints. */
  metrics: { host: string; port: number };
  shutdownTimeoutMs: number;
  /** Requests per minute and burst per API key; null: not limited. */
  rateLimit: { perMinute: number; burst: number } | null;
  requestTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Photo-analysis worker threads; undefined: the command's default (see `openEngine`). */
  visionWorkers: number | undefined;
  pipeline: PipelineConfig;
}

export interface PipelineConfig {
  kafkaBrokers: string[] | undefined;
  kafkaSessionTimeoutMs: number;
  topics: { items: string; outcomes: string; deadLetters: string };
  partitions: number;
  consumerGroup: string | undefined;
  ingestSource: string | undefined;
  ingestOrg: string;
  ingestIntervalMs: number;
  /** Where the watched bucket's event notifications arrive; unset: scanning only. */
  ingestEventsTopic: string | undefined;
  settleMs: number;
  assessorConcurrency: number;
  serviceUrl: string | undefined;
  serviceTimeoutMs: number;
  apiKey: string | undefined;
}

/** Reads and validates the environment; a bad value is an error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and compose files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new AssayError('REQUEST_INVALID', `invalid environment: ${problems}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: e.ASSAY_DATA_DIR,
    pgliteDir: join(e.ASSAY_DATA_DIR, 'pglite'),
    imageStore: imageStoreConfig(e.ASSAY_IMAGE_STORE ?? join(e.ASSAY_DATA_DIR, 'images'), e.S3_ENDPOINT, e.S3_REGION),
    s3: { endpoint: e.S3_ENDPOINT, region: e.S3_REGION },
    catalogDir: e.ASSAY_CATALOG_DIR,
    spotPricesFile: e.ASSAY_SPOT_PRICES,
    allowPrivateUrls: e.ASSAY_ALLOW_PRIVATE_URLS,
    host: e.ASSAY_HOST,
    port: e.ASSAY_PORT,
    metrics: { host: e.ASSAY_METRICS_HOST, port: e.ASSAY_METRICS_PORT },
    shutdownTimeoutMs: e.ASSAY_SHUTDOWN_TIMEOUT_MS,
    rateLimit: e.ASSAY_RATE_LIMIT_PER_MINUTE === 0 ? null : { perMinute: e.ASSAY_RATE_LIMIT_PER_MINUTE, burst: e.ASSAY_RATE_LIMIT_BURST },
    requestTimeoutMs: e.ASSAY_REQUEST_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    visionWorkers: e.ASSAY_VISION_WORKERS,
    pipeline: {
      kafkaBrokers: e.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean),
      kafkaSessionTimeoutMs: e.ASSAY_KAFKA_SESSION_TIMEOUT_MS,
      topics: { items: e.ASSAY_TOPIC_ITEMS, outcomes: e.ASSAY_TOPIC_OUTCOMES, deadLetters: e.ASSAY_TOPIC_DEAD_LETTERS },
      partitions: e.ASSAY_TOPIC_PARTITIONS,
      consumerGroup: e.ASSAY_CONSUMER_GROUP,
      ingestSource: e.ASSAY_INGEST_SOURCE,
      ingestOrg: e.ASSAY_INGEST_ORG,
      ingestIntervalMs: e.ASSAY_INGEST_INTERVAL_MS,
      ingestEventsTopic: e.ASSAY_INGEST_EVENTS_TOPIC,
      settleMs: e.ASSAY_SETTLE_MS,
      assessorConcurrency: e.ASSAY_ASSESSOR_CONCURRENCY,
      serviceUrl: e.ASSAY_SERVICE_URL,
      serviceTimeoutMs: e.ASSAY_SERVICE_TIMEOUT_MS,
      apiKey: e.ASSAY_API_KEY,
    },
  };
}

function imageStoreConfig(location: string, endpoint: string | undefined, region: string): ImageStoreConfig {
  if (!location.startsWith('s3://')) return { kind: 'folder', dir: location };
  const [bucket = '', ...rest] = location.slice('s3://'.length).split('/');
  if (bucket === '') throw new AssayError('REQUEST_INVALID', 'invalid environment: ASSAY_IMAGE_STORE: s3:// needs a bucket name');
  return { kind: 's3', bucket, prefix: rest.filter(Boolean).join('/'), endpoint, region };
}
