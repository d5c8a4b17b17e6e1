import { fileURLToPath } from 'node:url';
import type { FolderBucketOptions } from './folder/folder-bucket.ts';
import type { S3BucketOptions } from './s3/s3-bucket.ts';

export type BucketConfig = ({ kind: 'folder' } & FolderBucketOptions) | ({ kind: 's3' } & S3BucketOptions);

export interface S3Settings {
  /** S3-compatible server (MinIO, s3rver); implies path-style addressing. */
  endpoint?: string;
  region?: string;
}

// S3's rule for new buckets; MinIO's too.
const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads a bucket location as operators write it: `s3://bucket/optional/prefix`, a `file:` URL, or
 * a folder path. S3 credentials are left to the AWS SDK's usual sources.
 * @throws RangeError for a malformed `s3://` location or another URL scheme.
 */
export function parseBucketUrl(location: string, s3: S3Settings = {}): BucketConfig {
  if (location.startsWith('s3://')) {
    const [bucket = '', ...rest] = location.slice('s3://'.length).split('/');
    if (!bucketName.test(bucket)) throw new RangeError(`invalid bucket location ${JSON.stringify(location)}: ${JSON.stringify(bucket)} is not an S3 bucket name`);
    const prefix = rest.filter((segment) => segment !== '').join('/');
    return { kind: 's3', bucket, prefix, endpoint: s3.endpoint, region: s3.region, forcePathStyle: s3.endpoint !== undefined };
  }
  if (location.startsWith('file:')) return { kind: 'folder', root: fileURLToPath(location) };
  // "C:\..." is a Windows path, not a URL with scheme "c".
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(location)) throw new RangeError(`unsupported bucket location ${JSON.stringify(location)}: use s3://bucket/prefix or a folder path`);
  if (location === '') throw new RangeError('the bucket location is empty');
  return { kind: 'folder', root: location };
}
