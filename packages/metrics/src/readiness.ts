import { STATUS_CODES } from 'node:http';
import { problemTypeUri } from '@assay/contract';

/** A service's peers, each checked by a function that resolves when it is reachable. */
export type ReadinessChecks = Record<string, () => Promise<unknown>>;

export interface ReadinessReport {
  ready: boolean;
  /** Per peer: "ok", or why it is not reachable. */
  checks: Record<string, string>;
}

const checkTimeoutMs = 3_000;

/** Runs every check at once, each bounded in time, so one hanging peer cannot hang the probe. */
export async function checkReadiness(checks: ReadinessChecks, timeoutMs = checkTimeoutMs): Promise<ReadinessReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, string]> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)));
      try {
        await Promise.race([check(), timeout]);
        return [name, 'ok'];
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: entries.every(([, state]) => state === 'ok'), checks: Object.fromEntries(entries) };
}

/** The 503 body of a failed readiness probe: RFC 9457 problem details naming the peers that are down. */
export function notReadyProblem(report: ReadinessReport, instance = '/readyz') {
  const down = Object.keys(report.checks).filter((name) => report.checks[name] !== 'ok');
  return {
    type: problemTypeUri('UNAVAILABLE'),
    title: STATUS_CODES[503],
    status: 503,
    detail: `not ready: ${down.join(', ')} unreachable`,
    code: 'UNAVAILABLE' as const,
    instance,
    checks: report.checks,
  };
}
