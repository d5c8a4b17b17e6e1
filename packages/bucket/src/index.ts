export type { Bucket, BucketObject, GetOptions, ListOptions, ObjectContent, ObjectPage, PutOptions } from './bucket.ts';
export { bucketFailureReasons, type BucketFailureReason } from './bucket-failure.ts';
export { createBucket } from './create-bucket.ts';
export { createFolderBucket, type FolderBucketOptions } from './folder/folder-bucket.ts';
export { parseBucketUrl, type BucketConfig, type S3Settings } from './parse-bucket-url.ts';
export { createS3Bucket, type S3BucketOptions } from './s3/s3-bucket.ts';
export { createS3Client, defaultS3Region, isS3NotFound, type S3ConnectionOptions } from './s3/s3-client.ts';
export { s3Failure, s3FailureReason, type S3Call } from './s3/s3-failure.ts';
