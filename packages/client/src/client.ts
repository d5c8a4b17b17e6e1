import { randomUUID } from 'node:crypto';
import { request, type Dispatcher } from 'undici';
import {
  problemSchema,
  type CardAssessmentRequest,
  type Category,
  type Section,
  type CoinAssessmentRequest,
  type ErrorCode,
  type ImageUploadResult,
  type ToyAssessmentRequest,
  type TransportFailureCode,
} from '@assay/contract';

export interface ClientOptions {
  /** e.g. `https://assay.example.com` or `http://127.0.0.1:8080`. */
  baseUrl: string;
  apiKey: string;
  /** Per request, including reading the body. */
  timeoutMs?: number;
  /** Connection pool or proxy to send requests through (undici); the process-wide one by default. */
  dispatcher?: Dispatcher;
}

/** An error answer of the service, or no answer at all. */
export class AssayClientError extends Error {
  readonly status: number | null;
  readonly code: ErrorCode | TransportFailureCode;
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

type CategoryRequests = { coins: CoinAssessmentRequest; cards: CardAssessmentRequest; toys: ToyAssessmentRequest };

/**
 * A category's request, with any of the spec's sections in `include`: the service answers 400 for a
 * section its category does not have, and a pipeline forwards an item.json's `include` as written.
 */
export type AssessmentRequests = { [C in Category]: Omit<CategoryRequests[C], 'include'> & { include?: Section[] } };

/**
 * A typed client for any service that speaks the assessment spec. Answers are returned as sent;
 * error answers (RFC 9457 problems) and transport failures become AssayClientError.
 */
export function createClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 60_000;

  // undici's request rather than fetch: the WHATWG stream machinery around fetch cost the assessor
  // about a tenth of its throughput against a service answering in 200 ms (bench:pipeline).
  async function send(method: Dispatcher.HttpMethod, path: string, body?: string | Buffer, contentType?: string): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
    if (contentType) headers['content-type'] = contentType;
    let response: { status: number; headers: Record<string, string | string[] | undefined> };
    let text: string;
    try {
      const answer = await request(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs), dispatcher: options.dispatcher });
      text = await answer.body.text();
      response = { status: answer.statusCode, headers: answer.headers };
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new AssayClientError(timedOut ? `${method} ${path} took longer than ${timeoutMs} ms` : `${method} ${path} failed: ${(error as Error).message}`, {
        status: null,
        code: timedOut ? 'TIMEOUT' : 'NETWORK',
        retryable: true,
        cause: error,
      });
    }
    if (response.status < 200 || response.status > 299) throw errorFrom(response, text, `${method} ${path}`);
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
      // The multipart body is framed by hand: FormData's stream encoder costs more CPU than the
      // rest of an item's trip through the assessor. The file name is escaped as FormData does.
      const boundary = `assay-${randomUUID()}`;
      const name = filename.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));
      const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`;
      const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const result = (await send('POST', '/images', body, `multipart/form-data; boundary=${boundary}`)) as ImageUploadResult;
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

function errorFrom(response: { status: number; headers: Record<string, string | string[] | undefined> }, text: string, what: string): AssayClientError {
  const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
  const retryAfterMs = parseRetryAfter(firstValue(response.headers['retry-after']));
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

const firstValue = (value: string | string[] | undefined): string | null => (Array.isArray(value) ? value[0] : value) ?? null;
