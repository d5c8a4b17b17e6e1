import { discriminate, matchable, rotated180, similarityAndPlain, type MatchableFeatures } from './match-features.ts';
import type { CardFeatures } from './card-features.ts';
import type { FrameInset } from '../centering/centering.ts';
import type { CardReferences } from '../card-references.ts';
import type { IdentityCandidate } from '../card-recognizer.ts';

export interface ReferenceIndex {
  fronts: { entryId: string; gameId: string; features: CardFeatures; frame?: FrameInset; grids: MatchableFeatures }[];
  backs: { gameId: string; features: CardFeatures; frame?: FrameInset; grids: MatchableFeatures }[];
}

export interface FaceMatch {
  face: 'front' | 'back' | 'unknown';
  rotated: boolean;
  candidates: IdentityCandidate[];
  back: { gameId: string; score: number } | null;
  /** The matched reference's features (front or back), for exposure and surface measures. */
  reference: CardFeatures | null;
  /** The matched face's printed frame: a front's from the catalog, a back's measured from its image. */
  frame: FrameInset | null;
}

/** Below this similarity nothing in the catalog looks like the photo (tuned on generator photos). */
const minSimilarity = 0.5;
/** How much more a match found only with blown-out cells left out needs (tuned on development sets). */
const maskedMargin = 0.08;
/** Softmax temperature turning similarity gaps into probabilities. */
const temperature = 0.025;
/** Candidates this close to the best are re-ranked by where they differ (reprints, parallels). */
const tieMargin = 0.04;
/** Similarity a tied rival loses per unit of pairwise evidence against it (`discriminate`, 0..1). */
const discriminationWeight = 0.25;

export function indexReferences(references: CardReferences): ReferenceIndex {
  return {
    fronts: references.fronts.map((r) => ({ ...r, grids: matchable(r.features) })),
    backs: references.backs.map((r) => ({ gameId: r.gameId, features: r.features, frame: r.frame, grids: matchable(r.features) })),
  };
}

/** Matches a photographed card against every front and back, in both upright readings. */
export function matchFace(index: ReferenceIndex, features: CardFeatures): FaceMatch {
  const upright = matchable(features);
  const turned = rotated180(upright);
  const best = (grids: MatchableFeatures) => {
    const { similarity: a, plain: plainUpright } = similarityAndPlain(upright, grids);
    const { similarity: b, plain: plainTurned } = similarityAndPlain(turned, grids);
    const plain = Math.max(plainUpright, plainTurned);
    return a >= b ? { score: a, rotated: false, plain } : { score: b, rotated: true, plain };
  };
  const fronts = index.fronts.map((r) => ({ ref: r, ...best(r.grids) })).sort((a, b) => b.score - a.score);
  const backs = index.backs.map((r) => ({ ref: r, ...best(r.grids) })).sort((a, b) => b.score - a.score);
  const topFront = fronts[0];
  const topBack = backs[0];
  const frontScore = topFront?.score ?? 0;
  const backScore = topBack?.score ?? 0;
  // Leaving blown-out cells out lifts a stranger's score too, so a match only that reading finds
  // must clear a higher bar.
  const plainBest = Math.max(...fronts.map((f) => f.plain), ...backs.map((b) => b.plain), 0);
  if (plainBest < minSimilarity && Math.max(frontScore, backScore) < minSimilarity + maskedMargin) {
    return { face: 'unknown', rotated: false, candidates: [], back: null, reference: null, frame: null };
  }
  if (topBack && backScore > frontScore) {
    return { face: 'back', rotated: topBack.rotated, candidates: [], back: { gameId: topBack.ref.gameId, score: backScore }, reference: topBack.ref.features, frame: topBack.ref.frame ?? null };
  }
  const top = topFront!;
  const photo = top.rotated ? turned : upright;
  // Near-ties (reprints, parallels) are settled pairwise on the pixels where the references differ,
  // which whole-card similarity barely sees.
  const tied = fronts.filter((f) => f.score >= top.score - tieMargin).slice(0, 4);
  let winner = tied[0]!;
  for (const other of tied.slice(1)) if (discriminate(photo, other.ref.grids, winner.ref.grids) > 0) winner = other;
  const ordered = [winner, ...fronts.filter((f) => f !== winner)].slice(0, 5);
  // The winner takes the top score; a tied rival falls behind it by how clearly the differing pixels
  // favour the winner, so a decided parallel is reported confidently rather than as a coin toss.
  const scores = ordered.map((f, i) => {
    if (i === 0) return Math.max(f.score, top.score);
    if (!tied.includes(f)) return f.score;
    return Math.min(f.score, top.score - discriminationWeight * Math.max(0, discriminate(photo, winner.ref.grids, f.ref.grids)));
  });
  const weights = scores.map((s) => Math.exp((s - scores[0]!) / temperature));
  const total = weights.reduce((a, b) => a + b, 0) + Math.exp((minSimilarity - scores[0]!) / temperature);
  return {
    face: 'front',
    rotated: winner.rotated,
    candidates: ordered.map((f, i) => ({ entryId: f.ref.entryId, score: round(f.score), confidence: round(weights[i]! / total) })),
    back: null,
    reference: winner.ref.features,
    frame: winner.ref.frame ?? null,
  };
}

const round = (v: number) => Math.round(v * 1000) / 1000;
