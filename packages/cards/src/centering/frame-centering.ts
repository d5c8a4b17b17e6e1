import type { Centering } from '../grade/card-scale.ts';
import type { BorderProfiles, SideProfile } from './frame-blind.ts';
import type { FramePattern } from './frame-inset.ts';
import {
  cancelWeight,
  candidateDepth,
  commonSize,
  edgeCandidates,
  fallbackDepth,
  fallbackMinSpan,
  fallbackReach,
  fallbackSampleStep,
  minAgreement,
  minCandidateStep,
  minPatternMatch,
  minPatternSpan,
  narrowestPair,
  nearOutline,
  patternFrom,
  patternReach,
  patternTo,
  sampleStep,
  weakestCandidate,
} from './knobs.ts';

/** Where the printed frame sits on a perfectly centred face, as fractions of width and height. */
export interface FrameInset {
  x: number;
  y: number;
  /**
   * Where the frame sits on the reference image itself (`measureFrameInset`); absent: exactly in
   * the middle. Centering is the print's shift from the reference, so the reference's own
   * off-centre (a pixel's rounding in its artwork) is taken off what a photo shows.
   */
  drawn?: Centering;
  /** The reference's border pattern (`framePattern`): when known, each side is matched against it. */
  pattern?: FramePattern;
}

/**
 * Centering when the face's frame is known from the catalog. A print shift moves the frame, never
 * resizes it: it moves the whole border pattern (frame line, its inner edge, the first of the art)
 * inward on one side and outward on the other by the same amount. So each axis compares its two
 * sides' step profiles, measured inward from each card edge, and finds the shift that lines them
 * up (cross-correlation, to a quarter pixel, then a parabola): twice the print shift, plus whatever
 * the reference's own artwork is off by (`drawn`). Every edge of the pattern votes, so neither a
 * frame line's two edges nor a strong edge in the art can be taken for the frame on one side
 * only. The shift over the frame's known size (twice the inset) is the centering. An axis without
 * a border (inset 0) is centred by definition. Returns null when an axis with a border shows no
 * pattern common to both sides.
 */
export function centeringWithFrame(profiles: BorderProfiles, inset: FrameInset): Centering | null {
  if (inset.pattern) return centeringByPattern(profiles, inset, inset.pattern);
  const drawn = inset.drawn ?? { horizontal: 0.5, vertical: 0.5 };
  const horizontal = axisShare(profiles.left, profiles.right, inset.x, drawn.horizontal);
  const vertical = axisShare(profiles.top, profiles.bottom, inset.y, drawn.vertical);
  return horizontal === null || vertical === null ? null : { horizontal, vertical };
}

