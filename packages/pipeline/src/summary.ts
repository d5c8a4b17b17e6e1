import type { ResultCounts } from '@assay/db';
import type { NotAnItem } from '@assay/ingest';

export interface RunSummary {
  run_id: string;
  items: number;
  assessed: number;
  rejected: number;
  failed: number;
  duration_ms: number;
  by_category: Record<string, Record<string, number>>;
  issues_by_code: Record<string, number>;
  /** Item versions an earlier run published but did not finish (it was stopped or died), taken up by this one. */
  resumed: number;
  /** Whether the run was stopped before it finished; what is left is finished by the next run. */
  stopped: boolean;
  /** Items sent to be assessed that have no outcome yet (only when stopped). */
  pending: number;
  /** Folders and files under the location that are not in an item folder, with what is wrong. */
  not_items: NotAnItem[];
}

/** Counts by outcome and category, issues by code: what `assay run` prints at the end. */
export function summarise(runId: string, counts: ResultCounts, durationMs: number): Omit<RunSummary, 'resumed' | 'stopped' | 'pending' | 'not_items'> {
  const summary = { run_id: runId, items: 0, assessed: 0, rejected: 0, failed: 0, duration_ms: durationMs, by_category: {} as RunSummary['by_category'], issues_by_code: {} as RunSummary['issues_by_code'] };
  for (const { category, outcome, count } of counts.outcomes) {
    summary.items += count;
    if (outcome === 'assessed' || outcome === 'rejected' || outcome === 'failed') summary[outcome] += count;
    const byOutcome = (summary.by_category[category] ??= {});
    byOutcome[outcome] = (byOutcome[outcome] ?? 0) + count;
  }
  for (const { code, count } of counts.issues) summary.issues_by_code[code] = count;
  return summary;
}
