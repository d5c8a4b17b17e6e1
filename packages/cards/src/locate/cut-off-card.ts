import { boxResize, distance, normalise, orderPortrait, pearson, quadContains, quantiseGrid, rectifyLuma, signedArea, type EdgeMap, type Point, type Quad, type RgbImage } from '@assay/pixels';
import { featureGrids } from '../identify/card-features.ts';
import type { LayoutFeatures } from '../identify/layout-features.ts';
import { houghLines, type Line } from './hough-lines.ts';
import { cardAspect } from './locate-cards.ts';

/** Lines searched for the card's visible edges. */
const maxLines = 40;
/** Shortest stretch of a card's edge, in work-image pixels, that a guess may rest on. */
const minArm = 16;
/** Least share of a guessed card that must lie in the photo for its contents to be judged. */
const minInFrame = 0.45;
/** Sizes tried, past the least that reaches the frame, when nothing in view says how far the card goes on. */
const openScales = [1, 1.08, 1.16, 1.26, 1.38, 1.5];
// Hand-set when cut-off cards were first matched whole (437c938); not measured alone.
/** Guesses are the same when their corners lie within this share of the guess's size. */
const duplicateCorners = 0.02;
/** Two edges meet at a card's corner only at this many degrees or more. */
const minCornerAngle = 70;
/** A corner must lie this many pixels inside the photo. */
const cornerMargin = 3;
/** A size is kept when it reaches within this many pixels of where the other edge leaves the photo. */
const exitSlack = 4;
/** The coarse grid is the thumb grid shrunk this many times each way. */
const coarseShrink = 3;

/**
 * The card a cut-off photo shows only part of, drawn whole: the frame cuts off one end or a corner,
 * so no four edges make a card-shaped outline and the one found is print inside the card. The card's
 * edges still meet at a corner in view, each running on from there (to the frame, or to a corner
 * whose other side runs to the frame). Its size then follows from the card's shape, or when both
 * edges run to the frame is unknown and a few are tried. Each guess is judged on the part in view by
 * how alike it is to a known card; the most alike is returned. `on`: a point the card must cover.
 */
export function wholeCutOffCard(work: RgbImage, edges: EdgeMap, references: LayoutFeatures[], on?: Point): Quad | null {
  const distinct: Quad[] = [];
  for (const quad of guesses(edges, houghLines(edges, maxLines))) {
    if (on && !quadContains(quad, on)) continue;
    const tolerance = duplicateCorners * Math.sqrt(Math.abs(signedArea(quad)));
    if (!distinct.some((d) => d.every((p, i) => distance(p, quad[i]!) < tolerance))) distinct.push(quad);
  }
  // Coarse grids sort out the few worth judging on the thumb grid.
  const shortlist = distinct
    .map((quad) => ({ quad, likeness: visibleLikeness(work, quad, references, coarse) }))
    .sort((a, b) => b.likeness - a.likeness)
    .slice(0, finalists);
  let best: { quad: Quad; likeness: number } | null = null;
  for (const { quad } of shortlist) {
    const likeness = visibleLikeness(work, quad, references, thumb);
    if (!best || likeness > best.likeness) best = { quad, likeness };
  }
  return best?.quad ?? null;
}

function* guesses(edges: EdgeMap, lines: Line[]): Generator<Quad> {
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const c = lines[j]!;
      if (angleGap(a.theta, c.theta) < (minCornerAngle * Math.PI) / 180) continue;
      const corner = crossing(a, c);
      if (!corner || !inside(edges, corner, cornerMargin)) continue;
      for (const u of [direction(a, 1), direction(a, -1)]) {
        const armU = arm(edges, corner, u);
        if (!armU) continue;
        for (const v of [direction(c, 1), direction(c, -1)]) {
          const armV = arm(edges, corner, v);
          if (!armV || (!armU.open && !armV.open)) continue;
          for (const [lu, lv] of sizes(armU, armV)) {
            const quad = parallelogram(corner, u, lu, v, lv);
            if (inFrameShare(edges, quad) >= minInFrame) yield orderPortrait(quad);
          }
        }
      }
    }
  }
}

interface Arm {
  /** Length of the supported edge from the corner. */
  run: number;
  /** Distance from the corner to the photo's edge along the arm. */
  exit: number;
  /** The edge goes on to the photo's edge: the card does too. */
  open: boolean;
}

/** Side lengths (along u, along v) for a corner's two arms: the card's shape fixes one from the other. */
function sizes(u: Arm, v: Arm): [number, number][] {
  const out: [number, number][] = [];
  for (const ratio of [cardAspect, 1 / cardAspect]) {
    // ratio = length along u / length along v.
    if (!u.open) {
      const lv = u.run / ratio;
      if (lv >= v.exit - exitSlack) out.push([u.run, lv]);
    } else if (!v.open) {
      const lu = v.run * ratio;
      if (lu >= u.exit - exitSlack) out.push([lu, v.run]);
    } else {
      const least = Math.max(u.exit, v.exit * ratio);
      for (const s of openScales) out.push([least * s, (least * s) / ratio]);
    }
  }
  return out;
}

/** Gap in windows of this many pixels the run may bridge (a glint on the edge, a smudge). */
const window = 8;

