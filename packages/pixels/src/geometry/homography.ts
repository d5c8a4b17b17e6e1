import type { Point } from './point.ts';
import { solveLinear } from './solve-linear.ts';

/** Row-major 3×3 projective transform, h[8] normalised to 1. */
export type Homography = Float64Array;

/** The homography taking each `from[i]` to `to[i]` (four correspondences, no three collinear). */
export function homographyFromPoints(from: readonly Point[], to: readonly Point[]): Homography {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const h = solveLinear(a);
  if (!h) throw new Error('degenerate correspondences: three points are collinear');
  return Float64Array.from([...h, 1]);
}

export function applyHomography(h: Homography, p: Point): Point {
  const w = h[6]! * p.x + h[7]! * p.y + h[8]!;
  return { x: (h[0]! * p.x + h[1]! * p.y + h[2]!) / w, y: (h[3]! * p.x + h[4]! * p.y + h[5]!) / w };
}
