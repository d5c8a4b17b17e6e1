import type { StrayReason } from './key-place.ts';
import type { StrayKey } from './list-folders.ts';
import type { IngestLogger } from './logger.ts';
import type { ScanSummary } from './scan-summary.ts';

const strayExamples = 5;

/**
 * Counts stray keys into `summary` and logs a few of each kind once per scan: they are listed again
 * every pass, so a log line per key would repeat forever.
 */
export function strayReport(summary: ScanSummary, log: IngestLogger) {
  const examples: Record<StrayReason, string[]> = { 'unknown-category': [], 'wrong-depth': [] };
  const counters = { 'unknown-category': 'unknownCategoryKeys', 'wrong-depth': 'wrongDepthKeys' } as const;
  return {
    add(strays: readonly StrayKey[]): void {
      for (const { key, reason } of strays) {
        summary[counters[reason]]++;
        if (examples[reason].length < strayExamples) examples[reason].push(key);
      }
    },
    log(): void {
      for (const reason of ['unknown-category', 'wrong-depth'] as const) {
        const count = summary[counters[reason]];
        if (count > 0) log('warn', `keys outside the <category>/<item_id>/<file> layout ignored (${reason})`, { reason, count, examples: examples[reason] });
      }
    },
  };
}
