import {
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { AssayError } from '@assay/contract';
import { assertSha256, type ImageStore } from './store.ts';

export interface S3ImageStoreOptions {
  bucket: string;
  /** A folder inside the bucket, e.g. "images" (a trailing "/" is added when missing). */
  prefix?: string;
  /** For S3-compatible servers (MinIO, s3rver); AWS itself needs none. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path rather than the host name, as most S3-compatible servers need. */
  forcePathStyle?: boolean;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

function unavailable(action: string, bucket: string, error: unknown): AssayError {
  return new AssayError('UNAVAILABLE', `the image bucket could not ${action}`, {
    retryable: true,
    context: { bucket },
    cause: error,
  });
}

/** Keeps images as objects named <prefix>/<sha256> in one bucket. */
export function createS3ImageStore(options: S3ImageStoreOptions): ImageStore {
  const { bucket } = options;
  const prefix = options.prefix === undefined || options.prefix === '' || options.prefix.endsWith('/') ? (options.prefix ?? '') : `${options.prefix}/`;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId !== undefined && options.secretAccessKey !== undefined
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Newer SDKs add CRC checksums to every request; several S3-compatible servers reject them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (sha256: string) => {
    assertSha256(sha256);
    return `${prefix}${sha256}`;
  };

  return {
    async put(sha256, bytes, contentType) {
      const Key = keyOf(sha256);
      // Same key, same bytes: overwriting is harmless, so no existence check round trip.
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentType: contentType }));
      } catch (error) {
        throw unavailable('store an image', bucket, error);
      }
    },
    async get(sha256) {
      const Key = keyOf(sha256);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (object.Body === undefined) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable('be read', bucket, error);
      }
    },
    async has(sha256) {
      const Key = keyOf(sha256);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw unavailable('be read', bucket, error);
      }
    },
    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw unavailable('be reached', bucket, error);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