/** The supported run of edge from `corner` along `u`, or null when too short to rest a guess on. */
function arm(edges: EdgeMap, corner: Point, u: Point): Arm | null {
  const exit = exitDistance(edges, corner, u);
  const nx = -u.y;
  const ny = u.x;
  let run = 0;
  let misses = 0;
  for (let start = 0; start + window <= exit; start += window) {
    let hits = 0;
    for (let t = start; t < start + window; t++) if (edgeAcross(edges, corner.x + t * u.x, corner.y + t * u.y, nx, ny)) hits++;
    if (hits >= window / 2) {
      run = start + window;
      misses = 0;
    } else if (++misses > 1) break;
  }
  if (run < minArm) return null;
  return { run, exit, open: run >= exit - window };
}

function edgeAcross(edges: EdgeMap, px: number, py: number, nx: number, ny: number): boolean {
  for (let d = -1; d <= 1; d++) {
    const x = Math.floor(px + d * nx);
    const y = Math.floor(py + d * ny);
    if (x < 1 || y < 1 || x >= edges.width - 1 || y >= edges.height - 1) continue;
    const i = y * edges.width + x;
    if (Math.abs(edges.gx[i]! * nx + edges.gy[i]! * ny) >= edges.threshold) return true;
  }
  return false;
}

/** Distance from p along unit u to the edge map's last usable pixel. */
function exitDistance(edges: EdgeMap, p: Point, u: Point): number {
  const xs = u.x > 0 ? (edges.width - 2 - p.x) / u.x : u.x < 0 ? (1 - p.x) / u.x : Infinity;
  const ys = u.y > 0 ? (edges.height - 2 - p.y) / u.y : u.y < 0 ? (1 - p.y) / u.y : Infinity;
  return Math.max(0, Math.min(xs, ys));
}

function parallelogram(p: Point, u: Point, lu: number, v: Point, lv: number): Quad {
  return [p, { x: p.x + lu * u.x, y: p.y + lu * u.y }, { x: p.x + lu * u.x + lv * v.x, y: p.y + lu * u.y + lv * v.y }, { x: p.x + lv * v.x, y: p.y + lv * v.y }];
}

/** A grid guesses are compared on: its size, and each reference's grid at that size. */
interface Grid {
  width: number;
  height: number;
  of(reference: LayoutFeatures): Int8Array;
}

const [thumbW, thumbH] = featureGrids.thumb;
const thumb: Grid = { width: thumbW, height: thumbH, of: (ref) => ref.thumb };
const coarseCache = new WeakMap<LayoutFeatures, Int8Array>();
/** A third of the thumb grid each way: screening a hundred guesses. */
const coarse: Grid = {
  width: thumbW / coarseShrink,
  height: thumbH / coarseShrink,
  of(ref) {
    let grid = coarseCache.get(ref);
    if (!grid) {
      grid = quantiseGrid(normalise(boxResize(Float32Array.from(ref.thumb), thumbW, thumbH, thumbW / coarseShrink, thumbH / coarseShrink), thumbW / coarseShrink, thumbH / coarseShrink), 32);
      coarseCache.set(ref, grid);
    }
    return grid;
  },
};
/** Guesses judged on the thumb grid. */
const finalists = 8;

/** Cells of a grid whose middle lies outside the photo (1: left out), for a parallelogram quad in portrait order. */
function outsideCells(size: { width: number; height: number }, quad: Quad, grid: { width: number; height: number }): Uint8Array {
  const [p0, p1, , p3] = quad;
  const mask = new Uint8Array(grid.width * grid.height);
  for (let y = 0; y < grid.height; y++) {
    for (let x = 0; x < grid.width; x++) {
      const s = (x + 0.5) / grid.width;
      const t = (y + 0.5) / grid.height;
      const p = { x: p0.x + s * (p1.x - p0.x) + t * (p3.x - p0.x), y: p0.y + s * (p1.y - p0.y) + t * (p3.y - p0.y) };
      if (!inside(size, p, 0)) mask[y * grid.width + x] = 1;
    }
  }
  return mask;
}

function inFrameShare(size: { width: number; height: number }, quad: Quad): number {
  const mask = outsideCells(size, quad, coarse);
  return 1 - mask.reduce((a, b) => a + b, 0) / mask.length;
}

/** Best likeness of the part of the quad in view to any reference in either reading, cells out of view left out. */
function visibleLikeness(work: RgbImage, quad: Quad, references: LayoutFeatures[], grid: Grid): number {
  const mask = outsideCells(work, quad, grid);
  const luma = Float32Array.from(rectifyLuma(work, quad, grid.width * 2, grid.height * 2));
  const upright = quantiseGrid(normalise(boxResize(luma, grid.width * 2, grid.height * 2, grid.width, grid.height), grid.width, grid.height), 32);
  const turned = upright.toReversed();
  const turnedMask = mask.toReversed();
  let best = 0;
  for (const ref of references) {
    const r = grid.of(ref);
    best = Math.max(best, pearson(upright, r, mask), pearson(turned, r, turnedMask));
  }
  return best;
}

function angleGap(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

function crossing(a: Line, b: Line): Point | null {
  const det = Math.cos(a.theta) * Math.sin(b.theta) - Math.sin(a.theta) * Math.cos(b.theta);
  if (Math.abs(det) < 1e-9) return null;
  return { x: (a.rho * Math.sin(b.theta) - b.rho * Math.sin(a.theta)) / det, y: (Math.cos(a.theta) * b.rho - Math.cos(b.theta) * a.rho) / det };
}

/** Unit direction along a line, one way or the other. */
function direction(line: Line, sign: 1 | -1): Point {
  return { x: -Math.sin(line.theta) * sign, y: Math.cos(line.theta) * sign };
}

function inside(size: { width: number; height: number }, p: Point, margin: number): boolean {
  return p.x >= margin && p.y >= margin && p.x <= size.width - 1 - margin && p.y <= size.height - 1 - margin;
}
