import { hypot } from './hypot.ts';

export interface Point {
  x: number;
  y: number;
}

/**
 * Four corners of a card (or holder) in image pixels, clockwise from the item's top-left as it
 * appears upright; a card photographed upside down is only recognisable as such after matching.
 */
export type Quad = [Point, Point, Point, Point];

export const distance = (a: Point, b: Point): number => hypot(a.x - b.x, a.y - b.y);

/** Shoelace area; positive when the corners run clockwise in image coordinates (y down). */
export function signedArea(quad: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % quad.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return sum / 2;
}

export function isConvex(quad: Quad): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const c = quad[(i + 2) % 4]!;
    const cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
    if (cross === 0) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

export const scaleQuad = (quad: Quad, factor: number): Quad =>
  quad.map((p) => ({ x: p.x * factor, y: p.y * factor })) as Quad;

export const quadCentre = (q: Quad): Point => ({ x: (q[0].x + q[1].x + q[2].x + q[3].x) / 4, y: (q[0].y + q[1].y + q[2].y + q[3].y) / 4 });

/** Whether `p` lies inside the convex `quad` or on its sides, whichever way the quad winds. */
export function quadContains(quad: Quad, p: Point): boolean {
  const sign = Math.sign(signedArea(quad));
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    if (Math.sign((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) === -sign) return false;
  }
  return true;
}

/**
 * Orders four corners clockwise and starts at the top-left of the portrait reading: the corner that
 * begins a short side, chosen so the item reads upright when its long sides are nearest vertical.
 */
export function orderPortrait(corners: readonly Point[]): Quad {
  const cx = (corners[0]!.x + corners[1]!.x + corners[2]!.x + corners[3]!.x) / 4;
  const cy = (corners[0]!.y + corners[1]!.y + corners[2]!.y + corners[3]!.y) / 4;
  // Each corner's angle once, then a stable insertion sort: atan2 ascending with y down runs
  // clockwise on screen. Locating orders thousands of candidate quads, so no callbacks or copies.
  const c0 = corners[0]!;
  const c1 = corners[1]!;
  const c2 = corners[2]!;
  const c3 = corners[3]!;
  const angles = [Math.atan2(c0.y - cy, c0.x - cx), Math.atan2(c1.y - cy, c1.x - cx), Math.atan2(c2.y - cy, c2.x - cx), Math.atan2(c3.y - cy, c3.x - cx)];
  const sorted = [c0, c1, c2, c3];
  for (let i = 1; i < 4; i++) {
    const point = sorted[i]!;
    const angle = angles[i]!;
    let k = i;
    for (; k > 0 && angles[k - 1]! > angle; k--) {
      sorted[k] = sorted[k - 1]!;
      angles[k] = angles[k - 1]!;
    }
    sorted[k] = point;
    angles[k] = angle;
  }
  const sides = [distance(sorted[0]!, sorted[1]!), distance(sorted[1]!, sorted[2]!), distance(sorted[2]!, sorted[3]!), distance(sorted[3]!, sorted[0]!)];
  // Start where the following side (top edge) is a short one.
  let best = 0;
  let bestScore = Infinity;
  for (let start = 0; start < 4; start++) {
    const shortFirst = sides[start]! + sides[(start + 2) % 4]! <= sides[(start + 1) % 4]! + sides[(start + 3) % 4]!;
    if (!shortFirst) continue;
    const a = sorted[start]!;
    const b = sorted[(start + 1) % 4]!;
    // Of the two short sides, the top one has the smaller mean y; ties broken by x.
    const score = (a.y + b.y) / 2 + 1e-3 * (a.x + b.x);
    if (score < bestScore) {
      bestScore = score;
      best = start;
    }
  }
  return [sorted[best]!, sorted[(best + 1) % 4]!, sorted[(best + 2) % 4]!, sorted[(best + 3) % 4]!];
}
