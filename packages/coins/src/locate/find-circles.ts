import type { RgbImage } from '@assay/pixels';

// Tuning numbers of the circle search. Unless said otherwise, each was hand-set when the search was
// written (63a414b, "circles by gradient Hough") and has not been measured alone since.

/** Fewest rim samples round a circle, however small. */
const minRimSamples = 24;
/** Least radial share of a rim sample's gradient (|cos| of its angle to the radius) for a hit. */
const radialHit = 0.8;
/** Least rim support for a circle to count, when the caller names none. */
const defaultMinSupport = 0.6;
/** Centre votes under this share of the strongest are no peak. */
const peakFloor = 0.08;
/** Strongest centre peaks given a radius; cut to this many with the faster circle search (62b5cb5). */
const peaksTried = 48;
/** A circle whose centre lies within this share of the larger radius of a kept one clashes with it. */
const clashShare = 0.9;
/** A circle holds a clashing kept one when that one lies wholly within this many of its radii of its centre… */
export const holdsReach = 1.1;
/** …and is supported at least this well: then the kept one was its inner border. */
const holderSupport = 0.75;
/** A weak circle is kept only this far from every kept one, as a share of their radii's sum (4e02fd0, with weak circles). */
const weakApart = 0.9;
/** Least radial share of an edge's direction to vote in a peak's radius histogram (62b5cb5). */
const radialVote = 0.85;
/** Strongest histogram radii checked in full (62b5cb5). */
const radiiChecked = 4;
/** Support within this of the best ties, and the larger radius wins the tie (outer rims first). */
const supportTie = 0.02;
/** Radii, over a circle's, of the rings its support by chance is measured on: past its rim's blur and most of its shadow; set by reasoning, not measured. */
const chanceRings = [1.3, 1.5];
/** Chance support is held this far from 0 and 1: a ring on a plain table seeing no hit says little about one rim sample. */
const chanceFloor = 0.01;
/** Rim samples per independent one in the a contrario test (see meaningful). */
const correlatedSamples = 2;
/**
 * Circles expected to pass the a contrario test by chance per photo: one, the method's usual ε
 * (Desolneux et al.). Insensitive over four orders: on dev seed 1100 (40 requests, 292 coins to
 * find) recall stays 274/292 and precision is 304/309, 305/310 and 307/314 at 0.01, 1 and 100.
 */
const falseAlarms = 1;
/** Every this-many-th gradient is sampled for the edge threshold (174297b, cheaper locate, same circles). */
const thresholdStride = 7;
/** Edge threshold: at least this floor, this many medians of the table's texture, this share of its 90th percentile. */
const edgeFloor = 24;
const edgeOverMedian = 4;
const edgeOfP90 = 0.5;
/**
 * The percentile of the gradients that `edgeOfP90` is a share of (the 90th): on a busy table (grain,
 * cloth, print) the median sits under the texture and this does not. Set with the search (63a414b),
 * not measured alone: higher drops faint rims on busy tables, lower lets the texture vote.
 */
const upperPercentile = 0.9;

/** A coin's disc as found in a (downscaled) photo, in that photo's pixels. */
export interface Circle {
  x: number;
  y: number;
  r: number;
  /** Share of the circumference with a strong edge pointing along the radius, 0..1. */
  support: number;
  /** Supported less than `minSupport`, kept only as a coin the caller may confirm (see FindCirclesOptions.weakSupport). */
  weak?: boolean;
  /**
   * Kept inside a poorly supported circle that holds it (see findCircles): that circle may be only
   * the line the coins of an arrangement touch, or this one its design; the caller decides which.
   */
  within?: true;
}

/** A circle's place and size, whatever found it. */
type CircleLike = Pick<Circle, 'x' | 'y' | 'r'>;

export interface Gradients {
  gx: Float32Array;
  gy: Float32Array;
  mag: Float32Array;
}

/**
 * Sobel gradients of an RGB image, per pixel the strongest channel's: a copper coin on a wooden
 * table differs more in colour than in brightness. Borders are left at zero.
 */
export function gradients({ width, height, data }: RgbImage): Gradients {
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  const mag = new Float32Array(width * height);
  const w3 = width * 3;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      let best = -1;
      for (let ch = 0; ch < 3; ch++) {
        const j = i * 3 + ch;
        // The 3 × 3 neighbourhood, row by row: a b c / d · f / g h k.
        const a = data[j - w3 - 3]!;
        const c = data[j - w3 + 3]!;
        const g = data[j + w3 - 3]!;
        const k = data[j + w3 + 3]!;
        const sx = c + 2 * data[j + 3]! + k - a - 2 * data[j - 3]! - g;
        const sy = g + 2 * data[j + w3]! + k - a - 2 * data[j - w3]! - c;
        const m = sx * sx + sy * sy;
        if (m > best) {
          best = m;
          gx[i] = sx;
          gy[i] = sy;
        }
      }
      mag[i] = Math.sqrt(best);
    }
  }
  return { gx, gy, mag };
}

