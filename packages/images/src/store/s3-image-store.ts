import { createS3Client, isS3NotFound, type S3ConnectionOptions } from '@assay/bucket';
import { AssayError } from '@assay/contract';
import { assertSha256, type ImageStore } from './store.ts';

export interface S3ImageStoreOptions extends S3ConnectionOptions {
  bucket: string;
  /** A folder inside the bucket, e.g. "images" (a trailing "/" is added when missing). */
  prefix?: string;
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
  const client = createS3Client(options);
  const keyOf = (sha256: string) => {
    assertSha256(sha256);
    return `${prefix}${sha256}`;
  };

  return {
    async put(sha256, bytes, contentType) {
      const Key = keyOf(sha256);
      // Same key, same bytes: overwriting is harmless, so no existence check round trip.
      try {
        await client.run((s3, sdk) => s3.send(new sdk.PutObjectCommand({ Bucket: bucket, Key, Body: bytes, ContentType: contentType })));
      } catch (error) {
        throw unavailable('store an image', bucket, error);
      }
    },
    async get(sha256) {
      const Key = keyOf(sha256);
      try {
        const object = await client.run((s3, sdk) => s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key })));
        if (object.Body === undefined) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isS3NotFound(error)) return null;
        throw unavailable('be read', bucket, error);
      }
    },
    async has(sha256) {
      const Key = keyOf(sha256);
      try {
        await client.run((s3, sdk) => s3.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key })));
        return true;
      } catch (error) {
        if (isS3NotFound(error)) return false;
        throw unavailable('be read', bucket, error);
      }
    },
    async ready() {
      try {
        await client.run((s3, sdk) => s3.send(new sdk.HeadBucketCommand({ Bucket: bucket })));
      } catch (error) {
        throw unavailable('be reached', bucket, error);
      }
    },
    async close() {
      client.destroy();
    },
  };
}
