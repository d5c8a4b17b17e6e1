import type { VisionJob } from '../pool/vision-job.ts';
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

/** What the coin job is configured with. */
export interface CoinJobSettings {
  references: CoinFaceReference[];
}

// Spectra computed once per worker: every coin of every photo is matched against all of them.
let references = indexCoinReferences([]);

/** A coin photo analysed, and its coins matched against the catalog's faces. */
export const coinJob: VisionJob = {
  configure(settings) {
    references = indexCoinReferences((settings as CoinJobSettings).references);
  },
  async run(bytes): Promise<CoinPhotoResult> {
    const analysis = await analyseCoinPhoto(bytes);
    const started = performance.now();
    const coins = analysis.coins.map(({ features, ...coin }): MatchedCoin => ({
      ...coin,
      candidates: features ? matchCoin(references, features, 16) : [],
      fine: features?.fine ?? 0,
      broad: features?.broad ?? 0,
      chroma: features?.chroma ?? [0, 0],
    }));
    return { ...analysis, coins, timings: { ...analysis.timings, match: performance.now() - started } };
  },
};
