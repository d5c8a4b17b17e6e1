import { createInThreadPool, createWorkerPool, type WorkerPool } from '@assay/pixels';

/**
 * The photo-analysis workers of every category: one pool the size of the cores, whatever mix of
 * categories is assessed, so a mixed batch holds two workers rather than two per category. Each
 * category's recognizer configures and runs its own job on it (see engine-worker.ts). Size 0 runs
 * the analyses on the calling thread instead.
 */
export function createEngineWorkers(size?: number): WorkerPool {
  if (size === 0) {
    return createInThreadPool(async () => (await import('./engine-jobs.ts')).engineJobs);
  }
  return createWorkerPool(new URL('./engine-worker.ts', import.meta.url), size);
}
