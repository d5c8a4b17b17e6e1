import { createWorkerPool, type WorkerPool } from '../pool/worker-pool.ts';
import type { CoinFaceReference } from './match-coin.ts';
import type { CoinPhotoResult, CoinWorkerSetup } from './coin-worker.ts';

/** Coin photos analysed and matched against the catalog's faces on worker threads. */
export type CoinVisionPool = WorkerPool<CoinPhotoResult>;

export function createCoinVisionPool(references: CoinFaceReference[], size?: number): CoinVisionPool {
  const setup: CoinWorkerSetup = { references };
  return createWorkerPool<CoinPhotoResult>(new URL('./coin-worker.ts', import.meta.url), setup, size);
}
