import { luma, sampleRgb, type RgbImage } from '@assay/pixels';

/**
 * Spread, as a share of the photo's long side, from which a photo counts as blurred: the benchmark's
 * definition (the generator's truth says `blurred` from 0.5 %), where detail finer than about a
 * two-hundredth of the frame is gone. The dates and mint marks of coins a tenth of the frame across
 * are about that fine.
 */
export const blurredSpread = 0.005;

/**
 * What rimSpread reads of a rim blurred by exactly `blurredSpread`, as a share of that: it reads low,
 * as a rim is no perfect step and the steepest of a noisy slope is steeper than its mean. The median
 * over 12 tuning-world coin photos (development seeds 1101–1106, one coin and a group each) given a
 * Gaussian blur of 0.5 % here; they read 0.38–0.90 of it. The same photos blurred 0.25 % read
 * 0.12–0.30 % and unblurred 0.04–0.15 %, so the bar drawn at 0.77 × 0.5 % = 0.385 % falls clear of both.
 */
export const rimSpreadReads = 0.77;

/** Angles around the rim its edge is measured at. */
const rimAngles = 48;
/** Step along each ray across the rim, pixels: half a pixel resolves a sharp rim's one-pixel edge. */
const rayStep = 0.5;
/** How far inside the rim a ray reaches at most, as a share of the radius: short of the design's middle. */
const innerShare = 0.5;
/** Share of a ray, at each end, whose mean is the coin's and the table's level either side of the rim. */
const levelShare = 0.15;
/**
 * Least difference between the coin's and the table's luma (8-bit) for an angle to be measured: an
 * edge between two like tones is lost in noise and tells nothing of focus. Hand-set; a coin the
 * colour of its table gives no estimate rather than a wrong one.
 */
const minStep = 20;
/** Least share of the angles that must be measured for the rim to give an estimate. */
const minMeasuredShare = 0.25;
/**
 * The quantile of the angles' estimates taken: a shake smears the rim along one direction only, and
 * across it (the angles at the quantile's end) the edge spreads by about the same spread a focus blur
 * of that strength has; a cast shadow widens a few angles more, which this leaves aside.
 */
const spreadQuantile = 0.75;

/**
 * How far a coin's rim is spread, in pixels: the sigma of a Gaussian blur that would spread a sharp
 * step as much. A rim is a step from table to metal whose sharpness the camera, not the coin, sets:
 * across a step of height H blurred by sigma the steepest slope is H / (sigma √(2π)), so sigma is
 * read from the step and its slope along rays across the rim, without any knowledge of the photo's
 * look. `reach` is how far outside the rim the rays go: about three times the largest spread to be
 * told. Null when too few angles show a step (a coin the colour of its table).
 */
export function rimSpread(image: RgbImage, rim: { x: number; y: number; r: number }, reach: number): number | null {
  const inner = Math.min(reach, rim.r * innerShare);
  const samples = Math.floor((inner + reach) / rayStep) + 1;
  const ends = Math.max(2, Math.round(samples * levelShare));
  // The steepest slope is looked for within half the reach of the rim, not at the design's edges.
  const near = Math.max(2, Math.round(Math.min(inner, reach) / 2 / rayStep));
  const rimAt = Math.round(inner / rayStep);
  const profile = new Float64Array(samples);
  const pixel = new Float64Array(3);
  const spreads: number[] = [];
  for (let a = 0; a < rimAngles; a++) {
    const angle = (2 * Math.PI * a) / rimAngles;
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    for (let i = 0; i < samples; i++) {
      const along = rim.r - inner + i * rayStep;
      sampleRgb(image, rim.x + dx * along, rim.y + dy * along, pixel);
      profile[i] = luma(pixel[0]!, pixel[1]!, pixel[2]!);
    }
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < ends; i++) {
      inside += profile[i]!;
      outside += profile[samples - 1 - i]!;
    }
    const step = Math.abs(outside - inside) / ends;
    if (step < minStep) continue;
    let steepest = 0;
    for (let i = Math.max(1, rimAt - near); i <= Math.min(samples - 2, rimAt + near); i++) {
      steepest = Math.max(steepest, Math.abs(profile[i + 1]! - profile[i - 1]!) / (2 * rayStep));
    }
    if (steepest > 0) spreads.push(step / (Math.sqrt(2 * Math.PI) * steepest));
  }
  if (spreads.length < rimAngles * minMeasuredShare) return null;
  spreads.sort((a, b) => a - b);
  return spreads[Math.min(spreads.length - 1, Math.floor(spreads.length * spreadQuantile))]!;
}
