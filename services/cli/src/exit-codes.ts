import type { BucketFailureReason } from '@assay/bucket';
import type { AssayError } from '@assay/contract';

/**
 * How `assay` ends: 0 done, 1 failed, 2 a usage mistake; and, when a bucket could not be used, one
 * code per reason (see packages/bucket/src/bucket-failure.ts), so that scripts and supervisors can
 * tell a configuration to mend from an outage to wait out. The README's CLI section lists them.
 *
 * The bucket codes are BSD's sysexits.h ones that mean the same, as other tools use them: 75
 * (EX_TEMPFAIL) asks to try again later, and the others say trying again will not help until
 * something is mended.
 */
const failed = 1;

const bucketExitCodes: Record<BucketFailureReason, number> = {
  /** EX_NOINPUT: the input named does not exist. */
  BUCKET_NOT_FOUND: 66,
  /** EX_TEMPFAIL: a connection could not be made; later it may. */
  BUCKET_UNREACHABLE: 75,
  /** EX_NOPERM: not allowed. */
  BUCKET_ACCESS_DENIED: 77,
  /** EX_CONFIG: something is not configured. */
  BUCKET_CREDENTIALS_MISSING: 78,
};

/** The reason an AssayError names in its context, when it is a bucket failure the CLI tells apart. */
export function bucketFailureReasonOf(error: AssayError): BucketFailureReason | undefined {
  const { reason } = error.context;
  return typeof reason === 'string' && Object.hasOwn(bucketExitCodes, reason) ? (reason as BucketFailureReason) : undefined;
}

/** The exit code for an AssayError that stopped a command. */
export function exitCodeOf(error: AssayError): number {
  const reason = bucketFailureReasonOf(error);
  return reason === undefined ? failed : bucketExitCodes[reason];
}
