import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { AssayError, isAssayError } from '@assay/contract';
import type { Bucket, BucketObject } from '../bucket.ts';
import { assertMaxBytes, pageSizeOf } from '../limits.ts';
import { assertValidKey, isValidKey } from '../object-key.ts';
import { readCapped } from '../read-capped.ts';
import { objectTooLarge } from '../too-large.ts';
import { createS3Client, isS3NotFound, type S3ConnectionOptions } from './s3-client.ts';

export interface S3BucketOptions extends S3ConnectionOptions {
  bucket: string;
  /** A folder inside the bucket, e.g. "inbox"; keys are relative to it ("/" is added when missing). */
  prefix?: string;
}

/** The bucket port on S3 or an S3-compatible server (MinIO, s3rver), optionally under a prefix. */
export function createS3Bucket(options: S3BucketOptions): Bucket {
  const { bucket } = options;
  const trimmed = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
  const base = trimmed === '' ? '' : `${trimmed}/`;
  const client = createS3Client(options);
  const unavailable = (action: string, error: unknown) =>
    new AssayError('UNAVAILABLE', `the bucket ${bucket} could not ${action}`, { retryable: true, context: { bucket, prefix: base }, cause: error });

  return {
    async list(listOptions = {}) {
      const MaxKeys = pageSizeOf(listOptions);
      const { startAfter } = listOptions;
      try {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: base + (listOptions.prefix ?? ''),
            StartAfter: startAfter ? base + startAfter : undefined,
            MaxKeys,
          }),
        );
        const listed = page.Contents ?? [];
        const objects = listed.flatMap((object): BucketObject[] => {
          const key = object.Key?.slice(base.length);
          if (key === undefined || !isValidKey(key)) return [];
          return [{ key, size: object.Size ?? 0, etag: (object.ETag ?? '').replaceAll('"', ''), lastModified: object.LastModified ?? new Date(0) }];
        });
        // The cursor is the last key S3 listed, also when it is one left out above.
        const last = listed.at(-1)?.Key;
        return { objects, nextStartAfter: page.IsTruncated && last !== undefined ? last.slice(base.length) : undefined };
      } catch (error) {
        throw unavailable('be listed', error);
      }
    },

    async get(key, getOptions = {}) {
      assertValidKey(key);
      const { maxBytes } = getOptions;
      assertMaxBytes(maxBytes);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: base + key }));
        const body = object.Body as Readable | undefined;
        if (maxBytes !== undefined && object.ContentLength !== undefined && object.ContentLength > maxBytes) {
          body?.destroy(); // refused unread: closing the response spares downloading it
          throw objectTooLarge(key, object.ContentLength, maxBytes);
        }
        const bytes = body ? await readCapped(body, key, maxBytes).finally(() => body.destroy()) : Buffer.alloc(0);
        const etag = (object.ETag ?? '').replaceAll('"', '');
        return { key, size: bytes.length, etag, lastModified: object.LastModified ?? new Date(0), bytes };
      } catch (error) {
        if (isAssayError(error)) throw error;
        if (isS3NotFound(error)) return null;
        throw unavailable(`read ${key}`, error);
      }
    },

    async put(key, bytes, putOptions = {}) {
      assertValidKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: base + key, Body: bytes, ContentType: putOptions.contentType }));
      } catch (error) {
        throw unavailable(`store ${key}`, error);
      }
    },

    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw unavailable('be reached', error);
      }
    },

    async close() {
      client.destroy();
    },
  };
}
