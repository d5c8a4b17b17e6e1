import type { Centering } from '@assay/grading';
import type { BorderProfiles, SideProfile } from './centering.ts';
import type { FramePattern } from './frame-inset.ts';

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

/** Least normalised correlation between the two sides' patterns for a measurement. */
const minAgreement = 0.5;

function axisShare(near: SideProfile, far: SideProfile, inset: number, drawn: number): number | null {
  // A face without a border on this axis (full-bleed art, a back's pattern) cannot be off-centre on it.
  if (inset <= 0) return 0.5;
  // Both borders of a centred print: the frame's whole width across the two sides.
  const total = 2 * inset * near.span;
  // Depths compared, from just inside the card edge to past the deepest frame a shift can make.
  const from = 2;
  const to = Math.min(total * 0.85, near.steps.length - near.edge - 2, far.steps.length - far.edge - 2);
  if (to - from < total * 0.5) return null;
  // Print shifts reach about 0.25/0.75 of the border (shift ±0.5 of the total); search a little wider.
  const reach = total * 0.6;
  const quarter = 0.25;
  const scores: number[] = [];
  let best = -1;
  let bestScore = -Infinity;
  for (let k = 0, s = -reach; s <= reach; k++, s += quarter) {
    let sum = 0;
    let nn = 0;
    let ff = 0;
    for (let x = from; x <= to; x += 0.5) {
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
  const axis = (near: SideProfile, far: SideProfile, nearRef: number[], farRef: number[], share: number, size: number): number | null => {
    if (share <= 0) return 0.5;
    const total = 2 * share * near.span;
    const a = sideMove(near, nearRef, size / near.span, total);
    const b = sideMove(far, farRef, size / far.span, total);
    if (a === null || b === null) return null;
    return 0.5 + (a - b) / 2 / total;
  };
  const horizontal = axis(profiles.left, profiles.right, pattern.left, pattern.right, inset.x, pattern.width);
  const vertical = axis(profiles.top, profiles.bottom, pattern.top, pattern.bottom, inset.y, pattern.height);
  return horizontal === null || vertical === null ? null : { horizontal, vertical };
}

/** Least correlation between a side and its reference pattern to trust the match. */
const minPatternMatch = 0.5;

/**
 * How much deeper than on the reference this side's pattern lies, in the photo's pixels: the shift
 * of the reference (`scale` reference pixels per photo pixel) that best matches the side's steps.
 */
function sideMove(side: SideProfile, reference: number[], scale: number, total: number): number | null {
  // From past any chipped edge to as deep as the photo's profile goes.
  const from = Math.max(3, 0.012 * side.span);
  const to = Math.min(0.19 * side.span, side.steps.length - 2 - side.edge);
  // Print shifts reach about 0.25/0.75 of the border: ±0.25 of the total; search wider.
  const reach = total * 0.35 + 2;
  if (to - from < 8) return null;
  const xs: number[] = [];
  for (let x = from; x <= to; x += 0.5) xs.push(x);
  const photo = xs.map((x) => at(side, x));
  const mean = photo.reduce((s, v) => s + v, 0) / photo.length;
  let photoNorm = 0;
  for (let i = 0; i < photo.length; i++) {
    photo[i]! -= mean;
    photoNorm += photo[i]! * photo[i]!;
  }
  if (photoNorm <= 0) return null;
  const quarter = 0.25;
  const scores: number[] = [];
  let best = -1;
  for (let k = 0, move = -reach; move <= reach; k++, move += quarter) {
    // The reference's step at depth X (its pixels) is centred half a pixel past its index.
    const ref = xs.map((x) => refAt(reference, (x - move) * scale - 0.5));
    const refMean = ref.reduce((s, v) => s + v, 0) / ref.length;
    let sum = 0;
    let refNorm = 0;
    for (let i = 0; i < ref.length; i++) {
      const r = ref[i]! - refMean;
      sum += photo[i]! * r;
      refNorm += r * r;
    }
    scores.push(refNorm > 0 ? sum / Math.sqrt(photoNorm * refNorm) : 0);
    if (best < 0 || scores[k]! > scores[best]!) best = k;
  }
  const peak = scores[best]!;
  if (peak < minPatternMatch) return null;
  const l = scores[best - 1] ?? peak;
  const r = scores[best + 1] ?? peak;
  const denom = l - 2 * peak + r;
  return -reach + quarter * (denom < 0 ? best + (0.5 * (l - r)) / denom : best);
}

function refAt(steps: number[], d: number): number {
  const i = Math.floor(d);
  if (i < 0 || i + 1 >= steps.length) return 0;
  return steps[i]! + (steps[i + 1]! - steps[i]!) * (d - i);
}
