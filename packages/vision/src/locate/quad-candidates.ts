import { isConvex, orderPortrait, signedArea, distance, type Point, type Quad } from '../geometry/point.ts';
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

/**
 * Every quad formed by two near-parallel line pairs crossing at a roughly right angle, whose shape
 * is plausible for the item: convex, the right aspect, big enough, and not far outside the photo
 * (cards cut off by the frame stay candidates so the cut can be reported).
 */
export function quadCandidates(found: Line[], limits: CandidateLimits): Quad[] {
  // Each line's trigonometry once: thousands of corners are intersected per photo.
  const lines: TrigLine[] = found.map((l) => ({ ...l, cos: Math.cos(l.theta), sin: Math.sin(l.theta) }));
  const minSide = Math.sqrt(limits.minAreaShare * limits.width * limits.height * limits.aspect);
  const pairs: { lines: [TrigLine, TrigLine]; gap: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      const dt = angleGap(a.theta, b.theta);
      if (dt > 14 * degree) continue;
      // Offset between the two lines along their shared normal.
      const sameSide = Math.abs(a.theta - b.theta) < Math.PI / 2;
      const gap = Math.abs(sameSide ? a.rho - b.rho : a.rho + b.rho);
      if (gap >= minSide * 0.8) pairs.push({ lines: [a, b], gap });
    }
  }
  const slackX = limits.width * 0.15;
  const slackY = limits.height * 0.15;
  const quads: Quad[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const gi = pairs[i]!.gap;
    for (let j = i + 1; j < pairs.length; j++) {
      // The gaps are the quad's side lengths (up to the crossing angle): reject wrong aspects before
      // any corner is computed, which prunes most of the pairs of pairs.
      const gj = pairs[j]!.gap;
      const ratio = Math.min(gi, gj) / Math.max(gi, gj);
      if (Math.abs(ratio - limits.aspect) > limits.aspectTolerance * 1.5) continue;
      const [a, b] = pairs[i]!.lines;
      const [c, d] = pairs[j]!.lines;
      const cross = angleGap(a.theta, c.theta);
      if (cross < 65 * degree) continue;
      const corners = [intersect(a, c), intersect(c, b), intersect(b, d), intersect(d, a)];
      if (corners.some((p) => !p || p.x < -slackX || p.y < -slackY || p.x > limits.width + slackX || p.y > limits.height + slackY)) continue;
      // Most corner sets fail the shape test: when they already run round a convex quad, test its
      // aspect before ordering the corners (the same sides, so the same answer).
      if (wrongAspect(corners as Quad, limits)) continue;
      const quad = orderPortrait(corners as Point[]);
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

/** A convex quad (corners in order round it) whose opposite-side means are not the item's aspect. */
function wrongAspect(quad: Quad, limits: CandidateLimits): boolean {
  if (!isConvex(quad)) return false;
  const a = (distance(quad[0], quad[1]) + distance(quad[2], quad[3])) / 2;
  const b = (distance(quad[1], quad[2]) + distance(quad[3], quad[0])) / 2;
  return Math.abs(Math.min(a, b) / Math.max(a, b) - limits.aspect) > limits.aspectTolerance;
}

function angleGap(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

interface TrigLine extends Line {
  cos: number;
  sin: number;
}

function intersect(a: TrigLine, b: TrigLine): Point | null {
  const ca = a.cos;
  const sa = a.sin;
  const cb = b.cos;
  const sb = b.sin;
  const det = ca * sb - sa * cb;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (a.rho * sb - b.rho * sa) / det, y: (ca * b.rho - cb * a.rho) / det };
}
