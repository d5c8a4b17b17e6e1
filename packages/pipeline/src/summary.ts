import type { CurrentResult } from '@assay/db';

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
export function summarise(runId: string, results: readonly CurrentResult[], durationMs: number): RunSummary {
  const summary: RunSummary = { run_id: runId, items: results.length, assessed: 0, rejected: 0, failed: 0, duration_ms: durationMs, by_category: {}, issues_by_code: {} };
  for (const result of results) {
    if (result.outcome === 'assessed' || result.outcome === 'rejected' || result.outcome === 'failed') summary[result.outcome]++;
    const category = (summary.by_category[result.category] ??= {});
    category[result.outcome] = (category[result.outcome] ?? 0) + 1;
    for (const issue of result.issues) summary.issues_by_code[issue.code] = (summary.issues_by_code[issue.code] ?? 0) + 1;
  }
  return summary;
}
