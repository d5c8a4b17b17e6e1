import { createWorkerPool, type WorkerPool } from '../pool/worker-pool.ts';
import type { ToyPhotoAnalysis } from './analyse-toy-photo.ts';

/** Toy photos analysed (decoded, objects located and described) on worker threads, so a request's photos use every core. */
export type ToyVisionPool = WorkerPool<ToyPhotoAnalysis>;

export function createToyVisionPool(size?: number): ToyVisionPool {
  return createWorkerPool<ToyPhotoAnalysis>(new URL('./toy-worker.ts', import.meta.url), null, size);
}
