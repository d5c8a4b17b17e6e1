import { featureGrids } from '../features/card-features.ts';
import { detailAlignment, layoutFeatures, layoutLikeness, turnLayout, type LayoutFeatures } from '../features/layout-features.ts';
import { distance, type Point, type Quad } from '../geometry/point.ts';
import { rectifyQuad } from '../geometry/rectify.ts';
import type { RgbImage } from '../image/raster.ts';
import type { EdgeMap } from './edge-map.ts';
import { coverage } from './outer-edges.ts';

/**
 * Finds the card's own outline among the nested ones around it (sleeve, holder recess, the card's
 * edge, its printed frame, line pairs mixing them). Edge strength cannot settle this: a
 * black-bordered card on a dark table has a fainter edge than its printed frame, and a sleeve on a
 * dark table a stronger one than the card inside. The catalog can: only the true outline rectifies
 * into an image aligned with a known card. So: take the most card-like of the starting outlines,
 * then move each side in turn onto whichever parallel edge (inward or outward) makes it more alike.
 * All on the small work image (~1 ms per outline tried).
 */
export function chooseOutline(work: RgbImage, edges: EdgeMap, starts: Quad[], references: LayoutFeatures[]): { quad: Quad; likeness: number } {
  const startScores = starts.map((q) => ({ quad: q, likeness: likeness(work, q, references) }));
  const start = startScores.reduce((a, b) => (b.likeness > a.likeness ? b : a));
  // Even a misframed crop ranks its card among the catalog's most alike; judging the many trial
  // outlines against only those keeps this to a few milliseconds.
  const shortlist = shortlistReferences(work, start.quad, references, 3);
  const judge = (q: Quad) => alignment(work, q, shortlist);
  let best = { quad: start.quad, likeness: judge(start.quad) };
  const sides = [0, 1, 2, 3].map((s) => sideLine(start.quad, s));
  const offsets = sides.map((side) => edgeOffsets(edges, side));
  let at = [0, 0, 0, 0];
  // Every card-shaped combination of edges, one per side.
  for (const t of offsets[0]!) for (const r of offsets[1]!) for (const b of offsets[2]!) for (const l of offsets[3]!) {
    const trial = [t, r, b, l];
    const quad = quadFrom(sides, trial);
    if (!quad || Math.abs(aspectOf(quad) - cardShape) > aspectTolerance) continue;
    const score = judge(quad);
    if (score > best.likeness) {
      best = { quad, likeness: score };
      at = trial;
    }
  }
  // Then a polish of ±2 px per side: the edge peaks are whole pixels of a blurred edge.
  for (let s = 0; s < 4; s++) {
    const base = at[s]!;
    for (const d of [base - 2, base - 1, base + 1, base + 2]) {
      const trial = at.map((v, i) => (i === s ? d : v));
      const quad = quadFrom(sides, trial);
      if (!quad) continue;
      const score = judge(quad);
      if (score > best.likeness + 0.002) {
        best = { quad, likeness: score };
        at = trial;
      }
    }
  }
  return best;
}

/** Short side / long side of a trading card, and how far perspective may bend it in a photo. */
const cardShape = 63 / 88;
const aspectTolerance = 0.06;

function aspectOf(q: Quad): number {
  const short = (distance(q[0], q[1]) + distance(q[2], q[3])) / 2;
  const long = (distance(q[1], q[2]) + distance(q[3], q[0])) / 2;
  return short / long;
}

/** The `count` references most like the quad's contents, in either reading. */
function shortlistReferences(work: RgbImage, quad: Quad, references: LayoutFeatures[], count: number): LayoutFeatures[] {
  const upright = cropFeatures(work, quad);
  const turned = turnLayout(upright);
  return references
    .map((ref) => ({ ref, l: Math.max(layoutLikeness(upright, ref), layoutLikeness(turned, ref)) }))
    .sort((a, b) => b.l - a.l)
    .slice(0, count)
    .map((r) => r.ref);
}

const cropFeatures = (work: RgbImage, quad: Quad) => layoutFeatures(rectifyQuad(work, quad, { width: featureGrids.detail[0], height: featureGrids.detail[1] }).image);

