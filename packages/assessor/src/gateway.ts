import { itemFailureCodes, type Category, type CardAssessmentRequest, type ItemFailureCode } from '@assay/contract';

/** An assessment request as the spec defines it, for any category. */
export type AssessmentRequest = Omit<CardAssessmentRequest, 'include'> & { include?: ('identity' | 'grade' | 'valuation')[] };

/**
 * Where the assessor sends work: the engine in this process, or any service that speaks the spec
 * over HTTP. Both upload images first (getting `image_ref`s) and then request the assessment.
 */
export interface AssessmentGateway {
  /** Stores one image for `org`; returns its image_ref. */
  upload(org: string, bytes: Buffer, filename: string): Promise<string>;
  /** Runs one assessment for `org`; resolves to the spec's response body. */
  assess(org: string, category: Category, request: AssessmentRequest): Promise<Record<string, unknown>>;
}

/** A gateway failure, reduced to what the retry and outcome logic needs. */
export interface GatewayFailure {
  code: ItemFailureCode;
  message: string;
  /** Trying again later may succeed (network, timeout, 5xx, 429, overload). */
  retryable: boolean;
  /** The service asked to wait this long before trying again. */
  retryAfterMs: number | null;
}

/** Reads the failure out of whatever a gateway threw: AssayError, AssayClientError, or a bug. */
export function toFailure(error: unknown): GatewayFailure {
  const e = error as { code?: unknown; message?: unknown; retryable?: unknown; retryAfterMs?: unknown };
  if (typeof e?.code === 'string' && typeof e.retryable === 'boolean') {
    // A service that speaks the spec answers with the spec's codes; any other is not its answer.
    const known = isItemFailureCode(e.code);
    return {
      code: known ? (e.code as ItemFailureCode) : 'BAD_RESPONSE',
      message: known ? String(e.message) : `the service answered with a code outside the spec, ${e.code}: ${String(e.message)}`,
      retryable: e.retryable,
      retryAfterMs: typeof e.retryAfterMs === 'number' ? e.retryAfterMs : null,
    };
  }
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error), retryable: false, retryAfterMs: null };
}

const isItemFailureCode = (code: string): code is ItemFailureCode => (itemFailureCodes as readonly string[]).includes(code);
