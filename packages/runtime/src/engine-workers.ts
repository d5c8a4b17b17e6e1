import { createWorkerPool, type WorkerPool } from '@assay/pixels';

/**
 * The photo-analysis workers of every category: one pool the size of the cores, whatever mix of
 * categories is assessed, so a mixed batch holds two workers rather than two per category. Each
 * category's recognizer configures and runs its own job on it (see engine-worker.ts).
 */
export function createEngineWorkers(size?: number): WorkerPool {
  return createWorkerPool(new URL('./engine-worker.ts', import.meta.url), size);
}
