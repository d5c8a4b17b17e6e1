import type { CardPhotoAnalysis } from '../analyse-card-photo.ts';
import type { CardFeatures } from '../features/card-features.ts';
import { createWorkerPool } from './worker-pool.ts';
import type { WorkerSetup } from './vision-worker.ts';

/** Runs per-photo analysis on worker threads, so every core decodes and measures at once. */
export interface VisionPool {
  /**
   * Analyses one photo (decode → locate → rectify → features and measurements) on the least busy
   * worker. Rejects if the photo cannot be analysed or the pool is closed; jobs never block each other.
   */
  analyse(bytes: Buffer): Promise<CardPhotoAnalysis>;
  /** Waits for running jobs, then ends the workers; queued and later calls reject. Safe to call twice. */
  close(): Promise<void>;
}

export interface VisionPoolOptions {
  /** Worker threads; defaults to the cores available. */
  size?: number;
  /** Features of known cards (fronts and backs), to pick each photo's card outline by (see analyseCardPhoto). */
  references?: CardFeatures[];
}

/** The card analysis pool: the generic worker pool running vision-worker.ts, started on first use. */
export function createVisionPool(options: VisionPoolOptions = {}): VisionPool {
  const setup: WorkerSetup = { references: options.references ?? [] };
  const pool = createWorkerPool<CardPhotoAnalysis>(new URL('./vision-worker.ts', import.meta.url), setup, options.size);
  return { analyse: (bytes) => pool.run(bytes), close: () => pool.close() };
}
