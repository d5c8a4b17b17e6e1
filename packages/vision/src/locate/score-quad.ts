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
    for (let k = 0; k < count; k++) {
      const t = 0.08 + (0.84 * (k + 0.5)) / count;
      const p: Point = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const g = acrossEdge(edges, p, nx, ny);
      if (g >= edges.threshold) hits++;
      strength += Math.min(g, 3 * edges.threshold);
      samples++;
    }
    coverages.push(hits / count);
  }
  const coverage = coverages.reduce((x, y) => x + y, 0) / 4;
  const weakestSide = Math.min(...coverages);
  const mean = strength / samples / edges.threshold;
  return { coverage, weakestSide, strength: mean, score: coverage * Math.sqrt(weakestSide) * (0.5 + mean / 6) };
}

/**
 * Largest gradient component along the normal within ±1 px of p. At or past the photo's border it
 * counts as an edge: that is where a card cut off by the frame ends in the picture.
 */
function acrossEdge(edges: EdgeMap, p: Point, nx: number, ny: number): number {
  if (p.x < 1.5 || p.y < 1.5 || p.x > edges.width - 1.5 || p.y > edges.height - 1.5) return edges.threshold;
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
