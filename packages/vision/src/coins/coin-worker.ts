import { parentPort, workerData } from 'node:worker_threads';
import { analyseCoinPhoto, type CoinPhotoAnalysis, type FoundCoin } from './analyse-coin-photo.ts';
import { indexCoinReferences, matchCoin, type CoinFaceCandidate, type CoinFaceReference } from './match-coin.ts';

/** A found coin with its best catalog matches; the polar image stays in the worker, the rest travels. */
export interface MatchedCoin extends Omit<FoundCoin, 'features'> {
  candidates: CoinFaceCandidate[];
  /** Relief measurements for grading (see CoinFeatures). */
  fine: number;
  broad: number;
  chroma: [number, number];
}

export interface CoinPhotoResult extends Omit<CoinPhotoAnalysis, 'coins'> {
  coins: MatchedCoin[];
}

export interface CoinWorkerSetup {
  references: CoinFaceReference[];
}

// Spectra computed once per worker: every coin of every photo is matched against all of them.
const references = indexCoinReferences((workerData as CoinWorkerSetup | undefined)?.references ?? []);

parentPort!.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    const analysis = await analyseCoinPhoto(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const started = performance.now();
    const coins = analysis.coins.map(({ features, ...coin }): MatchedCoin => ({
      ...coin,
      candidates: features ? matchCoin(references, features, 16) : [],
      fine: features?.fine ?? 0,
      broad: features?.broad ?? 0,
      chroma: features?.chroma ?? [0, 0],
    }));
    const result: CoinPhotoResult = { ...analysis, coins, timings: { ...analysis.timings, match: performance.now() - started } };
    parentPort!.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort!.postMessage({ id, ok: false, message: (error as Error).message });
  }
});
