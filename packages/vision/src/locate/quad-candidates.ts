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
export function quadCandidates(lines: Line[], limits: CandidateLimits): Quad[] {
  const minSide = Math.sqrt(limits.minAreaShare * limits.width * limits.height * limits.aspect);
  const pairs: { lines: [Line, Line]; gap: number }[] = [];
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
    for (let j = i + 1; j < pairs.length; j++) {
      const [a, b] = pairs[i]!.lines;
      const [c, d] = pairs[j]!.lines;
      // The gaps are the quad's side lengths (up to the crossing angle): reject wrong aspects before
      // any corner is computed, which prunes most of the pairs of pairs.
      const ratio = Math.min(pairs[i]!.gap, pairs[j]!.gap) / Math.max(pairs[i]!.gap, pairs[j]!.gap);
      if (Math.abs(ratio - limits.aspect) > limits.aspectTolerance * 1.5) continue;
      const cross = angleGap(a.theta, c.theta);
      if (cross < 65 * degree) continue;
      const corners = [intersect(a, c), intersect(c, b), intersect(b, d), intersect(d, a)];
      if (corners.some((p) => !p || p.x < -slackX || p.y < -slackY || p.x > limits.width + slackX || p.y > limits.height + slackY)) continue;
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

function angleGap(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

function intersect(a: Line, b: Line): Point | null {
  const ca = Math.cos(a.theta);
  const sa = Math.sin(a.theta);
  const cb = Math.cos(b.theta);
  const sb = Math.sin(b.theta);
  const det = ca * sb - sa * cb;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (a.rho * sb - b.rho * sa) / det, y: (ca * b.rho - cb * a.rho) / det };
}
