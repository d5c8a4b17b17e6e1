import { correlate, discriminateCoins, polarSpectrum, type CoinFeatures, type PolarSpectrum } from './coin-features.ts';

/** One face of one catalog coin, as the matcher needs it. */
export interface CoinFaceReference {
  entryId: string;
  face: 'obverse' | 'reverse';
  features: CoinFeatures;
}

export interface CoinFaceCandidate {
  entryId: string;
  face: 'obverse' | 'reverse';
  /** Normalised correlation at the best rotation, about −1..1 (≥ 0.5 is a clear match on generator photos). */
  score: number;
  /** Degrees clockwise the coin is turned from the reference's upright. */
  rotation: number;
}

export interface IndexedReference extends CoinFaceReference {
  spectrum: PolarSpectrum;
  /** Indices of the other references that are this face's design struck with another date or mint mark. */
  siblings: number[];
}

/** Two references correlating this well upright are one design (only date or mint mark differ). */
const sameDesign = 0.8;
/** Score lost per unit of chromaticity distance: copper, silver, clad and steel differ in colour. */
const colourWeight = 1.5;

export function indexCoinReferences(references: readonly CoinFaceReference[]): IndexedReference[] {
  const spectra = references.map((r) => polarSpectrum(r.features.polar));
  return references.map((r, i) => ({
    ...r,
    spectrum: spectra[i]!,
    siblings: references.flatMap((o, j) => (j !== i && o.face === r.face && correlate(spectra[i]!, spectra[j]!).score >= sameDesign ? [j] : [])),
  }));
}

/** Score a same-design candidate gains per unit of pairwise evidence for it (`discriminateCoins`, about ±0.5). */
const discriminationWeight = 0.4;

/**
 * Every reference face scored against the photo's coin at its best rotation (less a little for
 * colour), best first. The best match's own design struck in other years or at other mints (its
 * siblings) correlate about as well whatever the date, so each of them also gains or loses by how
 * the pixels where it differs from the best match (date, mint mark) agree with the photo.
 */
export function matchCoin(references: readonly IndexedReference[], features: CoinFeatures, keep = 8): CoinFaceCandidate[] {
  const spectrum = polarSpectrum(features.polar);
  const scored = references
    .map((ref, index) => {
      const { score, rotation } = correlate(spectrum, ref.spectrum);
      const colour = Math.hypot(ref.features.chroma[0] - features.chroma[0], ref.features.chroma[1] - features.chroma[1]);
      return { ref, index, rotation, score: score - colourWeight * colour };
    })
    .sort((a, b) => b.score - a.score);
  const top = scored[0];
  if (!top) return [];
  for (const s of scored) {
    if (s !== top && top.ref.siblings.includes(s.index)) {
      s.score += discriminationWeight * discriminateCoins(features.polar, s.ref.features.polar, top.ref.features.polar, top.rotation);
    }
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, keep)
    .map((s) => ({ entryId: s.ref.entryId, face: s.ref.face, score: Math.round(s.score * 1000) / 1000, rotation: Math.round(s.rotation) }));
}
