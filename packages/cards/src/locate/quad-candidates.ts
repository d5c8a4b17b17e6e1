import { distance, hypot, isConvex, orderPortrait, signedArea, type Quad } from '@assay/pixels';
import type { Line } from './hough-lines.ts';

export interface CandidateLimits {
  width: number;
  height: number;
  /** Short side / long side of the item, e.g. 63/88 for a trading card. */
  aspect: number;
  /** Allowed deviation of the measured aspect, absorbing perspective. */
  aspectTolerance: number;
  /** Smallest area, as a share of the image. */
  minAreaShare: number;
}

const degree = Math.PI / 180;
// Unless said otherwise, hand-set with the card engine's first commits (faf4bb1, 60629ba); none was
// measured alone, and where each was tuned is not recorded.
/** Opposite sides parallel within this many degrees, at least this share of the least side apart. */
const maxSkew = 14;
const minGap = 0.8;
/** Corners may lie this share of the photo outside it (a card the frame cuts off). */
const outside = 0.15;
/** A pair of pairs is tried when its ratio is within this many aspect tolerances of the card's. */
const roughAspect = 1.5;
/** Adjacent sides meet at least this many degrees. */
const minCorner = 65;

/**
 * Every quad formed by two near-parallel line pairs crossing at a roughly right angle, whose shape
 * is plausible for the item: convex, the right aspect, big enough, and not far outside the photo
 * (cards cut off by the frame stay candidates so the cut can be reported).
 */
export function quadCandidates(found: Line[], limits: CandidateLimits): Quad[] {
  // Each line's trigonometry once: thousands of corners are intersected per photo.
  const lines: TrigLine[] = found.map((l) => ({ ...l, cos: Math.cos(l.theta), sin: Math.sin(l.theta) }));
  const minSide = Math.sqrt(limits.minAreaShare * limits.width * limits.height * limits.aspect);
  const pairs: { a: TrigLine; b: TrigLine; gap: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      const dt = angleGap(a.theta, b.theta);
      if (dt > maxSkew * degree) continue;
      // Offset between the two lines along their shared normal.
      const sameSide = Math.abs(a.theta - b.theta) < Math.PI / 2;
      const gap = Math.abs(sameSide ? a.rho - b.rho : a.rho + b.rho);
      if (gap >= minSide * minGap) pairs.push({ a, b, gap });
    }
  }
  const slackX = limits.width * outside;
  const slackY = limits.height * outside;
  // Corners of the quad under test: scalars, not points, as most quads fail before they are kept.
  const xs = new Float64Array(4);
  const ys = new Float64Array(4);
  const corner = (k: number, p: TrigLine, q: TrigLine): boolean => {
    const det = p.cos * q.sin - p.sin * q.cos;
    if (Math.abs(det) < 1e-9) return false;
    const x = (p.rho * q.sin - q.rho * p.sin) / det;
    const y = (p.cos * q.rho - q.cos * p.rho) / det;
    xs[k] = x;
    ys[k] = y;
    return x >= -slackX && y >= -slackY && x <= limits.width + slackX && y <= limits.height + slackY;
  };
  const quads: Quad[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const gi = pairs[i]!.gap;
    for (let j = i + 1; j < pairs.length; j++) {
      // The gaps are the quad's side lengths (up to the crossing angle): reject wrong aspects before
      // any corner is computed, which prunes most of the pairs of pairs.
      const gj = pairs[j]!.gap;
      const ratio = Math.min(gi, gj) / Math.max(gi, gj);
      if (Math.abs(ratio - limits.aspect) > limits.aspectTolerance * roughAspect) continue;
      const { a, b } = pairs[i]!;
      const { a: c, b: d } = pairs[j]!;
      const cross = angleGap(a.theta, c.theta);
      if (cross < minCorner * degree) continue;
      if (!corner(0, a, c) || !corner(1, c, b) || !corner(2, b, d) || !corner(3, d, a)) continue;
      // Most corner sets fail the shape test: when they already run round a convex quad, test its
      // aspect before ordering the corners (the same sides, so the same answer).
      if (wrongAspect(xs, ys, limits)) continue;
      const quad = orderPortrait([{ x: xs[0]!, y: ys[0]! }, { x: xs[1]!, y: ys[1]! }, { x: xs[2]!, y: ys[2]! }, { x: xs[3]!, y: ys[3]! }]);
      if (!isConvex(quad)) continue;
      const area = Math.abs(signedArea(quad));
      if (area < limits.minAreaShare * limits.width * limits.height) continue;
      const short = (distance(quad[0], quad[1]) + distance(quad[2], quad[3])) / 2;
      const long = (distance(quad[1], quad[2]) + distance(quad[3], quad[0])) / 2;
      if (Math.abs(short / long - limits.aspect) > limits.aspectTolerance) continue;
      quads.push(quad);
    }
  }
  return quads;
}

/**
 * Corners `xs`, `ys` that run round a convex quad (as `isConvex` decides) whose opposite-side means
 * are not the item's aspect.
 */
function wrongAspect(xs: Float64Array, ys: Float64Array, limits: CandidateLimits): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = i;
    const b = (i + 1) % 4;
    const c = (i + 2) % 4;
    const cross = (xs[b]! - xs[a]!) * (ys[c]! - ys[b]!) - (ys[b]! - ys[a]!) * (xs[c]! - xs[b]!);
    if (cross === 0 || (sign !== 0 && Math.sign(cross) !== sign)) return false;
    sign = Math.sign(cross);
  }
  const p = (hypot(xs[0]! - xs[1]!, ys[0]! - ys[1]!) + hypot(xs[2]! - xs[3]!, ys[2]! - ys[3]!)) / 2;
  const q = (hypot(xs[1]! - xs[2]!, ys[1]! - ys[2]!) + hypot(xs[3]! - xs[0]!, ys[3]! - ys[0]!)) / 2;
  return Math.abs(Math.min(p, q) / Math.max(p, q) - limits.aspect) > limits.aspectTolerance;
}

function angleGap(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

interface TrigLine extends Line {
  cos: number;
  sin: number;
}
