import {
  problemSchema,
  type CardAssessmentRequest,
  type Category,
  type CoinAssessmentRequest,
  type ErrorCode,
  type ImageUploadResult,
  type ToyAssessmentRequest,
} from '@assay/contract';

export interface ClientOptions {
  /** e.g. `https://assay.example.com` or `http://127.0.0.1:8080`. */
  baseUrl: string;
  apiKey: string;
  /** Per request, including reading the body. */
  timeoutMs?: number;
  /** Replaces global fetch (tests, proxies). */
  fetch?: typeof fetch;
}

/** An error answer of the service, or no answer at all. */
export class AssayClientError extends Error {
  readonly status: number | null;
  readonly code: ErrorCode | 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';
  /** Trying again later may succeed: network trouble, timeouts, 5xx, 429. */
  readonly retryable: boolean;
  /** From `Retry-After`, when the service sent one. */
  readonly retryAfterMs: number | null;

  constructor(message: string, fields: { status: number | null; code: AssayClientError['code']; retryable: boolean; retryAfterMs?: number | null; cause?: unknown }) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = 'AssayClientError';
    this.status = fields.status;
    this.code = fields.code;
    this.retryable = fields.retryable;
    this.retryAfterMs = fields.retryAfterMs ?? null;
  }
}

type AssessmentRequests = { coins: CoinAssessmentRequest; cards: CardAssessmentRequest; toys: ToyAssessmentRequest };

/**
 * A typed client for any service that speaks the assessment spec. Answers are returned as sent;
 * error answers (RFC 9457 problems) and transport failures become AssayClientError.
 */
export function createClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function send(method: string, path: string, body?: RequestInit['body'], contentType?: string): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
    if (contentType) headers['content-type'] = contentType;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
      text = await response.text();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new AssayClientError(timedOut ? `${method} ${path} took longer than ${timeoutMs} ms` : `${method} ${path} failed: ${(error as Error).message}`, {
        status: null,
        code: timedOut ? 'TIMEOUT' : 'NETWORK',
        retryable: true,
        cause: error,
      });
    }
    if (!response.ok) throw errorFrom(response, text, `${method} ${path}`);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new AssayClientError(`${method} ${path} answered ${response.status} with a body that is not JSON`, {
        status: response.status,
        code: 'BAD_RESPONSE',
        // A garbled answer is most often a connection or proxy cutting the body short: worth another try.
        retryable: true,
        cause: error,
      });
    }
  }

  return {
    /** POST /images with raw bytes as a multipart upload; returns the image_ref. */
    async uploadImage(bytes: Uint8Array, filename: string): Promise<string> {
      const form = new FormData();
      form.set('file', new Blob([bytes]), filename);
      const result = (await send('POST', '/images', form)) as ImageUploadResult;
      return result.image_ref;
    },

    /** POST /{category}/assessments. */
    async assess<C extends Category>(category: C, request: AssessmentRequests[C]): Promise<unknown> {
      return send('POST', `/${category}/assessments`, JSON.stringify(request), 'application/json');
    },

    /** GET /assessments/{id}. */
    async getAssessment(assessmentId: string): Promise<unknown> {
      return send('GET', `/assessments/${encodeURIComponent(assessmentId)}`);
    },
  };
}

export type AssayClient = ReturnType<typeof createClient>;

function errorFrom(response: Response, text: string, what: string): AssayClientError {
  const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  let problem: ReturnType<typeof problemSchema.safeParse> | null = null;
  try {
    problem = problemSchema.safeParse(JSON.parse(text));
  } catch {
    problem = null;
  }
  if (problem?.success) {
    return new AssayClientError(`${what}: ${problem.data.detail} (${problem.data.code})`, {
      status: response.status,
      code: problem.data.code,
      retryable,
      retryAfterMs,
    });
  }
  return new AssayClientError(`${what} answered ${response.status} without a problem body`, {
    status: response.status,
    code: 'BAD_RESPONSE',
    retryable,
    retryAfterMs,
  });
}

/** `Retry-After` as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
