import type { CardPhotoAnalysis } from '../analyse-card-photo.ts';
import type { CoinJobSettings, CoinPhotoResult } from '../coins/coin-job.ts';
import type { CoinFaceReference } from '../coins/match-coin.ts';
import type { CardFeatures } from '../features/card-features.ts';
import type { ToyPhotoAnalysis } from '../toys/analyse-toy-photo.ts';
import type { CardJobSettings } from './card-job.ts';
import { createWorkerPool } from './worker-pool.ts';

/** One category's analysis on the shared workers. Closing it leaves the workers running: close the VisionWorkers. */
export interface CategoryPool<Result> {
  /** Analyses one photo on the least busy worker; rejects if it cannot be analysed or the pool is closed. */
  run(bytes: Buffer): Promise<Result>;
  close(): Promise<void>;
}

/** Card analysis: decode → locate → rectify → features and measurements. */
export interface VisionPool {
  analyse(bytes: Buffer): Promise<CardPhotoAnalysis>;
  close(): Promise<void>;
}
/** Coin photos analysed and matched against the catalog's faces. */
export type CoinVisionPool = CategoryPool<CoinPhotoResult>;
/** Toy photos analysed: decoded, objects located and described. */
export type ToyVisionPool = CategoryPool<ToyPhotoAnalysis>;

/**
 * The photo-analysis workers of every category: one pool the size of the cores, whatever mix of
 * categories is assessed, so a mixed batch holds two workers rather than two per category.
 */
export interface VisionWorkers {
  /** Card analysis, choosing outlines by these features of known cards (fronts and backs). */
  cards(references: CardFeatures[]): VisionPool;
  /**
   * Coin analysis, matching against these catalog faces; a worker started later (replacing one that
   * stopped) gets them from `reload` when given, so the faces need not stay on this thread.
   */
  coins(references: CoinFaceReference[], reload?: () => Promise<CoinFaceReference[]>): CoinVisionPool;
  toys(): ToyVisionPool;
  /** Starts the workers now (a long-running service), so the first photo does not wait for them. */
  warm(): Promise<void>;
  /** Waits for running jobs, then ends the workers; later jobs reject. */
  close(): Promise<void>;
}

export function createVisionWorkers(size?: number): VisionWorkers {
  const pool = createWorkerPool(new URL('./vision-worker.ts', import.meta.url), size);
  const shared = async () => {};
  return {
    cards(references) {
      pool.configure('cards', { references } satisfies CardJobSettings);
      return { analyse: (bytes) => pool.run('cards', bytes), close: shared };
    },
    coins(references, reload) {
      const settings = (faces: CoinFaceReference[]): CoinJobSettings => ({ references: faces });
      pool.configure('coins', settings(references), reload && (async () => settings(await reload())));
      return { run: (bytes) => pool.run('coins', bytes), close: shared };
    },
    toys: () => ({ run: (bytes) => pool.run('toys', bytes), close: shared }),
    warm: () => pool.warm(),
    close: () => pool.close(),
  };
}

/** Card analysis on workers of its own (a tool or a test); `close` ends them. */
export function createVisionPool(options: { size?: number; references?: CardFeatures[] } = {}): VisionPool {
  const workers = createVisionWorkers(options.size);
  return { ...workers.cards(options.references ?? []), close: workers.close };
}
