import type { S3Client } from '@aws-sdk/client-s3';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** How to reach S3 or an S3-compatible server; shared by every S3 adapter of Assay. */
export interface S3ConnectionOptions {
  /** For S3-compatible servers (MinIO, s3rver); AWS itself needs none. */
  endpoint?: string;
  region?: string;
  /** Bucket in the path rather than the host name, as most S3-compatible servers need. */
  forcePathStyle?: boolean;
  /** Without these, the AWS SDK's usual sources (AWS_ACCESS_KEY_ID and friends, profiles, roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /**
   * How long to wait for a connection, and for the next bytes of an answer, before the call fails as
   * unreachable (default `defaultS3Timeouts`). Without them an endpoint that accepts a connection and
   * never answers holds a run forever.
   */
  timeouts?: { connectMs: number; idleMs: number };
}

/**
 * A connection to a live endpoint takes milliseconds, so 10 s means it is not coming; an object of
 * 10 MB (the largest image read) arrives in well under a minute on any link a batch runs over, and
 * 60 s is the silence allowed between its bytes, not its whole transfer.
 */
export const defaultS3Timeouts = { connectMs: 10_000, idleMs: 60_000 };

/**
 * A client of S3 whose SDK loads on the first call: the SDK takes several MB of heap, and a batch
 * read from a folder into a local image store never needs it.
 */
export interface S3Connection {
  /** Runs `call` with the client and the SDK's module (for its command classes). */
  run<T>(call: (client: S3Client, sdk: S3Sdk) => Promise<T>): Promise<T>;
  destroy(): void;
}

/** The region of a connection that names none (S3_REGION's default too). */
export const defaultS3Region = 'us-east-1';

export function createS3Client(options: S3ConnectionOptions): S3Connection {
  let opened: Promise<{ client: S3Client; sdk: S3Sdk }> | undefined;
  let destroyed = false;
  const open = async () => {
    const sdk = await import('@aws-sdk/client-s3');
    const client = new sdk.S3Client({
      endpoint: options.endpoint,
      region: options.region ?? defaultS3Region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId !== undefined && options.secretAccessKey !== undefined
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      requestHandler: { connectionTimeout: (options.timeouts ?? defaultS3Timeouts).connectMs, requestTimeout: (options.timeouts ?? defaultS3Timeouts).idleMs, throwOnRequestTimeout: true },
      // Newer SDKs add CRC checksums to every request; several S3-compatible servers reject them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    if (destroyed) client.destroy();
    return { client, sdk };
  };
  return {
    async run(call) {
      const { client, sdk } = await (opened ??= open());
      return call(client, sdk);
    },
    destroy() {
      destroyed = true;
      void opened?.then(({ client }) => client.destroy());
    },
  };
}

/**
 * Whether S3 says the object is not there, which it says in three ways depending on the call and the
 * server. A missing bucket is a 404 too, but says NoSuchBucket: that is no missing object but a
 * misconfiguration (see s3-failure.ts), and reading it as "no such object" would hide it.
 */
export function isS3NotFound(error: unknown): boolean {
  // Every error of the S3 service carries $metadata (checked so, the SDK need not be loaded for it).
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } } | null;
  if (typeof e !== 'object' || e === null || typeof e.$metadata !== 'object') return false;
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404;
}