function axisShare(near: SideProfile, far: SideProfile, inset: number, drawn: number): number | null {
  // A face without a border on this axis (full-bleed art, a back's pattern) cannot be off-centre on it.
  if (inset <= 0) return 0.5;
  // Both borders of a centred print: the frame's whole width across the two sides.
  const total = 2 * inset * near.span;
  // Depths compared, from just inside the card edge to past the deepest frame a shift can make.
  const from = 2;
  const to = Math.min(total * fallbackDepth, near.steps.length - near.edge - 2, far.steps.length - far.edge - 2);
  if (to - from < total * fallbackMinSpan) return null;
  // Print shifts reach about 0.25/0.75 of the border (shift ±0.5 of the total); search a little wider.
  const reach = total * fallbackReach;
  const quarter = 0.25;
  const scores: number[] = [];
  let best = -1;
  let bestScore = -Infinity;
  for (let k = 0, s = -reach; s <= reach; k++, s += quarter) {
    let sum = 0;
    let nn = 0;
    let ff = 0;
    for (let x = from; x <= to; x += fallbackSampleStep) {
      const y = x - s;
      if (y < from || y > to) continue;
      const a = at(near, x);
      const b = at(far, y);
      sum += a * b;
      nn += a * a;
      ff += b * b;
    }
    const score = nn > 0 && ff > 0 ? sum / Math.sqrt(nn * ff) : 0;
    scores.push(score);
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  if (best < 0 || bestScore < minAgreement) return null;
  const l = scores[best - 1] ?? scores[best]!;
  const r = scores[best + 1] ?? scores[best]!;
  const denom = l - 2 * bestScore + r;
  const shift = -reach + quarter * (denom < 0 ? best + (0.5 * (l - r)) / denom : best);
  // near − far borders = 2 × print shift + the reference's own difference.
  return 0.5 + shift / (2 * total) - (drawn - 0.5);
}

/** A side's step strength at a depth from its card edge, interpolated. */
function at(p: SideProfile, depth: number): number {
  const d = p.edge + depth;
  const i = Math.floor(d);
  if (i < 0 || i + 1 >= p.steps.length) return 0;
  return p.steps[i]! + (p.steps[i + 1]! - p.steps[i]!) * (d - i);
}

/**
 * Centering against the reference's own border pattern. A print shift moves the whole design
 * against the cut: the frame line, its inner edge and the art next to it all sit `shift` deeper on
 * one side and `shift` shallower on the other. Each side's step profile is matched (normalised
 * cross-correlation, a quarter pixel apart, then a parabola) against the same side of the
 * reference, scaled to the photo, over the depths a border can span; the two sides' moves, half
 * their difference, over the frame's known width is the centering. The reference is the centred
 * print, so its own rounding (`drawn`) needs no separate correction, and art that a frame-edge
 * search mistakes for the frame is here part of what is matched. Null when a side with a border
 * matches its reference poorly (another design, a bad outline).
 */
function centeringByPattern(profiles: BorderProfiles, inset: FrameInset, pattern: FramePattern): Centering | null {
  const across = edgePairs(profiles.left, profiles.right, pattern.left, pattern.right, inset.x, pattern.width);
  const down = edgePairs(profiles.top, profiles.bottom, pattern.top, pattern.bottom, inset.y, pattern.height);
  if (across === null || down === null) return bothAxes(across, down);
  if (across.length === 0 || down.length === 0) return null;
  // The design may sit a little deeper (or shallower) on all four sides than on the reference: a
  // print a shade larger or smaller than its cut, an edge the photo's blur moved alike all round.
  // That is one share of the frame for the whole card, so the axes are chosen together: their
  // pairs' moves may add up to the same share lightly (see `commonSize`), to different shares
  // as dearly as one axis's moves that fail to cancel. Chosen axis by axis, a card whose design
  // sits deeper all round loses its own edges to pairs with one side on a holder's recess or a
  // sleeve's edge, whose extra gap happens to cancel that.
  let best: { score: number; horizontal: number; vertical: number } | null = null;
  for (const h of across) {
    for (const v of down) {
      const score = h.match + v.match - Math.abs(h.size - v.size) / cancelWeight - Math.abs(h.size + v.size) / commonSize;
      if (!best || score > best.score) best = { score, horizontal: h.centering, vertical: v.centering };
    }
  }
  return { horizontal: best!.horizontal, vertical: best!.vertical };
}

/** With a border on one axis only: that axis's best pair on its own, the other centred. */
function bothAxes(across: EdgePair[] | null, down: EdgePair[] | null): Centering | null {
  const alone = (pairs: EdgePair[] | null) => (pairs === null ? 0.5 : bestPair(pairs)?.centering ?? null);
  const horizontal = alone(across);
  const vertical = alone(down);
  return horizontal === null || vertical === null ? null : { horizontal, vertical };
}

function bestPair(pairs: EdgePair[]): EdgePair | null {
  let best: EdgePair | null = null;
  for (const p of pairs) if (!best || p.match - Math.abs(p.size) / cancelWeight > best.match - Math.abs(best.size) / cancelWeight) best = p;
  return best;
}

/** One way of reading an axis: a card edge on each side and what their pattern moves say. */
interface EdgePair {
  /** The worse of the two sides' matches to the reference. */
  match: number;
  /** The two moves added up, as a share of the frame's width: 0 for a pure print shift. */
  size: number;
  centering: number;
}

/**
 * One axis's readings. The outline the profiles were cut along may be a sleeve's edge or a
 * holder's recess a little outside the card, so each side offers its strongest steps near the
 * outline as the card's edge. A print shift moves one side's pattern in by as much as it moves the
 * other's out; edges that are not the card's add their gap to both. So the pair of edges whose two
 * pattern moves cancel best, with patterns that match well, is the card; half the moves'
 * difference over the frame's width is the centering. Null for an axis without a border.
 */
function edgePairs(near: SideProfile, far: SideProfile, nearRef: number[], farRef: number[], share: number, size: number): EdgePair[] | null {
  if (share <= 0) return null;
  // Every pair is matched at its own scale: matched at the outline's, a sleeve's or holder's few
  // percent stretch the pattern enough to bias both moves alike, and the card's own pair loses.
  const pairs: EdgePair[] = [];
  const farEdges = edgesOf(far);
  for (const e of edgesOf(near)) {
    for (const f of farEdges) {
      // The card between these two edges, in the rectified image's pixels.
      const width = near.span + (near.edge - e) + (far.edge - f);
      if (width < near.span * narrowestPair) continue;
      const cardTotal = 2 * share * width;
      const a = sideMove({ ...near, edge: e, span: width }, nearRef, size / width, cardTotal);
      const b = sideMove({ ...far, edge: f, span: width }, farRef, size / width, cardTotal);
      if (!a || !b) continue;
      pairs.push({ match: Math.min(a.match, b.match), size: (a.move + b.move) / cardTotal, centering: 0.5 + (a.move - b.move) / 2 / cardTotal });
    }
  }
  return pairs;
}

/**
 * Where the card's edge may be on a side: the edge found near the outline, the strongest other
 * steps from the image's boundary to a tenth of the card inside the outline (a sleeve stands up to
 * 6% proud of the card at its open end), and the outermost step outside it, sub-pixel.
 */
function edgesOf(p: SideProfile): number[] {
  const last = Math.min(p.steps.length - 2, Math.ceil(p.edge + candidateDepth * p.span));
  const peaks: { at: number; strength: number }[] = [];
  for (let d = 1; d <= last; d++) {
    const c = p.steps[d]!;
    const l = p.steps[d - 1]!;
    const r = p.steps[d + 1]!;
    if (c < l || c <= r || c < minCandidateStep) continue;
    const denom = l - 2 * c + r;
    peaks.push({ at: denom < 0 ? d + (0.5 * (l - r)) / denom : d, strength: c });
  }
  const strongest = Math.max(0, ...peaks.map((q) => q.strength));
  // An outline on a recess or a sleeve's edge lies a few pixels outside the card's edge, which may
  // then be faint (a border of the recess's colour): steps that little inside the outline come
  // first, so that the strong steps of a holder's label or of the art farther off do not crowd them out.
  const near = (q: { at: number }) => q.at > p.edge && q.at - p.edge <= nearOutline * p.span;
  const picked = peaks
    .filter((q) => q.strength >= strongest * weakestCandidate && Math.abs(q.at - p.edge) > 1)
    .sort((a, b) => Number(near(b)) - Number(near(a)) || b.strength - a.strength)
    .slice(0, edgeCandidates - 1)
    .map((q) => q.at);
  // Outside an outline on the printed frame, the card's own edge is the outermost step, and on a
  // table of the border's colour a faint one, below the share of the strongest above.
  const outermost = peaks.find((q) => q.at < p.edge - 1);
  if (outermost && !picked.includes(outermost.at)) picked.push(outermost.at);
  return [p.edge, ...picked];
}

/**
 * How much deeper than on the reference this side's pattern lies, in the photo's pixels: the shift
 * of the reference (`scale` reference pixels per photo pixel) that best matches the side's steps.
 */
function sideMove(side: SideProfile, reference: number[], scale: number, total: number): { move: number; match: number } | null {
  // From past any chipped edge to as deep as the photo's profile goes, a pixel apart.
  const from = Math.max(patternFrom.pixels, patternFrom.share * side.span);
  const to = Math.min(patternTo * side.span, side.steps.length - 2 - side.edge);
  if (to - from < minPatternSpan) return null;
  const n = Math.floor((to - from) / sampleStep) + 1;
  const photo = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += photo[i] = at(side, from + i * sampleStep);
  mean /= n;
  let photoNorm = 0;
  for (let i = 0; i < n; i++) {
    photo[i]! -= mean;
    photoNorm += photo[i]! * photo[i]!;
  }
  if (photoNorm <= 0) return null;
  // Normalised correlation with the reference moved `move` photo pixels deeper. The reference's
  // step at depth X (its pixels) is centred half a pixel past its index.
  const ref = new Float64Array(n);
  const correlation = (move: number): number => {
    let refMean = 0;
    for (let i = 0; i < n; i++) refMean += ref[i] = refAt(reference, (from + i * sampleStep - move) * scale - 0.5);
    refMean /= n;
    let sum = 0;
    let refNorm = 0;
    for (let i = 0; i < n; i++) {
      const r = ref[i]! - refMean;
      sum += photo[i]! * r;
      refNorm += r * r;
    }
    return refNorm > 0 ? sum / Math.sqrt(photoNorm * refNorm) : 0;
  };
  // Print shifts reach about 0.25/0.75 of the border: ±0.25 of the total; search wider, a pixel
  // apart, then a quarter pixel apart around the best.
  const reach = Math.ceil(total * patternReach.share + patternReach.pixels);
  let coarse = 0;
  let coarseScore = -Infinity;
  for (let move = -reach; move <= reach; move++) {
    const score = correlation(move);
    if (score > coarseScore) [coarse, coarseScore] = [move, score];
  }
  const fine = [-1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 0.75, 1].map((d) => ({ move: coarse + d, score: d === 0 ? coarseScore : correlation(coarse + d) }));
  let k = 4;
  for (let i = 0; i < fine.length; i++) if (fine[i]!.score > fine[k]!.score) k = i;
  const peak = fine[k]!.score;
  if (peak < minPatternMatch) return null;
  const l = fine[k - 1]?.score ?? peak;
  const r = fine[k + 1]?.score ?? peak;
  const denom = l - 2 * peak + r;
  return { move: fine[k]!.move + (denom < 0 ? (0.25 * 0.5 * (l - r)) / denom : 0), match: peak };
}

function refAt(steps: number[], d: number): number {
  const i = Math.floor(d);
  if (i < 0 || i + 1 >= steps.length) return 0;
  return steps[i]! + (steps[i + 1]! - steps[i]!) * (d - i);
}