/** Support of a circle: share of rim samples whose gradient is strong and radial. */
export function rimSupport(g: Gradients, width: number, height: number, cx: number, cy: number, r: number, threshold: number): number {
  const steps = Math.max(minRimSamples, Math.round(2 * Math.PI * r));
  const { cos, sin } = circleTable(steps);
  let hits = 0;
  let total = 0;
  for (let k = 0; k < steps; k++) {
    const c = cos[k]!;
    const s = sin[k]!;
    let best = 0;
    // The rim may sit a pixel either side of the fitted radius.
    for (let dr = -1; dr <= 1; dr++) {
      const x = Math.round(cx + (r + dr) * c);
      const y = Math.round(cy + (r + dr) * s);
      if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
      const i = y * width + x;
      const m = g.mag[i]!;
      if (m < threshold) continue;
      const radial = Math.abs(g.gx[i]! * c + g.gy[i]! * s) / m;
      best = Math.max(best, radial);
    }
    total++;
    if (best > radialHit) hits++;
  }
  return total > 0 ? hits / total : 0;
}

/**
 * The rim support a circle of this size would get here by chance: the mean support of the same test
 * on circles around it that lie on the table alone (see chanceRings). Plain tables give next to
 * nothing; a grained, woven or printed one gives radial-looking edges wherever a circle is drawn.
 */
function chanceSupport(g: Gradients, width: number, height: number, c: CircleLike, threshold: number): number {
  let sum = 0;
  for (const share of chanceRings) sum += rimSupport(g, width, height, c.x, c.y, c.r * share, threshold);
  return sum / chanceRings.length;
}

/** Cosines and sines of `steps` angles evenly round a circle; kept, as the same counts recur photo after photo. */
const circleTables = new Map<number, { cos: Float64Array; sin: Float64Array }>();
function circleTable(steps: number): { cos: Float64Array; sin: Float64Array } {
  let table = circleTables.get(steps);
  if (!table) {
    table = { cos: new Float64Array(steps), sin: new Float64Array(steps) };
    for (let k = 0; k < steps; k++) {
      const t = (2 * Math.PI * k) / steps;
      table.cos[k] = Math.cos(t);
      table.sin[k] = Math.sin(t);
    }
    circleTables.set(steps, table);
  }
  return table;
}

export interface FindCirclesOptions {
  minRadius: number;
  maxRadius: number;
  /** Least rim support for a circle to count. */
  minSupport?: number;
  /**
   * Least rim support for a weak circle: one under `minSupport` that clashes with no circle kept and
   * overlaps none, returned marked `weak` for the caller to confirm or drop (a coin's rim can be faint
   * on the search copy, where a plank seam or the table's grain crosses it). None when absent.
   */
  weakSupport?: number;
  /** The edge threshold (edgeThreshold of these gradients), when the caller has it already. */
  threshold?: number;
}

/**
 * Circular Hough transform by gradient voting: every strong edge pixel votes for centres along its
 * gradient line, both ways (a coin may be lighter or darker than the table); centre peaks then take
 * the radius with the best rim support. Concentric answers (a coin's inner border) give way to the
 * outer rim, and circles overlapping a better one are dropped.
 */
