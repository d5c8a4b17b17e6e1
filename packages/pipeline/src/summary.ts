import type { ResultCounts } from '@assay/db';

export interface RunSummary {
  run_id: string;
  items: number;
  assessed: number;
  rejected: number;
  failed: number;
  duration_ms: number;
  by_category: Record<string, Record<string, number>>;
  issues_by_code: Record<string, number>;
}

/** Counts by outcome and category, issues by code: what `assay run` prints at the end. */
export function summarise(runId: string, counts: ResultCounts, durationMs: number): RunSummary {
  const summary: RunSummary = { run_id: runId, items: 0, assessed: 0, rejected: 0, failed: 0, duration_ms: durationMs, by_category: {}, issues_by_code: {} };
  for (const { category, outcome, count } of counts.outcomes) {
    summary.items += count;
    if (outcome === 'assessed' || outcome === 'rejected' || outcome === 'failed') summary[outcome] += count;
    const byOutcome = (summary.by_category[category] ??= {});
    byOutcome[outcome] = (byOutcome[outcome] ?? 0) + count;
  }
  for (const { code, count } of counts.issues) summary.issues_by_code[code] = count;
  return summary;
}
