import type { NotAnItem } from './not-an-item.ts';

/** What one `scanOnce` did, for logs, metrics and tests. */
export interface ScanSummary {
  /** Item folders listed. */
  itemsSeen: number;
  /** Listed items not ready yet: no item.json, and a file changed within the settle time. */
  itemsSettling: number;
  /** Ready items: those published, skipped or changed below. */
  itemsReady: number;
  /** Ready items whose version went out now. */
  itemsPublished: number;
  /** Ready items whose version went out before. */
  itemsSkipped: number;
  /** Ready items that changed while being read; the next scan sees their new version. */
  itemsChanged: number;
  /** Issues carried by the published events. */
  issues: number;
  /** Keys under a folder that is not a category. */
  unknownCategoryKeys: number;
  /** Keys outside any item folder, or nested inside one. */
  wrongDepthKeys: number;
  /** The folders those keys are in, with what is wrong with each (filled at the end of the scan). */
  notItems: NotAnItem[];
  /** When the first folder still settling may be ready (null when none is). */
  firstSettledAt: Date | null;
  /** Whether the listing pass reached the end of the bucket (false when stopped by a signal). */
  passCompleted: boolean;
}

export function emptySummary(): ScanSummary {
  return {
    itemsSeen: 0,
    itemsSettling: 0,
    itemsReady: 0,
    itemsPublished: 0,
    itemsSkipped: 0,
    itemsChanged: 0,
    issues: 0,
    unknownCategoryKeys: 0,
    wrongDepthKeys: 0,
    notItems: [],
    firstSettledAt: null,
    passCompleted: false,
  };
}