export function findCircles(image: { width: number; height: number }, g: Gradients, options: FindCirclesOptions): Circle[] {
  const { width, height } = image;
  const { minRadius, maxRadius, minSupport = defaultMinSupport, weakSupport = minSupport, threshold = edgeThreshold(g.mag) } = options;
  const edges = edgeList(g, width, height, threshold);
  const votes = new Float32Array(width * height);
  // Every other edge pixel votes: a rim has plenty, and voting is most of the search's time.
  // Weighted by 1/r: a big coin's rim has more pixels than a small one's.
  const weight = new Float64Array(maxRadius + 1);
  for (let r = minRadius; r <= maxRadius; r++) weight[r] = 1 / r;
  for (let e = 0; e < edges.count; e++) {
    const x = edges.x[e]!;
    const y = edges.y[e]!;
    if ((x + y) & 1) continue;
    for (let sign = 1; sign >= -1; sign -= 2) {
      const dx = sign * edges.dx[e]!;
      const dy = sign * edges.dy[e]!;
      for (let r = minRadius; r <= maxRadius; r++) {
        const px = Math.round(x + dx * r);
        const py = Math.round(y + dy * r);
        if (px < 0 || py < 0 || px >= width || py >= height) break;
        votes[py * width + px]! += weight[r]!;
      }
    }
  }
  const smooth = boxBlur(votes, width, height, 1);
  const peaks: { x: number; y: number; v: number }[] = [];
  let maxVote = 0;
  for (const v of smooth) maxVote = Math.max(maxVote, v);
  const floor = maxVote * peakFloor;
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const v = smooth[y * width + x]!;
      if (v < floor) continue;
      let isMax = true;
      for (let j = -2; j <= 2 && isMax; j++) for (let k = -2; k <= 2; k++) if (smooth[(y + j) * width + x + k]! > v) { isMax = false; break; }
      if (isMax) peaks.push({ x, y, v });
    }
  }
  peaks.sort((a, b) => b.v - a.v);

  const candidates: Circle[] = [];
  const weak: Circle[] = [];
  for (const peak of peaks.slice(0, peaksTried)) {
    const best = bestRadius(g, edges, width, height, peak.x, peak.y, minRadius, maxRadius, threshold);
    if (best && best.support >= minSupport) candidates.push(best);
    else if (best && best.support >= weakSupport) weak.push({ ...best, weak: true });
  }
  // Outer rims first: of concentric circles, the largest well-supported one is the coin.
  const outerFirst = (a: Circle, b: Circle) => b.support * Math.sqrt(b.r) - a.support * Math.sqrt(a.r);
  candidates.sort(outerFirst);
  const kept: Circle[] = [];
  const clashing = (k: Circle, c: Circle) => Math.hypot(k.x - c.x, k.y - c.y) < Math.max(k.r, c.r) * clashShare;
  const setAside: Circle[] = [];
  for (const c of candidates) {
    const clashes = kept.filter((k) => clashing(k, c));
    if (clashes.length === 0) {
      kept.push(c);
      continue;
    }
    // A well-supported circle holding the kept ones is their coin's rim; they were its inner border.
    const holds = clashes.every((k) => Math.hypot(k.x - c.x, k.y - c.y) + k.r <= c.r * holdsReach);
    if (holds && c.support >= holderSupport) {
      for (const k of clashes) kept.splice(kept.indexOf(k), 1);
      kept.push(c);
    } else setAside.push(c);
  }
  // Weak circles only where no circle is: never a kept one's inner border, nor wedged against it.
  for (const c of weak.sort(outerFirst)) {
    if (kept.every((k) => Math.hypot(k.x - c.x, k.y - c.y) >= (k.r + c.r) * weakApart)) kept.push(c);
  }
  // Well-supported circles set aside only for lying inside poorly supported kept ones, none clashing
  // with another: returned marked, for the caller to decide (see Circle.within).
  const within: Circle[] = [];
  for (const c of setAside) {
    if (c.support < holderSupport || within.some((w) => clashing(w, c))) continue;
    const clashes = kept.filter((k) => clashing(k, c));
    if (clashes.length > 0 && clashes.every((k) => !k.weak && k.support < holderSupport && Math.hypot(k.x - c.x, k.y - c.y) + c.r <= k.r * holdsReach)) within.push({ ...c, within: true });
  }
  return [...kept, ...within];
}

/**
 * Whether a circle's rim support is more than the table's texture makes by chance: an a contrario
 * test (Desolneux, Moisan & Morel, "From Gestalt Theory to Image Analysis", 2008; the LSD and ELSDc
 * detectors decide the same way). Under the null hypothesis the circle's rim samples hit as often as
 * those of circles drawn on the table around it (chanceSupport); the circle is meaningful when the
 * number of false alarms, the circles the search could test (every centre, every radius up to the
 * short side: a bound) times the binomial tail of its hits, is under `falseAlarms`. The tail is
 * bounded by exp(−n·KL(support ‖ chance)) (Hoeffding), and neighbouring rim samples share their
 * gradients (Sobel over a blurred copy), so every other one counts as independent.
 */
export function meaningful(g: Gradients, width: number, height: number, c: CircleLike, threshold: number): boolean {
  const support = rimSupport(g, width, height, c.x, c.y, c.r, threshold);
  const chance = Math.min(1 - chanceFloor, Math.max(chanceFloor, chanceSupport(g, width, height, c, threshold)));
  if (support <= chance) return false;
  const samples = Math.max(minRimSamples, Math.round(2 * Math.PI * c.r)) / correlatedSamples;
  const s = Math.min(1 - chanceFloor, support);
  const divergence = s * Math.log(s / chance) + (1 - s) * Math.log((1 - s) / (1 - chance));
  const circlesTested = width * height * Math.min(width, height);
  return samples * divergence > Math.log(circlesTested / falseAlarms);
}

