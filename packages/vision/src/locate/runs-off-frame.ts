import { distance, type Point, type Quad } from '../geometry/point.ts';
import type { EdgeMap } from './edge-map.ts';
import { coverage } from './outer-edges.ts';

/** Least edge support along both runs for a card taken to go on past the photo's edge. */
const minRunSupport = 0.7;
/** Shortest run, in pixels of the edge map, worth judging. */
const minRun = 8;

/**
 * How far a card goes on past the photo's edge when its outline, as found, is only the part in
 * view: a card the frame cuts off is not card-shaped, so the outline chosen may be its art box or a
 * crop of it. Then both sides next to one of the outline's sides run on, edge and all, from its
 * corners to the photo's edge. Returns the longer run over the outline's short side (0: none).
 */
export function runsOffFrame(edges: EdgeMap, quad: Quad): number {
  const short = Math.min(distance(quad[0], quad[1]), distance(quad[1], quad[2]));
  let worst = 0;
  for (let s = 0; s < 4; s++) {
    const a = run(edges, quad[(s + 3) % 4]!, quad[s]!);
    const b = run(edges, quad[(s + 2) % 4]!, quad[(s + 1) % 4]!);
    if (a === null || b === null) continue;
    worst = Math.max(worst, Math.max(a, b) / short);
  }
  return worst;
}

/** Length of the well-supported line from `from` through `corner` on to the photo's edge, or null. */
function run(edges: EdgeMap, from: Point, corner: Point): number | null {
  const length = distance(from, corner);
  const ux = (corner.x - from.x) / length;
  const uy = (corner.y - from.y) / length;
  const exits = [
    ux > 0 ? (edges.width - 1 - corner.x) / ux : ux < 0 ? -corner.x / ux : Infinity,
    uy > 0 ? (edges.height - 1 - corner.y) / uy : uy < 0 ? -corner.y / uy : Infinity,
  ];
  const reach = Math.min(...exits);
  // Past the corner to the edge, at most as long again as the side itself.
  if (!(reach >= minRun) || reach > length) return null;
  const end = { x: corner.x + reach * ux, y: corner.y + reach * uy };
  return coverage(edges, corner, end, -uy, ux) >= minRunSupport ? reach : null;
}
