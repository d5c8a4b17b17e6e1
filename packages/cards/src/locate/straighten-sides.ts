import { distance, hypot3, sampleRgb, type Point, type Quad, type RgbImage } from '@assay/pixels';
import { fitLine, intersect, lineThrough, type FitLine } from './refine-quad.ts';

/** An edge seen across one sample place: where along the side (0–1), how far off it, how strong. */
interface EdgePoint {
  t: number;
  d: number;
  strength: number;
}

/** How far a side's middle may move, as a share of the quad's size across it, plus a few pixels of blur. */
const midReach = 0.012;
/** How far a side may turn: its two ends moving apart by this share of its length. */
const maxTurn = 0.035;
// Unless said otherwise, set when sides were first straightened for centering (d781896, "measure
// along straightened sides with wide margins"), by hand; not measured alone.
/** Places along a side where edges are looked for: one per this many pixels, between these counts. */
const sampleSpacing = 8;
const fewestSamples = 16;
const mostSamples = 60;
const samplesOf = (a: Point, b: Point) => Math.min(mostSamples, Math.max(fewestSamples, Math.floor(distance(a, b) / sampleSpacing)));
/** Pixels of blur added to the middle's reach, and margin added to the search's reach. */
const blurPixels = 3;
const reachMargin = 2;
/** Fewest edge points for a side to be straightened, and fewest on its line. */
const fewestPoints = 8;
/** Profile step across the side, in pixels (60629ba). */
const profileStep = 0.5;
/** Edges are looked for along the side's middle 84%: from this share of its length, over this share (60629ba). */
const sideStart = 0.08;
const sideSpan = 0.84;
/** Turns are tried this many pixels apart over the side's length. */
const turnStep = 0.5;
/** Each offset's votes plus this share of its two neighbours' score a line. */
const neighbourVote = 0.5;
/** Least colour change across 2 px that counts as an edge. */
const minStrength = 12;
/** Distance from a candidate line within which an edge point supports it. */
const inlier = 1;
/** A line the side may take: at least this share of the best one's votes, with an edge at this share of the places along it. */
const minScore = 0.3;
const minSupport = 0.8;
/**
 * A straightened corner further than this share of the quad's diagonal from the outline's own means
 * a side took another edge (a table edge, a neighbouring card): the outline is kept as found. Set
 * with the rest (d781896); lower keeps more outlines unstraightened, higher lets a wrong edge through.
 */
const maxCornerMove = 0.1;

/** Offset of a line from the side at its middle, and how far it turns over the side's length (pixels). */
interface Line {
  d0: number;
  slope: number;
  score: number;
}

/**
 * Puts each side of an outline onto one straight edge. An outline built from Hough lines is a
 * degree or so off, and near a card's edge run others parallel to it (a holder's recess, a
 * sleeve's seam): a side that starts on one and ends on another rectifies the card into a
 * trapezoid, which skews every border measured across it. So each side takes a straight line
 * that edge points nearly all along it agree on (a Hough vote over offset and turn, `chooseLine`),
 * fitted to those points. Which of several parallel edges is the card's is left to the border
 * measurement; this keeps each side along one of them.
 */
export function straightenSides(photo: RgbImage, quad: Quad): Quad {
  const lines: FitLine[] = [];
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!;
    const b = quad[(s + 1) % 4]!;
    const across = (distance(quad[(s + 1) % 4]!, quad[(s + 2) % 4]!) + distance(quad[(s + 3) % 4]!, quad[s]!)) / 2;
    lines.push(straightSide(photo, a, b, across) ?? lineThrough(a, b));
  }
  const corners: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const corner = intersect(lines[(i + 3) % 4]!, lines[i]!);
    if (!corner || distance(corner, quad[i]!) > maxCornerMove * distance(quad[0], quad[2])) return quad;
    corners.push(corner);
  }
  return corners as Quad;
}

function straightSide(photo: RgbImage, a: Point, b: Point, across: number): FitLine | null {
  const length = distance(a, b);
  const ux = (b.x - a.x) / length;
  const uy = (b.y - a.y) / length;
  const nx = -uy;
  const ny = ux;
  const mid = midReach * across + blurPixels;
  const turn = maxTurn * length;
  const reach = Math.ceil(mid + turn / 2 + reachMargin);
  const points = edgePoints(photo, a, b, nx, ny, reach);
  if (points.length < fewestPoints) return null;
  const best = chooseLine(points, mid, turn, samplesOf(a, b));
  if (!best) return null;
  // The points on the winning line, one per sample place, fitted exactly.
  const kept = points.filter((p) => Math.abs(p.d - (best.d0 + best.slope * (p.t - 0.5))) <= inlier);
  if (kept.length < fewestPoints) return null;
  return fitLine(kept.map((p) => ({ x: a.x + (b.x - a.x) * p.t + p.d * nx, y: a.y + (b.y - a.y) * p.t + p.d * ny })));
}

