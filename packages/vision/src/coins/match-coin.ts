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
}

export const indexCoinReferences = (references: readonly CoinFaceReference[]): IndexedReference[] =>
  references.map((r) => ({ ...r, spectrum: polarSpectrum(r.features.polar) }));

/** Candidates this close to the best are told apart on the pixels where they differ (date, mint mark). */
const tieMargin = 0.05;
/** Score a tied rival loses per unit of pairwise evidence against it (`discriminateCoins`, about 0..0.5). */
const discriminationWeight = 0.2;

/**
 * Every reference face scored against the photo's coin at its best rotation, best first. Near-ties
 * of one face (the same design in another year or from another mint) are re-ranked pairwise on
 * the pixels where the two references differ.
 */
export function matchCoin(references: readonly IndexedReference[], features: CoinFeatures, keep = 8): CoinFaceCandidate[] {
  const spectrum = polarSpectrum(features.polar);
  const scored = references.map((ref) => ({ ref, ...correlate(spectrum, ref.spectrum) })).sort((a, b) => b.score - a.score);
  const top = scored[0];
  if (!top) return [];
  const tied = scored.filter((s) => s.score >= top.score - tieMargin && s.ref.face === top.ref.face).slice(0, 5);
  let winner = tied[0]!;
  for (const other of tied.slice(1)) {
    if (discriminateCoins(features.polar, other.ref.features.polar, winner.ref.features.polar, winner.rotation) > 0) winner = other;
  }
  const ordered = [winner, ...scored.filter((s) => s !== winner)].slice(0, keep);
  return ordered.map((s, i) => {
    // The winner takes the top score; a tied rival falls behind it by how clearly the differing
    // pixels favour the winner, so the views of a coin combine on the decided identity.
    let score = i === 0 ? Math.max(s.score, top.score) : s.score;
    if (i > 0 && tied.includes(s)) score = Math.min(score, top.score - discriminationWeight * Math.max(0, discriminateCoins(features.polar, winner.ref.features.polar, s.ref.features.polar, winner.rotation)));
    return { entryId: s.ref.entryId, face: s.ref.face, score: Math.round(score * 1000) / 1000, rotation: Math.round(s.rotation) };
  });
}
