/**
 * Why a bucket could not be used, for the failures an operator mends in different ways. The S3
 * adapters (the bucket port's and the image store's) name one as `reason` in the context of the
 * `UNAVAILABLE` AssayError they throw (see s3/s3-failure.ts); the CLI turns each into an exit code of
 * its own (services/cli/src/exit-codes.ts).
 *
 * They travel in the context rather than as error codes of their own: the error codes are the API's
 * closed list, each with an HTTP status, and to an API client a bucket that fails is a 503 whatever
 * the reason (its detail is never shown); and everything that acts on `UNAVAILABLE` (the assessor
 * dead-lettering an item, readiness, the retries) stays right for all four. Only
 * `BUCKET_UNREACHABLE` is retryable: the other three last until the configuration or the bucket is
 * mended.
 */
export const bucketFailureReasons = [
  /** No credentials anywhere the AWS SDK looks (AWS_ACCESS_KEY_ID and friends, profiles, roles). */
  'BUCKET_CREDENTIALS_MISSING',
  /** The server answers, but has no bucket of that name. */
  'BUCKET_NOT_FOUND',
  /** The server refuses the credentials, or they may not do this to this bucket. */
  'BUCKET_ACCESS_DENIED',
  /** No answer from the endpoint: refused, unknown host, timed out, or a failed TLS handshake. */
  'BUCKET_UNREACHABLE',
] as const;

export type BucketFailureReason = (typeof bucketFailureReasons)[number];
