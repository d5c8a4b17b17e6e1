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

// Spectra computed once per worker, on its first coin photo: every coin of every photo is matched
// against all of them. Computing them takes about a second, which a worker preloaded for every
// category would otherwise spend before its first card or toy photo.
let faces: CoinFaceReference[] = [];
let references: ReturnType<typeof indexCoinReferences> | undefined;

/** A coin photo analysed, and its coins matched against the catalog's faces. */
export const coinJob: VisionJob = {
  configure(settings) {
    faces = (settings as CoinJobSettings).references;
    if (!Array.isArray(faces)) throw new TypeError('coin references must be a list of faces');
    references = undefined;
  },
  async run(bytes): Promise<CoinPhotoResult> {
    const indexed = (references ??= indexCoinReferences(faces));
    const analysis = await analyseCoinPhoto(bytes);
    const started = performance.now();
    const coins = analysis.coins.map(({ features, ...coin }): MatchedCoin => ({
      ...coin,
      candidates: features ? matchCoin(indexed, features, 16) : [],
      fine: features?.fine ?? 0,
      broad: features?.broad ?? 0,
      chroma: features?.chroma ?? [0, 0],
    }));
    return { ...analysis, coins, timings: { ...analysis.timings, match: performance.now() - started } };
  },
};
