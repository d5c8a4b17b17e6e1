import { joinedRegion, type DateRegion } from './coin-date.ts';
import { decodeDetail, type CoinDetail } from './coin-detail.ts';
import { angularBand, correlate, polarSpectrum, type CoinFeatures, type PhotographedCoinFeatures, type PolarSpectrum } from './coin-features.ts';
import { dateAndMintEvidence, differingRegion, type DifferingRegion } from './date-and-mint.ts';

/** One face of one catalog coin, as the matcher needs it. */
export interface CoinFaceReference {
  entryId: string;
  face: 'obverse' | 'reverse';
  features: CoinFeatures;
  /**
   * Where the face carries its date (a straight line's box or an arc of the rim), found by reading
   * its image at import; null when it carries none the reader found. Named `dateBox` since stored
   * references carried boxes only: those still load as they are.
   */
  dateBox: DateRegion | null;
}

export interface CoinFaceCandidate {
  entryId: string;
  face: 'obverse' | 'reverse';
  /** Normalised correlation at the best rotation, about −1..1 (≥ 0.5 is a clear match on generator photos). */
  score: number;
  /** Degrees clockwise the coin is turned from the reference's upright. */
  rotation: number;
  /**
   * Score the date and mint-mark relief took from this face, against its design's best year and
   * mint there (`detailWeight` × dateAndMintEvidence); null outside the best match's design when it
   * has several coins. A date read as text settles the year instead (catalog-coin-recognizer.ts,
   * textOverRelief).
   */
  relief: number | null;
}

/**
 * A reference as matching reads it. A worker holds every face of the catalog for good, so it keeps
 * no more than matching reads: the polar image is kept as its spectrum only (the sample catalog's
 * 66 faces held 5.4 MB of polar numbers besides), and the date and mint-mark relief as stored
 * (signed bytes in base64, 84 KB a face), decoded for the few faces a match compares it on:
 * decoded up front, the faces held 16.6 MB of it.
 */
export interface IndexedReference {
  entryId: string;
  face: 'obverse' | 'reverse';
  /** The face's mean chromaticity (CoinFeatures.chroma). */
  chroma: [number, number];
  spectrum: PolarSpectrum;
  /** Indices of the other references that are this face's design struck with another date or mint mark. */
  siblings: number[];
  /** Full-resolution relief of the date and mint-mark annulus (CoinFeatures.detail; see decodeDetail). */
  detail: CoinDetail;
  /** Where this face and its siblings differ (their dates and mint marks). */
  differing: DifferingRegion;
  /** Where this face's design carries its date: the region around its own and its siblings' (a mint letter may widen one); null when none has one. */
  dateBox: DateRegion | null;
}

/** Two references correlating this well upright are one design (only date or mint mark differ). */
const sameDesign = 0.8;
/** Score lost per unit of chromaticity distance: copper, silver, clad and steel differ in colour. */
const colourWeight = 1.5;

export function indexCoinReferences(references: readonly CoinFaceReference[]): IndexedReference[] {
  const spectra = references.map((r) => polarSpectrum(r.features.polar));
  return references.map((r, i) => {
    const siblings = references.flatMap((o, j) => (j !== i && o.face === r.face && correlate(spectra[i]!, spectra[j]!).score >= sameDesign ? [j] : []));
    // Decoded for this face's design only: all at once they took 16.6 MB while the worker indexed them.
    const differing = differingRegion([i, ...siblings].map((k) => decodeDetail(references[k]!.features.detail)));
    const dateBox = [i, ...siblings].map((k) => references[k]!.dateBox).reduce<DateRegion | null>((a, b) => (a && b ? joinedRegion(a, b) : (a ?? b)), null);
    return { entryId: r.entryId, face: r.face, chroma: r.features.chroma, spectrum: spectra[i]!, siblings, detail: r.features.detail, differing, dateBox };
  });
}

/** Score a same-design candidate loses per unit of date and mint-mark evidence against it (`dateAndMintEvidence`). */
const detailWeight = 0.5;

/** Candidates returned, when the caller names no number; hand-set when written (63a414b). */
const candidatesKept = 8;

/**
 * How the catalog's faces of other designs score against the photo's coin: the scores a coin the
 * catalog does not list would get. Blur, small size, light and the catalog's own style lower every
 * score together; how far the best match stands above these says more than its score alone.
 */
export interface ScoreBackground {
  mean: number;
  /** Standard deviation of those scores. */
  spread: number;
}

/** The best-scoring faces, best first, and the background they stand out of (null when too few other faces to judge it by). */
export interface CoinMatch {
  candidates: CoinFaceCandidate[];
  background: ScoreBackground | null;
}

/** Fewer faces of other designs than this give no background (a catalog of a design or two). */
const minBackgroundFaces = 8;

/**
 * Every reference face scored against the photo's coin at its best rotation and rim scale (less a
 * little for colour), best first. The best match's own design struck in other years or at other
 * mints (its siblings) correlate about as well whatever the date, so among them the full-resolution
 * date and mint-mark region decides. `radius` is the coin's in its photo, in pixels: the angular
 * detail it resolves (angularBand) is what it is compared on.
 */
export function matchCoin(references: readonly IndexedReference[], features: PhotographedCoinFeatures, radius: number, keep = candidatesKept): CoinMatch {
  const spectra = [features.polar, ...features.rescaledPolars].map(polarSpectrum);
  const band = angularBand(radius);
  const scored = references
    .map((ref, index) => {
      const { score: correlation, rotation } = spectra.map((spectrum) => correlate(spectrum, ref.spectrum, band)).reduce((a, b) => (b.score > a.score ? b : a));
      const colour = colourWeight * Math.hypot(ref.chroma[0] - features.chroma[0], ref.chroma[1] - features.chroma[1]);
      return { ref, index, rotation, correlation, colour, relief: null as number | null, score: correlation - colour };
    })
    .sort((a, b) => b.score - a.score);
  const top = scored[0];
  if (!top) return { candidates: [], background: null };
  // The background: every face but the best match's and its design's other years' and mints'.
  const own = new Set([top.ref.entryId, ...top.ref.siblings.map((k) => references[k]!.entryId)]);
  const others = scored.flatMap((s) => (own.has(s.ref.entryId) ? [] : [s.score]));
  const mean = others.reduce((a, b) => a + b, 0) / others.length;
  const background = others.length < minBackgroundFaces ? null : { mean: round(mean), spread: round(Math.sqrt(others.reduce((a, b) => a + (b - mean) ** 2, 0) / others.length)) };
  const group = [top, ...scored.filter((s) => top.ref.siblings.includes(s.index))];
  if (group.length > 1) {
    // One design: the coarse correlations differ by little more than noise, so the design's
    // correlation is shared and the date and mint mark decide (colour still tells silver from clad).
    const evidence = dateAndMintEvidence(decodeDetail(features.detail), group.map((g) => decodeDetail(g.ref.detail)), top.ref.differing, top.rotation);
    group.forEach((g, k) => {
      g.relief = detailWeight * evidence[k]!;
      g.score = top.correlation - g.colour - g.relief;
      g.rotation = top.rotation;
    });
  }
  const candidates = scored
    .sort((a, b) => b.score - a.score)
    .slice(0, keep)
    .map((s) => ({ entryId: s.ref.entryId, face: s.ref.face, score: round(s.score), rotation: Math.round(s.rotation), relief: s.relief === null ? null : round(s.relief) }));
  return { candidates, background };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
