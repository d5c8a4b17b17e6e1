/**
 * Every error Assay reports to a client has one of these stable codes. The HTTP status of each code
 * is decided in one place (services/api, `statusForCode`); `docs/api.md` lists them all, and a test
 * keeps the three in step.
 */
export const errorCodes = [
  'REQUEST_INVALID',
  'REQUEST_MALFORMED_JSON',
  'CONTENT_TYPE_UNSUPPORTED',
  'BODY_TOO_LARGE',
  'AUTH_TOKEN_MISSING',
  'AUTH_TOKEN_INVALID',
  'OPERATION_NOT_ENABLED',
  'RATE_LIMITED',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'IMAGE_BASE64_INVALID',
  'IMAGE_EMPTY',
  'IMAGE_TOO_LARGE',
  'IMAGE_FORMAT_UNSUPPORTED',
  'IMAGE_UNDECODABLE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_URL_INVALID',
  'IMAGE_URL_BLOCKED',
  'IMAGE_URL_UNREACHABLE',
  'IMAGE_URL_TIMEOUT',
  'IMAGE_URL_TOO_MANY_REDIRECTS',
  'IMAGE_REF_UNKNOWN',
  'CATALOG_INVALID',
  'COINS_MAINLY_PILES',
  'COINS_ANCIENT_UNSUPPORTED',
  'COINS_DATE_RUN_UNSUPPORTED',
  'COINS_SET_UNSUPPORTED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface AssayErrorOptions {
  /** Whether trying the same work again later may succeed (network trouble, overload). */
  retryable?: boolean;
  /** Facts about the failure that help a client or an operator (never secrets). */
  context?: Record<string, unknown>;
  cause?: unknown;
}

/** The one error type Assay's packages throw on purpose; anything else is a bug (INTERNAL). */
export class AssayError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly context: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: AssayErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AssayError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    this.context = options.context ?? {};
  }
}

export function isAssayError(value: unknown): value is AssayError {
  return value instanceof AssayError;
}
