import { createS3Client, defaultS3Region, isS3NotFound, s3Failure, type S3Call, type S3ConnectionOptions } from '@assay/bucket';
import { assertSha256, type ImageStore } from './store.ts';

export interface S3ImageStoreOptions extends S3ConnectionOptions {
  bucket: string;
  /** A folder inside the bucket, e.g. "images" (a trailing "/" is added when missing). */
  prefix?: string;
  /** The environment variable that named the bucket, for error messages (ASSAY_IMAGE_STORE). */
  setting?: string;
}

/** Keeps images as objects named <prefix>/<sha256> in one bucket. */
export function createS3ImageStore(options: S3ImageStoreOptions): ImageStore {
  const { bucket } = options;
  const prefix = options.prefix === undefined || options.prefix === '' || options.prefix.endsWith('/') ? (options.prefix ?? '') : `${options.prefix}/`;
  const client = createS3Client(options);
  // Says which bucket failed and why (no credentials, no bucket, denied, unreachable; see
  // @assay/bucket's s3-failure.ts). API clients see none of it: a 503's detail is generic.
  const failed = (error: unknown, doing: string, names: S3Call['names']) =>
    s3Failure(error, { bucket, prefix, endpoint: options.endpoint, region: options.region ?? defaultS3Region, doing, names, setting: options.setting });
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
        throw failed(error, 'storing an image', 'object');
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
        throw failed(error, 'reading an image', 'object');
      }
    },
    async has(sha256) {
      const Key = keyOf(sha256);
      try {
        await client.run((s3, sdk) => s3.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key })));
        return true;
      } catch (error) {
        if (isS3NotFound(error)) return false;
        throw failed(error, 'reading an image', 'object');
      }
    },
    async ready() {
      try {
        await client.run((s3, sdk) => s3.send(new sdk.HeadBucketCommand({ Bucket: bucket })));
      } catch (error) {
        throw failed(error, 'checking it', 'bucket');
      }
    },
    async close() {
      client.destroy();
    },
  };
}
