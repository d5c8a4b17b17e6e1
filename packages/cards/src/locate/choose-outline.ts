import { distance, rectifyGray, rectifyQuad, signedArea, toGray, type EdgeMap, type GrayImage, type Point, type Quad, type RgbImage } from '@assay/pixels';
import { featureGrids } from '../identify/card-features.ts';
import { gridAlignment, layoutFeatures, lumaGrid, shrinkDetail, layoutLikeness, turnLayout, type LayoutFeatures } from '../identify/layout-features.ts';
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
export function chooseOutline(work: RgbImage, edges: EdgeMap, starts: Quad[], references: LayoutFeatures[]): ChosenOutline {
  const startScores = starts.map((q) => {
    const features = cropFeatures(work, q);
    return { quad: q, features, likeness: likeness(features, references) };
  });
  const start = startScores.reduce((a, b) => (b.likeness > a.likeness ? b : a));
  // Even a misframed crop ranks its card among the catalog's most alike; judging the many trial
  // outlines against only those keeps this to a few milliseconds.
  const shortlist = shortlistReferences(start.features, references, judgedReferences);
  const gray = toGray(work);
  let judge = (q: Quad) => alignment(gray, q, shortlist, coarse);
  let best = { quad: start.quad, likeness: judge(start.quad) };
  // What to measure from: the best outline that is card-shaped to within what perspective does.
  let measurable = cardShaped(start.quad, edgeTolerance) ? best : null;
  const sides = [0, 1, 2, 3].map((s) => sideLine(start.quad, s));
  const offsets = sides.map((side) => edgeOffsets(edges, side));
  let at = [0, 0, 0, 0];
  // The pair search meets the same trial again in its second round: each is judged once per grid.
  let judged = new Map<string, number>();
  // Keeps a trial outline when it is clearly more alike than the best so far.
  const improves = (trial: number[]): boolean => {
    const quad = quadFrom(sides, trial);
    if (!quad) return false;
    const key = trial.join(' ');
    const score = judged.get(key) ?? judge(quad);
    judged.set(key, score);
    if (score > (measurable?.likeness ?? -Infinity) + clearlyMoreAlike && cardShaped(quad, edgeTolerance)) measurable = { quad, likeness: score };
    if (score <= best.likeness + clearlyMoreAlike) return false;
    best = { quad, likeness: score };
    at = trial;
    return true;
  };
  // Opposite sides move together (a sleeve or a recess is larger on both sides alike), one pair at
  // a time: a few dozen trials where every combination of four sides would be thousands.
  for (let round = 0; round < pairRounds; round++) {
    let moved = false;
    for (const [p, q] of [[0, 2], [1, 3]] as const) {
      const base = at;
      for (const a of offsets[p]!) for (const b of offsets[q]!) {
        if (a === base[p] && b === base[q]) continue;
        if (improves(base.map((v, i) => (i === p ? a : i === q ? b : v)))) moved = true;
      }
    }
    if (!moved) break;
  }
  // The card's edges as found: a miscentred print lines up best with its reference when the outline
  // moves with the print, away from the card's edge, so the polish below is for matching only. It
  // may move a side a whole border inward, onto a frame line where the border is wide (a dark
  // border on a dark table shows little edge): then the outline is no longer card-shaped, and the
  // best one that still is lies on the edges. A side left outward instead (on a holder's recess)
  // stays: the border measurement finds the card's edge inside it.
  const onEdges = measurable && Math.abs(signedArea(measurable.quad)) > Math.abs(signedArea(best.quad)) ? measurable.quad : best.quad;
  // Then a polish of ±2 px per side at full detail: edge peaks are whole pixels of a blurred edge.
  judge = (q: Quad) => alignment(gray, q, shortlist, fine);
  judged = new Map();
  best = { quad: best.quad, likeness: judge(best.quad) };
  for (let s = 0; s < 4; s++) {
    const base = at[s]!;
    for (const d of [base - 2, base - 1, base + 1, base + 2]) improves(at.map((v, i) => (i === s ? d : v)));
  }
  // Only a card-shaped outline is a card; anything else the references favoured is a coincidence.
  return cardShaped(best.quad, aspectTolerance) ? { ...best, onEdges } : { quad: start.quad, likeness: judge(start.quad), onEdges: start.quad };
}

export interface ChosenOutline {
  /** The outline whose contents line up best with a known card: what to match by. */
  quad: Quad;
  likeness: number;
  /** The same outline before its last pixel or two of aligning to the print: on the card's edges, what to measure from. */
  onEdges: Quad;
}

/** Short side / long side of a trading card, and how far perspective may bend it in a photo. */
const cardShape = 63 / 88;
const aspectTolerance = 0.06;
/**
 * How far perspective takes the card's own outline from its shape: 0.69–0.73 over the dev photos'
 * truth, within 0.027 as found. A side a border's width (5% of the card) off is farther.
 */
const edgeTolerance = 0.035;

