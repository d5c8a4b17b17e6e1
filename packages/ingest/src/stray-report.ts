import type { StrayKey } from './list-folders.ts';
import type { IngestLogger } from './logger.ts';
import { describeNotAnItem, notAnItemOf, type NotAnItem } from './not-an-item.ts';
import type { ScanSummary } from './scan-summary.ts';

/** Folders reported by name in one scan at most; the rest are counted. A bucket is not a log. */
const maxNotItems = 1000;

/**
 * What an ingest has logged about folders that are not items: each folder's problem and file count
 * when last logged. Kept across scans, because every pass lists the same folders again.
 */
export type LoggedNotItems = Map<string, string>;

/**
 * Counts stray keys into `summary` and groups them into the folders they sit in (`summary.notItems`,
 * every scan). Logs such a folder once, and again only when what is wrong with it changes: `assay run`
 * scans every few seconds while folders settle, and a service scans for days, so a line per scan
 * (let alone per key) would repeat forever.
 */
export function strayReport(summary: ScanSummary, log: IngestLogger, logged: LoggedNotItems) {
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
      for (const notItem of summary.notItems) {
        const said = `${notItem.problem} ${notItem.files}`;
        if (logged.get(notItem.path) === said) continue;
        logged.set(notItem.path, said);
        log('warn', `not an item folder: ${notItem.message}`, { path: notItem.path, problem: notItem.problem, files: notItem.files, example: notItem.example });
      }
      if (unnamedKeys > 0) log('warn', `${unnamedKeys} more files outside the item layout, in folders beyond the first ${maxNotItems} reported`, { files: unnamedKeys });
    },
  };
}