/** The radius (and a centre nudged by up to a pixel) with the best rim support around a peak. */
function bestRadius(g: Gradients, edges: Edges, width: number, height: number, cx: number, cy: number, minR: number, maxR: number, threshold: number): Circle | null {
  // A radial histogram of radial edges first; only its strongest radii are checked in full.
  const hist = new Float32Array(maxR + 2);
  // Edges are listed row by row: only the rows within reach of the centre are read.
  const end = firstEdgeBelow(edges, cy + maxR + 2);
  for (let e = firstEdgeBelow(edges, cy - maxR - 1); e < end; e++) {
    const dx = edges.x[e]! - cx;
    const dy = edges.y[e]! - cy;
    if (Math.abs(dx) > maxR + 1 || Math.abs(dy) > maxR + 1) continue;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d < minR - 1 || d > maxR + 1) continue;
    if (Math.abs(edges.dx[e]! * dx + edges.dy[e]! * dy) / d < radialVote) continue;
    hist[Math.round(d)]! += 1;
  }
  const scored: { r: number; s: number }[] = [];
  for (let r = minR; r <= maxR; r++) scored.push({ r, s: (hist[r - 1]! + hist[r]! + hist[r + 1]!) / (2 * Math.PI * r) });
  scored.sort((a, b) => b.s - a.s);
  let best: Circle | null = null;
  for (const { r } of scored.slice(0, radiiChecked)) {
    const support = rimSupport(g, width, height, cx, cy, r, threshold);
    if (!best || support > best.support + supportTie || (support > best.support - supportTie && r > best.r)) best = { x: cx, y: cy, r, support };
  }
  if (!best) return null;
  // The centre peak may sit a pixel off the true centre: try the four neighbours at the chosen radius.
  for (const [ox, oy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
    const support = rimSupport(g, width, height, best.x + ox, best.y + oy, best.r, threshold);
    if (support > best.support) best = { x: best.x + ox, y: best.y + oy, r: best.r, support };
  }
  return best;
}

/** Index of the first edge on row `y` or below it (edges are listed row by row). */
function firstEdgeBelow(edges: Edges, y: number): number {
  let lo = 0;
  let hi = edges.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges.y[mid]! < y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Strong edge pixels, as parallel arrays: position and unit gradient direction. */
interface Edges {
  count: number;
  x: Int32Array;
  y: Int32Array;
  dx: Float64Array;
  dy: Float64Array;
}

function edgeList(g: Gradients, width: number, height: number, threshold: number): Edges {
  let count = 0;
  for (const m of g.mag) if (m >= threshold) count++;
  const edges: Edges = { count: 0, x: new Int32Array(count), y: new Int32Array(count), dx: new Float64Array(count), dy: new Float64Array(count) };
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const m = g.mag[i]!;
      if (m < threshold) continue;
      const e = edges.count++;
      edges.x[e] = x;
      edges.y[e] = y;
      edges.dx[e] = g.gx[i]! / m;
      edges.dy[e] = g.gy[i]! / m;
    }
  }
  return edges;
}

/** Edges worth voting: well above the table's texture (its median gradient), at least a fixed floor. */
export function edgeThreshold(mag: Float32Array): number {
  const sample = new Float32Array(Math.ceil(mag.length / thresholdStride));
  for (let i = 0, k = 0; i < mag.length; i += thresholdStride, k++) sample[k] = mag[i]!;
  sample.sort();
  const median = sample[Math.floor(sample.length / 2)] ?? 0;
  const p90 = sample[Math.floor(sample.length * upperPercentile)] ?? 0;
  return Math.max(edgeFloor, median * edgeOverMedian, p90 * edgeOfP90);
}

function boxBlur(src: Float32Array, width: number, height: number, radius: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const inside = y >= radius && y < height - radius;
    for (let x = 0; x < width; x++) {
      let s = 0;
      if (inside && x >= radius && x < width - radius) {
        // Away from the borders no index needs clamping (most pixels; same sums in the same order).
        for (let j = -radius; j <= radius; j++) {
          const row = (y + j) * width + x;
          for (let k = -radius; k <= radius; k++) s += src[row + k]!;
        }
      } else {
        for (let j = -radius; j <= radius; j++) {
          const yy = Math.min(height - 1, Math.max(0, y + j));
          for (let k = -radius; k <= radius; k++) s += src[yy * width + Math.min(width - 1, Math.max(0, x + k))]!;
        }
      }
      out[y * width + x] = s;
    }
  }
  return out;
}
