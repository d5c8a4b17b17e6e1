import { AssayError } from '@assay/contract';
import { imageError } from '../image-error.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the default uses the system resolver). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

/** What every step of one download shares. */
export interface FetchContext {
  /** Whether an address must be refused (always false when private addresses are allowed). */
  refuse: (address: string) => boolean;
  maxBytes: number;
  index: number | undefined;
  resolveHost: ResolveHost;
  signal: AbortSignal;
}

const permanentNetworkCodes = new Set(['ENOTFOUND', 'ERR_INVALID_URL']);

/** IMAGE_URL_BLOCKED, naming the host (never the whole URL, which may carry a signature). */
export function blocked(ctx: FetchContext, host: string, why: string): AssayError {
  return imageError('IMAGE_URL_BLOCKED', `the image URL leads to ${why}, which is not allowed`, ctx.index, {
    context: { host },
  });
}

/** Any failure of a request as the AssayError a client sees: timeout, blocked or unreachable. */
export function networkError(ctx: FetchContext, host: string, error: unknown): AssayError {
  if (error instanceof AssayError) return error;
  if (ctx.signal.aborted) {
    return imageError('IMAGE_URL_TIMEOUT', 'the image URL did not finish downloading in time', ctx.index, {
      retryable: true,
      context: { host },
    });
  }
  const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
  // Certificate and protocol errors will not fix themselves; connection trouble may.
  const permanent = permanentNetworkCodes.has(code) || code.startsWith('HPE_') || /CERT|TLS|SSL/.test(code);
  return imageError('IMAGE_URL_UNREACHABLE', `the image URL could not be downloaded (${code})`, ctx.index, {
    retryable: !permanent,
    context: { host, error_code: code },
    cause: error,
  });
}
