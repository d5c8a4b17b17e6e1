import autocannon from 'autocannon';
import { BenchFailure, type ScenarioResult } from './bench.ts';
import { nearestRank } from './nearest-rank.ts';

export interface LoadSpec {
  /** Shown in progress lines and failures, e.g. `images-upload/base64`. */
  name: string;
  /** Label for the results table. */
  label: string;
  /** Origin of the server under test, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Fixed request body. */
  body?: Buffer;
  /** A fresh body for every request (e.g. a unique image); every body must have the same length. */
  nextBody?: () => Buffer;
  /** The only status a response may have; anything else fails the run. */
  expectStatus: number;
  /** Checks each response body; a false answer fails the run. */
  checkBody?: (body: string) => boolean;
  /** Adds lines (such as the server's last log lines) to a failure's message. */
  diagnostics?: () => string;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
  log: (line: string) => void;
}

interface Measurement {
  /** Responses in the measured window. */
  requests: number;
  /** Responses in the whole run, warm-up included. */
  responses: number;
  durationS: number;
  latenciesMs: number[];
  statuses: Map<number, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  badBodies: number;
  firstBad: string | undefined;
  firstError: string | undefined;
  bodyBytes: number;
}

/**
 * Runs one scenario at a fixed concurrency for warm-up + duration seconds without a pause, and
 * measures the responses that complete after the warm-up (so no request of the warm-up is cut off
 * at the start of the measurement). Fails unless every response, warm-up included, was as expected.
 */
export async function runScenario(spec: LoadSpec, options: LoadOptions): Promise<ScenarioResult> {
  options.log(`${spec.name}: ${options.warmupS} s warm-up, then ${options.durationS} s measured, ${options.connections} connections`);
  const m = check(spec, await measure(spec, options.connections, options.warmupS, options.durationS));
  const sorted = Float64Array.from(m.latenciesMs).sort();
  return {
    label: spec.label,
    concurrency: options.connections,
    requests: m.requests,
    requests_per_s: m.requests / m.durationS,
    p50_ms: nearestRank(sorted, 0.5),
    p99_ms: nearestRank(sorted, 0.99),
    non_2xx: m.non2xx,
    errors: m.errors,
    mb_per_s_sent: (m.requests * m.bodyBytes) / m.durationS / 1e6,
  };
}

function check(spec: LoadSpec, m: Measurement): Measurement {
  const unexpected = [...m.statuses].filter(([status]) => status !== spec.expectStatus);
  if (m.requests > 0 && unexpected.length === 0 && m.non2xx === 0 && m.errors === 0 && m.timeouts === 0 && m.badBodies === 0) {
    return m;
  }
  const statuses = [...m.statuses].map(([status, count]) => `${status}×${count}`).join(', ') || 'none';
  const lines = [
    `${spec.name}: a benchmark of failures is worthless, so the run stops here.`,
    `  ${spec.method} ${spec.path} expected ${spec.expectStatus} every time; got ${m.responses} responses (${statuses}),`,
    `  ${m.non2xx} non-2xx, ${m.errors} errors (${m.timeouts} timeouts), ${m.badBodies} unexpected bodies.`,
  ];
  if (m.firstBad !== undefined) lines.push(`  first unexpected response: ${m.firstBad}`);
  if (m.firstError !== undefined) lines.push(`  first error: ${m.firstError}`);
  const extra = spec.diagnostics?.();
  if (extra) lines.push(extra);
  throw new BenchFailure(lines.join('\n'));
}

function measure(spec: LoadSpec, connections: number, warmupS: number, durationS: number): Promise<Measurement> {
  const m: Measurement = {
    requests: 0,
    responses: 0,
    durationS,
    latenciesMs: [],
    statuses: new Map(),
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    badBodies: 0,
    firstBad: undefined,
    firstError: undefined,
    bodyBytes: spec.body?.length ?? 0,
  };
  const { nextBody } = spec;
  if (nextBody) m.bodyBytes = nextBody().length;

  return new Promise((resolve, reject) => {
    // autocannon starts its clock when called, as this does.
    const measureFrom = performance.now() + warmupS * 1000;
    const instance = autocannon(
      {
        url: `${spec.origin}${spec.path}`,
        connections,
        duration: warmupS + durationS,
        timeout: 30,
        // autocannon notices the end of the run at its next sample; sample often so runs end on time.
        sampleInt: 100,
        method: spec.method,
        headers: spec.headers ?? {},
        ...(spec.body ? { body: spec.body } : {}),
        requests: [
          {
            ...(nextBody
              ? {
                  setupRequest: (request) => ({ ...request, body: nextBody() }),
                }
              : {}),
            onResponse: (status, body) => {
              const ok = status === spec.expectStatus && (spec.checkBody?.(body) ?? true);
              if (ok) return;
              if (status === spec.expectStatus) m.badBodies++;
              m.firstBad ??= `${status} ${body.slice(0, 600)}`;
            },
          },
        ],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        m.durationS = (performance.now() - measureFrom) / 1000;
        m.non2xx = result.non2xx;
        m.errors = result.errors;
        m.timeouts = result.timeouts;
        resolve(m);
      },
    );
    instance.on('response', (_client, statusCode, _resBytes, responseTime) => {
      m.responses++;
      m.statuses.set(statusCode, (m.statuses.get(statusCode) ?? 0) + 1);
      if (performance.now() < measureFrom) return;
      m.requests++;
      m.latenciesMs.push(responseTime);
    });
    instance.on('reqError', (error: unknown) => {
      m.firstError ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    });
  });
}
