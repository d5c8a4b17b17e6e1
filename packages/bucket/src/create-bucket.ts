import type { Bucket } from './bucket.ts';
import { createFolderBucket } from './folder/folder-bucket.ts';
import type { BucketConfig } from './parse-bucket-url.ts';
import { createS3Bucket } from './s3/s3-bucket.ts';

/** The adapter a configuration names, e.g. one from `parseBucketUrl`. */
export function createBucket(config: BucketConfig): Bucket {
  if (config.kind === 'folder') return createFolderBucket(config);
  return createS3Bucket(config);
}
