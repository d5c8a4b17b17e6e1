// Test support other packages' tests share: buckets to test against, and S3 failures to test with.
export * from './test-buckets.ts';
export * from './s3-failures.ts';
