import type { TextImage, WorkerJob, WorkerJobs, WorkerPool } from '@assay/pixels';
import { analyseCoinPhoto, type CoinPhotoAnalysis, type FoundCoin } from './analyse-coin-photo.ts';
import type { PhotographedCoinFeatures } from './identify/coin-features.ts';
import { dateCrops, legibleDate } from './identify/coin-date.ts';
import { indexCoinReferences, matchCoin, type CoinFaceCandidate, type CoinFaceReference, type CoinMatch, type IndexedReference, type ScoreBackground } from './identify/match-coin.ts';

/** A found coin with its best catalog matches; the polar image stays in the worker, the rest travels. */
export interface MatchedCoin extends Omit<FoundCoin, 'features' | 'otherView' | 'perspective'> {
  candidates: CoinFaceCandidate[];
  /** How the catalog's other designs score against it (matchCoin). */
  background: ScoreBackground | null;
  /** Relief measurements for grading (see CoinFeatures). */
  fine: number;
  broad: number;
  chroma: [number, number];
  /**
   * The coin cut out where its best match's design carries the date, upright and in grey (dateCrops:
   * as photographed, then as relief), for the text reader (which runs on the main thread);
   * 'too_small' when the date is too few pixels high in the photo to be read (see legibleDate); null
   * when that design carries no date found at import.
   */
  dateCrops: TextImage[] | 'too_small' | null;
}

export interface CoinPhotoResult extends Omit<CoinPhotoAnalysis, 'coins' | 'pixels'> {
  coins: MatchedCoin[];
}

/** What the coin job is configured with. */
export interface CoinJobSettings {
  references: CoinFaceReference[];
}

/** The coin job's name on a worker pool. */
const name = 'coins';

/**
 * Faces a worker sends back per coin: more than the answer reports, because the main thread then
 * rescores them by size at the photo's scale and by their other views, which can reorder them.
 * Hand-set with that rescoring (05f9b78), not measured alone.
 */
const facesPerCoin = 16;

// Spectra computed once per worker: every coin of every photo is matched against all of them.
let references = indexCoinReferences([]);
let byFace = new Map<string, IndexedReference>();

/** A coin photo analysed, and its coins matched against the catalog's faces. */
const coinJob: WorkerJob = {
  configure(settings) {
    references = indexCoinReferences((settings as CoinJobSettings).references);
    byFace = new Map(references.map((r) => [`${r.entryId}/${r.face}`, r]));
  },
  async run(bytes): Promise<CoinPhotoResult> {
    const { pixels, ...analysis } = await analyseCoinPhoto(bytes);
    const started = performance.now();
    const coins = analysis.coins.map(({ features: firstFeatures, otherView, ...first }): MatchedCoin => {
      // A tilted coin resolves less across its short axis: its detail is judged at the axes' mean.
      const seenRadius = first.ellipse ? Math.sqrt(first.ellipse.major * first.ellipse.minor) : first.r;
      const none: CoinMatch = { candidates: [], background: null };
      const match = (features: PhotographedCoinFeatures | null) => (features ? matchCoin(references, features, seenRadius, facesPerCoin) : none);
      // Of the two ways a tilted coin may lie, the one whose face a catalog face fits better.
      const firstMatch = match(firstFeatures);
      const otherMatch = otherView ? match(otherView.features) : none;
      const other = otherView !== null && (otherMatch.candidates[0]?.score ?? 0) > (firstMatch.candidates[0]?.score ?? 0);
      const [coin, features, { candidates, background }] = other ? [{ ...first, perspective: otherView.perspective }, otherView.features, otherMatch] : [first, firstFeatures, firstMatch];
      const best = candidates[0];
      const dateBox = best ? byFace.get(`${best.entryId}/${best.face}`)?.dateBox : null;
      // How the face was read stays here: the date's crop is cut through it below.
      const { perspective: _read, ...located } = coin;
      return {
        ...located,
        candidates,
        background,
        fine: features?.fine ?? 0,
        broad: features?.broad ?? 0,
        chroma: features?.chroma ?? [0, 0],
        dateCrops: !best || !dateBox ? null : legibleDate(dateBox, coin.r) ? dateCrops(pixels, coin, best.rotation, dateBox) : 'too_small',
      };
    });
    return { ...analysis, coins, timings: { ...analysis.timings, match: performance.now() - started } };
  },
};

/**
 * The jobs a worker script serves for coins (see `serveJobs`): a script serving other categories'
 * jobs beside them lets one pool of workers serve a batch of any mix.
 */
export const coinJobs: WorkerJobs = { [name]: coinJob };

/**
 * Coin photos analysed on `pool`, whose workers serve `coinJobs`, and matched against these catalog
 * faces; a worker started later (replacing one that stopped) gets them from `reload` when given, so
 * the faces need not stay on this thread.
 */
export function coinAnalysis(pool: WorkerPool, references: CoinFaceReference[], reload?: () => Promise<CoinFaceReference[]>): (bytes: Buffer) => Promise<CoinPhotoResult> {
  const settings = (faces: CoinFaceReference[]): CoinJobSettings => ({ references: faces });
  pool.configure(name, settings(references), reload && (async () => settings(await reload())));
  return (bytes) => pool.run(name, bytes);
}
