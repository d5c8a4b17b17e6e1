import { distance, type EdgeMap, type Point, type Quad } from '@assay/pixels';
import { cardAspect, defaultAspectTolerance } from './locate-cards.ts';
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
 * `labelEnd`: a grading holder's label was found past the outline's top side (0 → 1), where the
 * slab, not a card, runs on; runs past that side then do not count.
 */
export function runsOffFrame(edges: EdgeMap, quad: Quad, options: { labelEnd?: boolean } = {}): number {
  const short = Math.min(distance(quad[0], quad[1]), distance(quad[1], quad[2]));
  // A card-shaped outline is most likely the whole card: only runs straight on from its sides
  // overrule that. The part of a card in view is seldom card-shaped, and its sides, fitted to a
  // shorter stretch of edge, may be a degree off: its runs may swing.
  const swings = cardShaped(quad) ? [0] : swingsTried;
  let worst = 0;
  for (let s = options.labelEnd ? 1 : 0; s < 4; s++) {
    const a = run(edges, quad[(s + 3) % 4]!, quad[s]!, swings);
    const b = run(edges, quad[(s + 2) % 4]!, quad[(s + 1) % 4]!, swings);
    if (a === null || b === null) continue;
    worst = Math.max(worst, Math.max(a, b) / short);
  }
  return worst;
}

/** Length of the well-supported line from `from` through `corner` on to the photo's edge, or null. */
function run(edges: EdgeMap, from: Point, corner: Point, swings: readonly number[]): number | null {
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
  // Over a long run a degree off drifts past the ±1 px the support looks across: the far end swings.
  const supported = (start: Point, dx: number, dy: number, span: number) =>
    swings.some((swing) => coverage(edges, start, { x: start.x + span * dx - swing * dy, y: start.y + span * dy + swing * dx }, -dy, dx) >= minRunSupport);
  if (!supported(corner, ux, uy, reach)) return null;
  // A card's edge ends at its far corner (or at the card's end, when the outline is print inside
  // it); a line through the whole photo (a plank seam, a table's edge) the card happens to lie
  // along goes on back from there to the photo's other edge.
  const back = backExit(edges, from, ux, uy);
  return back >= minRun && supported(from, -ux, -uy, back) ? null : reach;
}

/** Distance from `p` backwards along (−ux, −uy) to the photo's edge. */
function backExit(edges: EdgeMap, p: Point, ux: number, uy: number): number {
  return Math.min(
    ux < 0 ? (edges.width - 1 - p.x) / -ux : ux > 0 ? p.x / ux : Infinity,
    uy < 0 ? (edges.height - 1 - p.y) / -uy : uy > 0 ? p.y / uy : Infinity,
  );
}

/** Sideways shifts of a run's far end tried, in pixels of the edge map (about a degree over 100 px). */
const swingsTried = [0, -1, 1, -2, 2];

/** Short over long side within the tolerance card candidates are located with. */
function cardShaped(quad: Quad): boolean {
  const a = (distance(quad[0], quad[1]) + distance(quad[2], quad[3])) / 2;
  const b = (distance(quad[1], quad[2]) + distance(quad[3], quad[0])) / 2;
  return Math.abs(Math.min(a, b) / Math.max(a, b) - cardAspect) <= defaultAspectTolerance;
}
