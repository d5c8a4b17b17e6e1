import type { StrayKey } from './list-folders.ts';
import type { IngestLogger } from './logger.ts';
import { describeNotAnItem, notAnItemOf, type NotAnItem } from './not-an-item.ts';
import type { ScanSummary } from './scan-summary.ts';

/** Folders reported by name in one scan at most; the rest are counted. A bucket is not a log. */
const maxNotItems = 1000;

/**
 * Counts stray keys into `summary`, groups them into the folders they sit in (`summary.notItems`),
 * and logs each such folder once per scan: they are listed again every pass, so a log line per key
 * would repeat forever.
 */
export function strayReport(summary: ScanSummary, log: IngestLogger) {
  const counters = { 'unknown-category': 'unknownCategoryKeys', 'wrong-depth': 'wrongDepthKeys' } as const;
  const folders = new Map<string, Omit<NotAnItem, 'message'>>();
  let unnamedKeys = 0;
  return {
    add(strays: readonly StrayKey[]): void {
      for (const { key, reason } of strays) {
        summary[counters[reason]]++;
        const { path, problem } = notAnItemOf(key, reason);
        const folder = folders.get(path);
        if (folder) folder.files++;
        else if (folders.size < maxNotItems) folders.set(path, { path, problem, files: 1, example: key });
        else unnamedKeys++;
      }
    },
    log(): void {
      summary.notItems = [...folders.values()].map((folder) => ({ ...folder, message: describeNotAnItem(folder.path, folder.problem, folder.files) }));
      for (const notItem of summary.notItems) log('warn', `not an item folder: ${notItem.message}`, { path: notItem.path, problem: notItem.problem, files: notItem.files, example: notItem.example });
      if (unnamedKeys > 0) log('warn', `${unnamedKeys} more files outside the item layout, in folders beyond the first ${maxNotItems} reported`, { files: unnamedKeys });
    },
  };
}
