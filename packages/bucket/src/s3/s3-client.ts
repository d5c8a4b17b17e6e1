import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';

/** How to reach S3 or an S3-compatible server; shared by every S3 adapter of Assay. */
export interface S3ConnectionOptions {
  /** For S3-compatible servers (MinIO, s3rver); AWS itself needs none. */
  endpoint?: string;
  region?: string;
  /** Bucket in the path rather than the host name, as most S3-compatible servers need. */
  forcePathStyle?: boolean;
  /** Without these, the AWS SDK's usual sources (AWS_ACCESS_KEY_ID and friends, profiles, roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function createS3Client(options: S3ConnectionOptions): S3Client {
  return new S3Client({
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
}

/** S3 says "not found" in three ways depending on the call and the server. */
export function isS3NotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
