import { AssayError } from '@assay/contract';
import type { BucketFailureReason } from '../bucket-failure.ts';

/** The S3 call that failed, as much of it as the error message and its context need. */
export interface S3Call {
  bucket: string;
  /** The prefix the adapter works under ("" or ending in "/"). */
  prefix: string;
  /** S3_ENDPOINT, when the bucket is on an S3-compatible server rather than AWS S3. */
  endpoint: string | undefined;
  region: string;
  /** What the adapter was doing, for the message: "listing it", "reading cards/a/1.jpg". */
  doing: string;
  /**
   * What the call names: only the bucket (HeadBucket, ListObjectsV2), so that a bare 404 can only
   * mean the bucket is missing; or an object, where a 404 without NoSuchBucket means the key is.
   */
  names: 'bucket' | 'object';
  /** The environment variable the location came from, when the adapter knows it (ASSAY_IMAGE_STORE). */
  setting?: string;
}

// What the SDK's errors carry: S3's error code as `name` and the HTTP status in $metadata; Node's
// socket errors as `code`. Read loosely, so the SDK need not be loaded to tell them apart.
interface SdkError {
  name?: unknown;
  code?: unknown;
  $metadata?: { httpStatusCode?: number };
}

const credentialErrors = new Set(['CredentialsProviderError', 'TokenProviderError']);

// A HEAD request's answer has no body, so a refused HeadBucket is a bare 403 ("Unknown"); these
// names also cover the refusals S3 answers with another status (an expired token is a 400).
const deniedErrors = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'ExpiredToken', 'InvalidToken', 'TokenRefreshRequired', 'AllAccessDisabled']);

const networkErrors = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ETIMEDOUT', 'EPIPE', 'EPROTO']);

// OpenSSL's certificate complaints (CERT_HAS_EXPIRED, SELF_SIGNED_CERT_IN_CHAIN, …) and Node's TLS errors.
const tlsError = /^ERR_TLS_|^ERR_SSL_|CERT/;

// A bucket in another AWS region than S3_REGION: S3 redirects, or refuses the signature's region.
const wrongRegionErrors = new Set(['PermanentRedirect', 'AuthorizationHeaderMalformed', 'IllegalLocationConstraintException']);

/** Which of the failures an operator mends differently this one is; undefined for the rest (a server error, throttling). */
export function s3FailureReason(error: unknown, names: S3Call['names']): BucketFailureReason | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { name, code, $metadata } = error as SdkError;
  const status = $metadata?.httpStatusCode;
  if (typeof name === 'string' && credentialErrors.has(name)) return 'BUCKET_CREDENTIALS_MISSING';
  if (name === 'NoSuchBucket' || (names === 'bucket' && status === 404)) return 'BUCKET_NOT_FOUND';
  if (status === 403 || (typeof name === 'string' && deniedErrors.has(name))) return 'BUCKET_ACCESS_DENIED';
  // An answer, whatever it says, shows the endpoint was reached.
  if (status !== undefined) return undefined;
  if (name === 'TimeoutError') return 'BUCKET_UNREACHABLE';
  if (typeof code === 'string' && (networkErrors.has(code) || tlsError.test(code))) return 'BUCKET_UNREACHABLE';
  return undefined;
}

/**
 * The AssayError for a failed S3 call: `UNAVAILABLE`, with the reason (if any) in its context and a
 * message that says what is wrong and which setting mends it. Retryable unless the reason is one
 * that lasts until someone mends it.
 */
export function s3Failure(error: unknown, call: S3Call): AssayError {
  const reason = s3FailureReason(error, call.names);
  const where = call.endpoint ?? `AWS S3 (${call.region})`;
  const location = `${call.setting ? `${call.setting}=` : ''}s3://${call.bucket}/${call.prefix}`;
  const { name, code, $metadata } = (typeof error === 'object' && error !== null ? error : {}) as SdkError;
  const status = $metadata?.httpStatusCode;
  const context = { bucket: call.bucket, prefix: call.prefix, endpoint: where, ...(reason ? { reason } : {}) };
  const fail = (message: string, retryable: boolean) => new AssayError('UNAVAILABLE', message, { retryable, context, cause: error });
  const readme = 'see Configuration in the README';
  switch (reason) {
    case 'BUCKET_CREDENTIALS_MISSING':
      return fail(`no S3 credentials to open ${location} with: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or another source the AWS SDK reads, such as AWS_PROFILE); ${readme}`, false);
    case 'BUCKET_NOT_FOUND':
      return fail(`the bucket ${call.bucket} does not exist on ${where}: check the bucket name in ${location}, and that S3_ENDPOINT names the server that holds it (unset for AWS S3); ${readme}`, false);
    case 'BUCKET_ACCESS_DENIED':
      return fail(`${where} denied access to ${location} when ${call.doing} (${deniedWhy(name, status)}): ${deniedFix(name)}; ${readme}`, false);
    case 'BUCKET_UNREACHABLE': {
      const what = typeof code === 'string' ? code : String(name);
      return fail(`the S3 endpoint ${where} could not be reached for ${location} (${what}): check S3_ENDPOINT (unset for AWS S3), that the server is running, and the network; ${readme}`, true);
    }
    case undefined: {
      const what = [typeof name === 'string' ? name : undefined, status === undefined ? undefined : `HTTP ${status}`].filter(Boolean).join(', ');
      const region = (typeof name === 'string' && wrongRegionErrors.has(name)) || status === 301 ? `; if the bucket is in another region than ${call.region}, set S3_REGION to it` : '';
      return fail(`the bucket ${call.bucket} failed when ${call.doing}${what ? ` (${what})` : ''}${region}`, true);
    }
  }
}

function deniedWhy(name: unknown, status: number | undefined): string {
  // A refused HEAD has no body to name the error in: the SDK calls it "Unknown".
  return typeof name === 'string' && name !== 'Unknown' ? name : `HTTP ${status ?? 403}`;
}

function deniedFix(name: unknown): string {
  switch (name) {
    case 'InvalidAccessKeyId':
      return 'the server knows no such access key: check AWS_ACCESS_KEY_ID';
    case 'SignatureDoesNotMatch':
      return 'the secret does not match the access key: check AWS_SECRET_ACCESS_KEY';
    case 'ExpiredToken':
    case 'InvalidToken':
    case 'TokenRefreshRequired':
      return 'the session token is expired or invalid: renew AWS_SESSION_TOKEN with the key pair, or the profile';
    default:
      return 'check that AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are those of an account allowed to list and read the bucket';
  }
}