/** Local maxima of colour change across the side at sample places along its middle 84%, sub-pixel. */
function edgePoints(photo: RgbImage, a: Point, b: Point, nx: number, ny: number, reach: number): EdgePoint[] {
  const step = profileStep;
  const n = Math.ceil(reach / step);
  const profile = new Float64Array((2 * n + 1) * 3);
  const rgb = new Float64Array(3);
  const strength = new Float64Array(2 * n + 1);
  const samples = samplesOf(a, b);
  const points: EdgePoint[] = [];
  for (let k = 0; k < samples; k++) {
    const t = sideStart + (sideSpan * (k + 0.5)) / samples;
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    for (let i = 0; i <= 2 * n; i++) {
      sampleRgb(photo, px + (i - n) * step * nx, py + (i - n) * step * ny, rgb);
      profile.set(rgb, i * 3);
    }
    // Colour difference across 2 px (4 steps), as refineQuad measures it.
    for (let i = 2; i <= 2 * n - 2; i++) {
      const p = (i - 2) * 3;
      const q = (i + 2) * 3;
      strength[i] = hypot3(profile[q]! - profile[p]!, profile[q + 1]! - profile[p + 1]!, profile[q + 2]! - profile[p + 2]!);
    }
    for (let i = 3; i <= 2 * n - 3; i++) {
      const c = strength[i]!;
      if (c < minStrength || c < strength[i - 1]! || c <= strength[i + 1]!) continue;
      const denom = strength[i - 1]! - 2 * c + strength[i + 1]!;
      const offset = denom < 0 ? (0.5 * (strength[i - 1]! - strength[i + 1]!)) / denom : 0;
      points.push({ t, d: (i + offset - n) * step, strength: c });
    }
  }
  return points;
}

/**
 * Hough vote over lines d = d0 + slope·(t − 0.5): half-pixel turns, one-pixel offsets. Each
 * point votes the square root of its strength (a faint card edge along the whole side outvotes a
 * strong print line along part of it). Of the lines with an edge nearly all along, the one nearest
 * the side's middle is taken: the side was found on that edge over most of its length, and a
 * holder's recess or a sleeve's seam beside it is often drawn as strongly. Without any such line,
 * the best-voted.
 */
function chooseLine(points: EdgePoint[], mid: number, turn: number, samples: number): Line | null {
  const bins = 2 * Math.ceil(mid) + 1;
  const origin = Math.ceil(mid);
  const votes = new Float64Array(bins);
  // Per offset, the best-supported turn and its support: numbers in place, not an object per improvement.
  const bestScore = new Float64Array(bins);
  const bestSlope = new Float64Array(bins);
  const weights = points.map((p) => Math.sqrt(p.strength));
  const slopeSteps = Math.ceil(turn / turnStep);
  for (let k = -slopeSteps; k <= slopeSteps; k++) {
    const slope = (k * turn) / slopeSteps;
    votes.fill(0);
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      const x = p.d - slope * (p.t - 0.5) + origin;
      const j = Math.floor(x);
      if (j < 0 || j + 1 >= bins) continue;
      const f = x - j;
      votes[j]! += weights[i]! * (1 - f);
      votes[j + 1]! += weights[i]! * f;
    }
    for (let j = 0; j < bins; j++) {
      // A line's support: its bin and half of each neighbour (a point sits between two bins).
      const score = votes[j]! + neighbourVote * ((j > 0 ? votes[j - 1]! : 0) + (j + 1 < bins ? votes[j + 1]! : 0));
      if (score > bestScore[j]!) {
        bestScore[j] = score;
        bestSlope[j] = slope;
      }
    }
  }
  const top = Math.max(...bestScore);
  if (top <= 0) return null;
  let pick: Line | null = null;
  let strongest: Line | null = null;
  for (let j = 0; j < bins; j++) {
    const score = bestScore[j]!;
    const line = { d0: j - origin, slope: bestSlope[j]!, score };
    if (!strongest || score > strongest.score) strongest = line;
    const peak = score >= (j > 0 ? bestScore[j - 1]! : 0) && score >= (j + 1 < bins ? bestScore[j + 1]! : 0);
    if (!peak || score < minScore * top || support(points, line.d0, line.slope, samples) < minSupport) continue;
    if (!pick || Math.abs(line.d0) < Math.abs(pick.d0)) pick = line;
  }
  return pick ?? strongest;
}

/** Share of sample places with an edge within a pixel of the line. */
function support(points: EdgePoint[], d0: number, slope: number, samples: number): number {
  const places = new Set<number>();
  for (const p of points) if (Math.abs(p.d - d0 - slope * (p.t - 0.5)) <= inlier) places.add(p.t);
  return places.size / samples;
}
