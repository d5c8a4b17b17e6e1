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
  S3_ENDPOINT: { default: '(AWS)', description: 'Endpoint of an S3-compatible server (MinIO, s3rver); implies path-style addressing' },
  S3_REGION: { default: 'us-east-1', description: 'S3 region' },
  AWS_ACCESS_KEY_ID: { default: '(SDK chain)', description: 'S3 credentials, read by the AWS SDK as usual' },
  AWS_SECRET_ACCESS_KEY: { default: '(SDK chain)', description: 'S3 credentials, read by the AWS SDK as usual' },
  ASSAY_ALLOW_PRIVATE_URLS: { default: '0', description: 'Set to 1 to let URL images point at loopback and private addresses (local development and tests only)' },
  ASSAY_HOST: { default: '127.0.0.1', description: 'Address the API listens on (`--host` overrides)' },
  ASSAY_PORT: { default: '8080', description: 'Port the API listens on (`--port` overrides)' },
  ASSAY_SHUTDOWN_TIMEOUT_MS: { default: '10000', description: 'How long a service may take to finish in-flight work after SIGTERM' },
  LOG_LEVEL: { default: 'info', description: 'pino log level: fatal, error, warn, info, debug, trace or silent' },
} as const;

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  ASSAY_DATA_DIR: z.string().min(1).default('.assay'),
  ASSAY_IMAGE_STORE: z.string().min(1).optional(),
  ASSAY_CATALOG_DIR: z.string().min(1).default('catalog/sample'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  ASSAY_ALLOW_PRIVATE_URLS: flag.default(false),
  ASSAY_HOST: z.string().min(1).default('127.0.0.1'),
  ASSAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  ASSAY_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ImageStoreConfig =
  | { kind: 'folder'; dir: string }
  | { kind: 's3'; bucket: string; prefix: string; endpoint: string | undefined; region: string };

export interface Config {
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  imageStore: ImageStoreConfig;
  catalogDir: string;
  allowPrivateUrls: boolean;
  host: string;
  port: number;
  shutdownTimeoutMs: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
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
    catalogDir: e.ASSAY_CATALOG_DIR,
    allowPrivateUrls: e.ASSAY_ALLOW_PRIVATE_URLS,
    host: e.ASSAY_HOST,
    port: e.ASSAY_PORT,
    shutdownTimeoutMs: e.ASSAY_SHUTDOWN_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
  };
}

function imageStoreConfig(location: string, endpoint: string | undefined, region: string): ImageStoreConfig {
  if (!location.startsWith('s3://')) return { kind: 'folder', dir: location };
  const [bucket = '', ...rest] = location.slice('s3://'.length).split('/');
  if (bucket === '') throw new AssayError('REQUEST_INVALID', 'invalid environment: ASSAY_IMAGE_STORE: s3:// needs a bucket name');
  return { kind: 's3', bucket, prefix: rest.filter(Boolean).join('/'), endpoint, region };
}