function cardShaped(q: Quad, tolerance: number): boolean {
  const short = (distance(q[0], q[1]) + distance(q[2], q[3])) / 2;
  const long = (distance(q[1], q[2]) + distance(q[3], q[0])) / 2;
  return Math.abs(short / long - cardShape) <= tolerance;
}

/** A reference's luminance grids, turned 180° when the photo shows the card that way. */
interface Oriented {
  coarse: Int8Array;
  fine: Int8Array;
}

interface Grid {
  width: number;
  height: number;
  pick(o: Oriented): Int8Array;
}

/** Grid sizes for alignment: half the detail grid while searching, the full grid to polish. */
const coarse: Grid = { width: featureGrids.detail[0] / 2, height: featureGrids.detail[1] / 2, pick: (o: Oriented) => o.coarse };
const fine: Grid = { width: featureGrids.detail[0], height: featureGrids.detail[1], pick: (o: Oriented) => o.fine };

/** The `count` references most like a crop's contents, each in its better reading. */
function shortlistReferences(upright: LayoutFeatures, references: LayoutFeatures[], count: number): Oriented[] {
  const turned = turnLayout(upright);
  return references
    .map((ref) => {
      const a = layoutLikeness(upright, ref);
      const b = layoutLikeness(turned, ref);
      return { ref, turned: b > a, l: Math.max(a, b) };
    })
    .sort((a, b) => b.l - a.l)
    .slice(0, count)
    .map(({ ref, turned }) => {
      const detail = turned ? ref.detail.toReversed() : ref.detail;
      return { fine: detail, coarse: shrinkDetail(detail, coarse.width, coarse.height) };
    });
}

const cropFeatures = (work: RgbImage, quad: Quad) => layoutFeatures(rectifyQuad(work, quad, { width: featureGrids.detail[0], height: featureGrids.detail[1] }).image);

/** How well the quad's contents line up with the best of a few references, pixel for pixel. */
function alignment(gray: GrayImage, quad: Quad, references: Oriented[], grid: Grid): number {
  const crop = lumaGrid(rectifyGray(gray, quad, grid.width, grid.height), grid.width, grid.height);
  let best = 0;
  for (const ref of references) best = Math.max(best, gridAlignment(crop, grid.pick(ref)));
  return best;
}

/** How much a crop's contents look like the most similar known card, in either upright reading. */
function likeness(upright: LayoutFeatures, references: LayoutFeatures[]): number {
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
const maxOffsets = 3;
/** Least share of a side with an edge under it: a black border on a dark table shows little. */
const minSupport = 0.3;

/**
 * Weak edges tried besides: a black border on a dark table, under a photo whose busy print set the
 * edge threshold high, is the card's edge all the same. Taken at this share of the threshold.
 */
const weakEdge = 0.35;
const maxWeakOffsets = 2;
/** Weak edges are never taken under this strength, and one within this many pixels of a strong one is that one (76b4e01, hand-set). */
const weakFloor = 16;
const sameOffset = 2;
/** References an outline is judged against (48807cb: cheaper outline choice, same outlines on dev seed 1000, 40 photos). */
const judgedReferences = 3;
/** A trial must be more alike than the best by this to be kept (1c628e1, the best card-shaped outline; hand-set). */
const clearlyMoreAlike = 0.002;
/** Rounds of the opposite-pairs search (60629ba, hand-set). */
const pairRounds = 2;

/** Offsets along the outward normal (0 included) where a well-supported edge parallels the side. */
function edgeOffsets(edges: EdgeMap, side: SideLine): number[] {
  const strong = supportPeaks(edges, side, edges.threshold).slice(0, maxOffsets);
  const weak = supportPeaks(edges, side, Math.max(weakFloor, edges.threshold * weakEdge))
    .filter((p) => !strong.some((s) => Math.abs(s - p) <= sameOffset))
    .slice(0, maxWeakOffsets);
  return [...new Set([0, ...strong, ...weak])];
}

/** Offsets of local maxima of edge support at `threshold`, best supported first. */
function supportPeaks(edges: EdgeMap, side: SideLine, threshold: number): number[] {
  const from = -Math.ceil(side.across * sweep.inward);
  const to = Math.ceil(side.across * sweep.outward);
  const support: number[] = [];
  for (let d = from; d <= to; d++) {
    const shift = (p: Point) => ({ x: p.x + d * side.nx, y: p.y + d * side.ny });
    support.push(coverage(edges, shift(side.a), shift(side.b), side.nx, side.ny, threshold));
  }
  const peaks: { d: number; c: number }[] = [];
  for (let i = 0; i < support.length; i++) {
    const c = support[i]!;
    if (c < minSupport) continue;
    // A local maximum within ±2 px; on a plateau only its first point.
    if (Math.max(...support.slice(Math.max(0, i - 2), i + 3)) > c || support.slice(Math.max(0, i - 2), i).includes(c)) continue;
    peaks.push({ d: from + i, c });
  }
  return peaks.sort((x, y) => y.c - x.c).map((p) => p.d);
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
