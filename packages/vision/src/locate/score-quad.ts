import type { Point, Quad } from '../geometry/point.ts';
import type { EdgeMap } from './edge-map.ts';

export interface QuadScore {
  /** Share of sampled perimeter points with a strong edge across the side, averaged over sides. */
  coverage: number;
  /** The worst side's coverage: a true card outline has all four sides. */
  weakestSide: number;
  /** Mean edge strength across the perimeter, in units of the photo's edge threshold (capped at 3). */
  strength: number;
  /** Ranking value combining coverage, the weakest side and strength. */
  score: number;
}

/**
 * How well a quad's perimeter lies on strong edges that run along it. Corners are skipped (cards
 * are rounded there) and each sample looks ±1 px across the side, since Hough lines are quantised.
 */
export function scoreQuad(edges: EdgeMap, quad: Quad, samplesPerSide = 0): QuadScore {
  const coverages: number[] = [];
  let strength = 0;
  let samples = 0;
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!;
    const b = quad[(s + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const nx = -(b.y - a.y) / length;
    const ny = (b.x - a.x) / length;
    const count = samplesPerSide || Math.max(8, Math.floor(length / 2));
    let hits = 0;
    let inside = 0;
    for (let k = 0; k < count; k++) {
      const t = 0.08 + (0.84 * (k + 0.5)) / count;
      const p: Point = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const g = acrossEdge(edges, p, nx, ny);
      if (g === null) continue;
      inside++;
      if (g >= edges.threshold) hits++;
      strength += Math.min(g, 3 * edges.threshold);
      samples++;
    }
    // Where the photo's frame cuts the card off there is nothing to see: judge the visible part.
    if (inside >= count * 0.2) coverages.push(hits / inside);
  }
  if (coverages.length < 2 || samples === 0) return { coverage: 0, weakestSide: 0, strength: 0, score: 0 };
  const coverage = coverages.reduce((x, y) => x + y, 0) / coverages.length;
  const weakestSide = Math.min(...coverages);
  const mean = strength / samples / edges.threshold;
    // Strength saturates at 2× the threshold: a card's edge against a table is often softer than the
  // black-on-cream print inside it, and must not lose to the printed frame for that.
  return { coverage, weakestSide, strength: mean, score: coverage * Math.sqrt(weakestSide) * (0.6 + 0.2 * Math.min(2, mean)) };
}

/**
 * Largest gradient component along the normal within ±1 px of p; null at or past the photo's
 * border, where a card cut off by the frame ends in the picture and nothing can be measured.
 */
function acrossEdge(edges: EdgeMap, p: Point, nx: number, ny: number): number | null {
  if (p.x < 1.5 || p.y < 1.5 || p.x > edges.width - 1.5 || p.y > edges.height - 1.5) return null;
  let best = 0;
  for (let d = -1; d <= 1; d++) {
    const x = Math.floor(p.x + d * nx);
    const y = Math.floor(p.y + d * ny);
    if (x < 1 || y < 1 || x >= edges.width - 1 || y >= edges.height - 1) continue;
    const i = y * edges.width + x;
    const g = Math.abs(edges.gx[i]! * nx + edges.gy[i]! * ny);
    if (g > best) best = g;
  }
  return best;
}
