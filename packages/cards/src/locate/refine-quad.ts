import { distance, hypot, hypot3, sampleRgb, type Point, type Quad, type RgbImage } from '@assay/pixels';

// Unless said otherwise, hand-set with the card engine's first commits (faf4bb1, 60629ba); none was
// measured alone, and where each was tuned is not recorded.
/** A refined corner farther than this many reaches from the rough one is no refinement: the rough quad stands. */
const maxCornerMove = 3;
/** Profile step across the side, in pixels. */
const profileStep = 0.5;
/** Samples a side: one per this many pixels, between these counts, along its middle 80% (from this share, over this share). */
const pixelsPerSample = 6;
const fewestSamples = 12;
const mostSamples = 80;
const sideStart = 0.1;
const sideSpan = 0.8;
/** Least colour change across 2 px that counts as the side's edge. */
const minStrength = 12;
/** Fewest edge points for a line. */
const fewestPoints = 6;
/** Rounds of dropping points farther off the line than this many median residuals (at least this many pixels). */
const dropRounds = 2;
const offMedians = 2.5;
const minOff = 0.75;

export interface FitLine {
  /** Unit normal and offset: nx·x + ny·y = c. */
  nx: number;
  ny: number;
  c: number;
}

/**
 * Moves each side of a coarse quad onto the strongest colour edge within `reach` pixels, to a
 * fraction of a pixel, by fitting a line through sub-pixel edge positions sampled along the side;
 * corners are the intersections of the fitted sides. Centering needs this precision: one pixel on a
 * 300-pixel-wide card is three points of centering share.
 */
export function refineQuad(photo: RgbImage, quad: Quad, reach: number): Quad {
  const lines: FitLine[] = [];
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!;
    const b = quad[(s + 1) % 4]!;
    lines.push(fitSide(photo, a, b, reach) ?? lineThrough(a, b));
  }
  const refined: Point[] = [];
  for (let i = 0; i < 4; i++) {
    // Corner i is where the side ending at it meets the side starting at it.
    const corner = intersect(lines[(i + 3) % 4]!, lines[i]!);
    if (!corner || distance(corner, quad[i]!) > reach * maxCornerMove) return quad;
    refined.push(corner);
  }
  return refined as Quad;
}

function fitSide(photo: RgbImage, a: Point, b: Point, reach: number): FitLine | null {
  const length = hypot(b.x - a.x, b.y - a.y);
  const ux = (b.x - a.x) / length;
  const uy = (b.y - a.y) / length;
  const nx = -uy;
  const ny = ux;
  const step = profileStep;
  const n = Math.ceil(reach / step);
  const profile = new Float64Array((2 * n + 1) * 3);
  const rgb = new Float64Array(3);
  const points: Point[] = [];
  const samples = Math.min(mostSamples, Math.max(fewestSamples, Math.floor(length / pixelsPerSample)));
  for (let k = 0; k < samples; k++) {
    const t = sideStart + (sideSpan * (k + 0.5)) / samples;
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    for (let d = -n; d <= n; d++) {
      sampleRgb(photo, px + d * step * nx, py + d * step * ny, rgb);
      profile.set(rgb, (d + n) * 3);
    }
    // Colour difference across 2 px (4 steps): robust to JPEG noise, still sharp enough to localise.
    let best = -1;
    let bestAt = 0;
    const strength = (i: number) => {
      const p = (i - 2) * 3;
      const q = (i + 2) * 3;
      return hypot3(profile[q]! - profile[p]!, profile[q + 1]! - profile[p + 1]!, profile[q + 2]! - profile[p + 2]!);
    };
    for (let i = 3; i <= 2 * n - 3; i++) {
      const s = strength(i);
      if (s > best) {
        best = s;
        bestAt = i;
      }
    }
    if (best < minStrength) continue;
    const left = strength(bestAt - 1);
    const right = strength(bestAt + 1);
    const denom = left - 2 * best + right;
    const offset = denom < 0 ? (0.5 * (left - right)) / denom : 0;
    const d = (bestAt + offset - n) * step;
    points.push({ x: px + d * nx, y: py + d * ny });
  }
  if (points.length < fewestPoints) return null;
  let line = fitLine(points);
  // Two rounds of dropping points off the line: clutter or a sleeve edge caught by a few samples.
  for (let round = 0; round < dropRounds; round++) {
    const residuals = points.map((p) => Math.abs(line.nx * p.x + line.ny * p.y - line.c));
    const sorted = [...residuals].sort((x, y) => x - y);
    const limit = Math.max(minOff, offMedians * sorted[Math.floor(sorted.length / 2)]!);
    const kept = points.filter((_, i) => residuals[i]! <= limit);
    if (kept.length < fewestPoints) break;
    line = fitLine(kept);
  }
  return line;
}

/** Total least squares: the normal is the eigenvector of the smaller eigenvalue of the scatter. */
export function fitLine(points: Point[]): FitLine {
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    sxy += (p.x - mx) * (p.y - my);
    syy += (p.y - my) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const nx = -Math.sin(angle);
  const ny = Math.cos(angle);
  return { nx, ny, c: nx * mx + ny * my };
}

export function lineThrough(a: Point, b: Point): FitLine {
  const length = hypot(b.x - a.x, b.y - a.y);
  const nx = -(b.y - a.y) / length;
  const ny = (b.x - a.x) / length;
  return { nx, ny, c: nx * a.x + ny * a.y };
}

export function intersect(p: FitLine, q: FitLine): Point | null {
  const det = p.nx * q.ny - p.ny * q.nx;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (p.c * q.ny - p.ny * q.c) / det, y: (p.nx * q.c - p.c * q.nx) / det };
}
