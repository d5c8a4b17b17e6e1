import type { Readable } from 'node:stream';
import { isAssayError } from '@assay/contract';
import type { Bucket, BucketObject, ObjectContent } from '../bucket.ts';
import { assertLength, assertMaxBytes, pageSizeOf } from '../limits.ts';
import { assertValidKey, isValidKey } from '../object-key.ts';
import { readCapped, readFirst } from '../read-capped.ts';
import { objectTooLarge } from '../too-large.ts';
import { createS3Client, defaultS3Region, isS3NotFound, type S3ConnectionOptions } from './s3-client.ts';
import { s3Failure, type S3Call } from './s3-failure.ts';

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
  const failed = (error: unknown, doing: string, names: S3Call['names']) =>
    s3Failure(error, { bucket, prefix: base, endpoint: options.endpoint, region: options.region ?? defaultS3Region, doing, names });

  /** The object's description when it is empty, else null. */
  async function emptyObject(key: string): Promise<ObjectContent | null> {
    const head = await client.run((s3, sdk) => s3.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: base + key })));
    if (head.ContentLength !== 0) return null;
    return { key, size: 0, etag: (head.ETag ?? '').replaceAll('"', ''), lastModified: head.LastModified ?? new Date(0), bytes: Buffer.alloc(0) };
  }

  const adapter: Bucket = {
    async list(listOptions = {}) {
      const MaxKeys = pageSizeOf(listOptions);
      const { startAfter } = listOptions;
      try {
        const page = await client.run((s3, sdk) =>
          s3.send(
            new sdk.ListObjectsV2Command({
              Bucket: bucket,
              Prefix: base + (listOptions.prefix ?? ''),
              StartAfter: startAfter ? base + startAfter : undefined,
              MaxKeys,
            }),
          ),
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
        throw failed(error, 'listing it', 'bucket');
      }
    },

    async get(key, getOptions = {}) {
      assertValidKey(key);
      const { maxBytes } = getOptions;
      assertMaxBytes(maxBytes);
      try {
        const object = await client.run((s3, sdk) => s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: base + key })));
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
        throw failed(error, `reading ${key}`, 'object');
      }
    },

    async readStart(key, length) {
      assertValidKey(key);
      assertLength(length);
      try {
        const object = await client.run((s3, sdk) => s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: base + key, Range: `bytes=0-${length - 1}` })));
        const body = object.Body as Readable | undefined;
        // A server that ignores the range sends it all: only the start is read before hanging up.
        const bytes = body ? await readFirst(body, length).finally(() => body.destroy()) : Buffer.alloc(0);
        // A ranged answer names the whole size after the slash: "bytes 0-15/48213".
        const size = Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1] ?? bytes.length);
        return { key, size, etag: (object.ETag ?? '').replaceAll('"', ''), lastModified: object.LastModified ?? new Date(0), bytes };
      } catch (error) {
        if (isAssayError(error)) throw error;
        if (isS3NotFound(error)) return null;
        // An empty object has no byte 0 to start a range at (S3 answers 416, some servers hang up).
        const empty = await emptyObject(key).catch(() => null);
        if (empty) return empty;
        throw failed(error, `reading ${key}`, 'object');
      }
    },

    async put(key, bytes, putOptions = {}) {
      assertValidKey(key);
      try {
        await client.run((s3, sdk) => s3.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: base + key, Body: bytes, ContentType: putOptions.contentType })));
      } catch (error) {
        throw failed(error, `storing ${key}`, 'object');
      }
    },

    async ready() {
      try {
        // A one-key listing of the prefix rather than HeadBucket: it needs the same permission, and
        // more exactly (a policy may allow listing only under the prefix); and a refusal comes with
        // a body naming it (InvalidAccessKeyId, SignatureDoesNotMatch), which a HEAD answer has not.
        await client.run((s3, sdk) => s3.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: base, MaxKeys: 1 })));
      } catch (error) {
        throw failed(error, 'checking it', 'bucket');
      }
    },

    async close() {
      client.destroy();
    },
  };
  return adapter;
}