/** How well the quad's contents line up with the best of a few references, pixel for pixel. */
function alignment(work: RgbImage, quad: Quad, references: LayoutFeatures[]): number {
  const upright = cropFeatures(work, quad);
  const turned = turnLayout(upright);
  let best = 0;
  for (const ref of references) best = Math.max(best, detailAlignment(upright, ref), detailAlignment(turned, ref));
  return best;
}

/** How much the quad's contents look like the most similar known card, in either upright reading. */
function likeness(work: RgbImage, quad: Quad, references: LayoutFeatures[]): number {
  const upright = cropFeatures(work, quad);
  const turned = turnLayout(upright);
  let best = 0;
  for (const ref of references) best = Math.max(best, layoutLikeness(upright, ref), layoutLikeness(turned, ref));
  return best;
}

interface SideLine {
  a: Point;
  b: Point;
  /** Outward unit normal (the quad is clockwise with y down). */
  nx: number;
  ny: number;
  /** The quad's size across this side, for how far to look. */
  across: number;
}

function sideLine(quad: Quad, s: number): SideLine {
  const a = quad[s]!;
  const b = quad[(s + 1) % 4]!;
  const length = distance(a, b);
  const across = (distance(quad[(s + 1) % 4]!, quad[(s + 2) % 4]!) + distance(quad[(s + 3) % 4]!, quad[s]!)) / 2;
  return { a, b, nx: (b.y - a.y) / length, ny: -(b.x - a.x) / length, across };
}

/** How far a side may move: in far enough for a slab's recess to a card, out to a sleeve's edge. */
const sweep = { inward: 0.2, outward: 0.15 } as const;
/** Edge positions tried per side, best supported first. */
const maxOffsets = 6;
/** Least share of a side with an edge under it: a black border on a dark table shows little. */
const minSupport = 0.3;

/** Offsets along the outward normal (0 included) where a well-supported edge parallels the side. */
function edgeOffsets(edges: EdgeMap, side: SideLine): number[] {
  const from = -Math.ceil(side.across * sweep.inward);
  const to = Math.ceil(side.across * sweep.outward);
  const support: number[] = [];
  for (let d = from; d <= to; d++) {
    const shift = (p: Point) => ({ x: p.x + d * side.nx, y: p.y + d * side.ny });
    support.push(coverage(edges, shift(side.a), shift(side.b), side.nx, side.ny));
  }
  const peaks: { d: number; c: number }[] = [];
  for (let i = 0; i < support.length; i++) {
    const c = support[i]!;
    if (c < minSupport) continue;
    // A local maximum within ±2 px; on a plateau only its first point.
    if (Math.max(...support.slice(Math.max(0, i - 2), i + 3)) > c || support.slice(Math.max(0, i - 2), i).includes(c)) continue;
    peaks.push({ d: from + i, c });
  }
  return [...new Set([0, ...peaks.sort((x, y) => y.c - x.c).slice(0, maxOffsets).map((p) => p.d)])];
}

function quadFrom(sides: SideLine[], at: number[]): Quad | null {
  const shifted = sides.map((side, s) => {
    const d = at[s]!;
    return [{ x: side.a.x + d * side.nx, y: side.a.y + d * side.ny }, { x: side.b.x + d * side.nx, y: side.b.y + d * side.ny }] as [Point, Point];
  });
  const corners: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const p = intersect(shifted[(i + 3) % 4]!, shifted[i]!);
    if (!p) return null;
    corners.push(p);
  }
  return corners as Quad;
}

function intersect([a, b]: [Point, Point], [c, d]: [Point, Point]): Point | null {
  const det = (b.x - a.x) * (d.y - c.y) - (b.y - a.y) * (d.x - c.x);
  if (Math.abs(det) < 1e-9) return null;
  const t = ((c.x - a.x) * (d.y - c.y) - (c.y - a.y) * (d.x - c.x)) / det;
  return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
}
export const debugInternals = { sideLine, edgeOffsets, quadFrom, aspectOf, likeness, shortlistReferences, alignment };
