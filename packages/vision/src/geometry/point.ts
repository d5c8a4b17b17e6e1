export interface Point {
  x: number;
  y: number;
}

/**
 * Four corners of a card (or holder) in image pixels, clockwise from the item's top-left as it
 * appears upright; a card photographed upside down is only recognisable as such after matching.
 */
export type Quad = [Point, Point, Point, Point];

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

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

/**
 * Orders four corners clockwise and starts at the top-left of the portrait reading: the corner that
 * begins a short side, chosen so the item reads upright when its long sides are nearest vertical.
 */
export function orderPortrait(corners: readonly Point[]): Quad {
  const cx = corners.reduce((s, p) => s + p.x, 0) / 4;
  const cy = corners.reduce((s, p) => s + p.y, 0) / 4;
  const sorted = [...corners].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  // atan2 ascending with y down runs clockwise on screen.
  const side = (i: number) => distance(sorted[i % 4]!, sorted[(i + 1) % 4]!);
  // Start where the following side (top edge) is a short one.
  let best = 0;
  let bestScore = Infinity;
  for (let start = 0; start < 4; start++) {
    const shortFirst = side(start) + side(start + 2) <= side(start + 1) + side(start + 3);
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
  return [0, 1, 2, 3].map((k) => sorted[(best + k) % 4]!) as Quad;
}
