import { luma, sampleRgb, type RgbImage } from '@assay/pixels';

/**
 * Spread, as a share of the photo's long side, from which a photo counts as blurred: the benchmark's
 * definition (the generator's truth says `blurred` from 0.5 %), where detail finer than about a
 * two-hundredth of the frame is gone. The dates and mint marks of coins a tenth of the frame across
 * are about that fine.
 */
export const blurredSpread = 0.005;

/**
 * What rimSpread reads of a rim blurred by `blurredSpread` that counts as blurred, as a share of
 * that spread: the bar. Measured on tuning-world coin photos (development seeds 1101–1110, one coin
 * and a group each, each also with Gaussian noise of 9 grey levels added, as a dim or small
 * sensor's photo has; a scratch script over generatedCoinRequest, the generator's camera blur and
 * analyseCoinPhoto), at a bar of 0.7 / 0.75 / 0.8 / 0.85 / 0.9 of the spread: blurred exactly
 * 0.5 % (focus or shake) 71 / 61 / 57 / 50 / 37 of 78 photos flagged, shaken 0.72 % 34 / 33 / 33 /
 * 31 / 30 of 35; not blurred: sharp none of 40 at any, out of focus 0.35 % 9 / 4 / 0 / 0 / 0 of 40,
 * shaken 0.35 % 21 / 13 / 8 / 2 / 1 of 40. At 0.8 nothing blurred less than the worst focus blur is
 * flagged while a shake of 0.6 % or more mostly is. Before the slope was read at the crossing and
 * through a Gaussian derivative, the noise alone took a 0.5 % blur's reading from about 0.9 of it
 * to 0.2–0.65, and no blurred photo with noise was flagged.
 */
export const rimSpreadReads = 0.8;

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
 * Each ray's profile is the mean of this many parallel lines either side of it, a pixel apart along
 * the rim: noise averages out while the edge, locally straight (a rim 15 px in radius bends 0.13 px
 * over 2 px), is not widened.
 */
const tangentLines = 2;
/**
 * The profile's slope is taken through a Gaussian derivative of this sigma, pixels, and that sigma
 * taken back out of the spread read (spreads of Gaussians add in squares): a one-pixel difference
 * of a noisy profile is steepest where the noise is, not the edge, and read sharp rims on noisy
 * photos as sharper still and blurred ones as sharp (see rimSpreadReads).
 */
const slopeSigma = 1;
/**
 * The steepest slope is looked for this many samples (2 px) either side of where the profile
 * crosses halfway between its two levels: the largest of every slope along the ray is the largest
 * of the noise on a noisy photo, and at the crossing alone a large coin's bevelled rim read sharp
 * photos as blurred (0.5–1 of the bar on development seeds 1101–1110; within 2 px, under 0.55).
 */
const crossingReach = 4;

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
  const kernel = gaussianDerivative(slopeSigma / rayStep);
  const half = (kernel.length - 1) / 2;
  const profile = new Float64Array(samples);
  const pixel = new Float64Array(3);
  const spreads: number[] = [];
  for (let a = 0; a < rimAngles; a++) {
    const angle = (2 * Math.PI * a) / rimAngles;
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    for (let i = 0; i < samples; i++) {
      const along = rim.r - inner + i * rayStep;
      let sum = 0;
      for (let t = -tangentLines; t <= tangentLines; t++) {
        sampleRgb(image, rim.x + dx * along - dy * t, rim.y + dy * along + dx * t, pixel);
        sum += luma(pixel[0]!, pixel[1]!, pixel[2]!);
      }
      profile[i] = sum / (2 * tangentLines + 1);
    }
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < ends; i++) {
      inside += profile[i]!;
      outside += profile[samples - 1 - i]!;
    }
    const step = Math.abs(outside - inside) / ends;
    if (step < minStep) continue;
    // The slope where the profile crosses halfway between the two levels nearest the fitted rim:
    // the steepest point of a blurred step, found without taking the largest of noisy slopes.
    const middle = (inside + outside) / (2 * ends);
    let crossing = -1;
    for (let i = Math.max(half, rimAt - near); i < Math.min(samples - 1 - half, rimAt + near); i++) {
      if ((profile[i]! - middle) * (profile[i + 1]! - middle) <= 0 && (crossing < 0 || Math.abs(i - rimAt) < Math.abs(crossing - rimAt))) crossing = i;
    }
    if (crossing < 0) continue;
    let steepest = 0;
    for (let i = Math.max(half, crossing - crossingReach); i <= Math.min(samples - 1 - half, crossing + crossingReach); i++) {
      let slope = 0;
      for (let k = -half; k <= half; k++) slope += kernel[k + half]! * profile[i + k]!;
      steepest = Math.max(steepest, Math.abs(slope) / rayStep);
    }
    if (steepest > 0) {
      const read = step / (Math.sqrt(2 * Math.PI) * steepest);
      spreads.push(Math.sqrt(Math.max(0, read * read - slopeSigma * slopeSigma)));
    }
  }
  if (spreads.length < rimAngles * minMeasuredShare) return null;
  spreads.sort((a, b) => a - b);
  return spreads[Math.min(spreads.length - 1, Math.floor(spreads.length * spreadQuantile))]!;
}

/**
 * A Gaussian derivative of `sigma` samples, cut at three sigmas: convolved with a profile it gives
 * the slope (per sample) of the profile blurred by that Gaussian. Normalised so a unit ramp reads 1.
 */
function gaussianDerivative(sigma: number): Float64Array {
  const half = Math.ceil(3 * sigma);
  const kernel = new Float64Array(2 * half + 1);
  let ramp = 0;
  for (let k = -half; k <= half; k++) {
    // Correlation: the weight on sample i + k, so the slope of a rising profile is positive.
    kernel[k + half] = k * Math.exp(-(k * k) / (2 * sigma * sigma));
    ramp += k * kernel[k + half]!;
  }
  return kernel.map((w) => w / ramp);
}
