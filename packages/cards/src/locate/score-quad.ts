import { hypot, type EdgeMap, type Quad } from '@assay/pixels';

// Unless said otherwise, hand-set with the card engine's first commits (faf4bb1, 60629ba); none was
// measured alone, and where each was tuned is not recorded.
/** Edge strength counted per sample is capped at this many thresholds (48807cb: cheaper locate, same outlines on dev seed 1000). */
const capThresholds = 3;
/** Samples a side in the full count: one per this many pixels, at least this many. */
const pixelsPerSample = 2;
const fewestSamples = 8;
/** Samples along the side's middle 84%: from this share of its length, over this share. */
const sideStart = 0.08;
const sideSpan = 0.84;
/** A side counts when at least this share of its samples lie inside the photo. */
const minInside = 0.2;
/** Score's strength factor: this base, plus this much per threshold of mean strength, up to this many thresholds. */
const strengthBase = 0.6;
const strengthGain = 0.2;
const strengthCap = 2;
/**
 * Samples within this many pixels of the photo's border are skipped: there a card the frame cuts off
 * ends in the picture, and the edge map's outer row has no gradient. Kept from the per-sample check
 * `scoreQuad` inlined (48807cb); geometric more than tuned.
 */
const frameClearance = 1.5;

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
  // Plain numbers, no per-sample objects: locating scores thousands of candidate quads per photo.
  let coverageSum = 0;
  let sides = 0;
  let weakestSide = Infinity;
  let strength = 0;
  let samples = 0;
  const { width, height, gx, gy, threshold } = edges;
  const cap = capThresholds * threshold;
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!;
    const b = quad[(s + 1) % 4]!;
    const length = hypot(b.x - a.x, b.y - a.y);
    const nx = -(b.y - a.y) / length;
    const ny = (b.x - a.x) / length;
    const count = samplesPerSide || Math.max(fewestSamples, Math.floor(length / pixelsPerSample));
    let hits = 0;
    let inside = 0;
    for (let k = 0; k < count; k++) {
      const t = sideStart + (sideSpan * (k + 0.5)) / count;
      const px = a.x + (b.x - a.x) * t;
      const py = a.y + (b.y - a.y) * t;
      // At or past the photo's border a card cut off by the frame ends in the picture: nothing to measure.
      if (px < frameClearance || py < frameClearance || px > width - frameClearance || py > height - frameClearance) continue;
      // Largest gradient component along the normal within ±1 px.
      let g = 0;
      for (let d = -1; d <= 1; d++) {
        // Truncation floors here: px, py ≥ `frameClearance` and the normal is a unit vector.
        const x = (px + d * nx) | 0;
        const y = (py + d * ny) | 0;
        if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
        const i = y * width + x;
        const across = Math.abs(gx[i]! * nx + gy[i]! * ny);
        if (across > g) g = across;
      }
      inside++;
      if (g >= threshold) hits++;
      strength += Math.min(g, cap);
      samples++;
    }
    // Where the photo's frame cuts the card off there is nothing to see: judge the visible part.
    if (inside >= count * minInside) {
      const c = hits / inside;
      coverageSum += c;
      sides++;
      if (c < weakestSide) weakestSide = c;
    }
  }
  if (sides < 2 || samples === 0) return { coverage: 0, weakestSide: 0, strength: 0, score: 0 };
  const coverage = coverageSum / sides;
  const mean = strength / samples / threshold;
  // Strength saturates at 2× the threshold: a card's edge against a table is often softer than the
  // black-on-cream print inside it, and must not lose to the printed frame for that.
  return { coverage, weakestSide, strength: mean, score: coverage * Math.sqrt(weakestSide) * (strengthBase + strengthGain * Math.min(strengthCap, mean)) };
}
