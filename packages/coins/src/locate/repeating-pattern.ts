import { boxResize, toGray, type GrayImage, type RgbImage } from '@assay/pixels';
import { boxBlur } from '../identify/coin-detail.ts';
import { fft } from '../identify/fft.ts';

/*
 * A table printed or woven with one motif repeated on a lattice (a checked or dotted cloth, an
 * oilcloth's tiles) draws more edges than the coins lying on it: the circle search's edge bar rises
 * over the coins' rims and the motifs' corners vote for circles of their own. Repeated, the motif
 * is a few sharp peaks in the photo's spectrum, where a coin (one of a kind) spreads over every
 * direction: the peaks give the pattern back as an image, which is taken out of the photo where
 * the photo shows it, and left where a coin covers it.
 */

/*
 * The constants below were set by reasoning and then moved one at a time on the development world of
 * groups on such cloths (tools/evaluate-coins.ts 1413 30 `group tiled=1`: 114 of 172 coins named
 * right before the pattern was taken out, 146 with these values; 143 as committed, once the
 * presence's box means became coin-detail's boxBlur, its edges clamped rather than cut, and motifs
 * over `longestWavelength` were left alone).
 */
/**
 * A bin of the spectrum is a peak of the pattern when it is this many times the mean magnitude of
 * the bins as far from the centre (the same wavelength in every direction). At 4, 6 and 10: 144,
 * 146 and 145 coins named right, counts exact 0.817, 0.800 and 0.750.
 */
const peakOverRing = 6;
/**
 * Only patterns repeating within this many pixels of the search copy (360 long) are taken out. The
 * subtraction tells the table from a coin over a window of a wavelength and a half, so a pattern
 * whose motif is about a coin's size cannot be taken off the table without printing it on the coins:
 * a checked cloth of squares the size of a dollar had the dollar lost in its squares. Cloths and
 * oilcloths repeat at 4 to 18 pixels here (a hundredth to a twentieth of the width); larger motifs
 * are left to the circle search as before (not moved).
 */
const longestWavelength = 24;
/** The motif's wavelength is looked for from this ring of the spectrum out (a quarter of the transform's side and shorter): nearer in are the light and the coins. */
const fundamentalRing = 4;

/** A pattern strong enough (minPeakShare) and fine enough (longestWavelength) to be taken out. */
const takenOut = (strength: PatternStrength) => strength.peakShare >= minPeakShare && strength.wavelength <= longestWavelength;
/**
 * A pattern is taken out when its peaks hold at least this share of the energy at shorter
 * wavelengths than `longestWavelength` (repeatingPatternStrength). On development photos (a scratch
 * script over generated photos' search copies): the tuning world's tables (seed 1410, 40 requests,
 * 81 photos) all under 0.41 (a desk's grain the highest, then corrugated cardboard at 0.33; most
 * under 0.1), so no tuning photo is searched otherwise than before; cloths repeating a motif
 * (`tiled=1`, seed 1411, 78 photos) 43 over it (a print too fine for the shrunk copy, or one so
 * foreshortened its peaks spread, stays under); ruled sheets (`ruled=1`, seed 1412) 8 of 42.
 */
const minPeakShare = 0.45;
/**
 * The window (in the pattern's wavelengths) over which how much of the pattern the photo shows is
 * judged. At 0.75, 1.5 and 3: 144, 146 and 145 coins named right, pairing 0.785, 0.814 and 0.767.
 */
const presenceWavelengths = 1.5;
/** Share of the side tapered at each edge before the transform, so the frame's edge draws no peaks (not moved). */
const taperShare = 0.08;

/** How strongly a photo's table repeats one motif (see minPeakShare). */
export interface PatternStrength {
  /** The share of the energy at short wavelengths the spectrum's peaks hold. */
  peakShare: number;
  /** The strongest peak's wavelength, in the image's pixels. */
  wavelength: number;
}

/**
 * Side of the transform the pattern is looked for with: the look costs about 5 ms a photo here
 * (median over dev seed 1410's photos), a quarter of a 512-point one over the whole search copy
 * (which takes the pattern out, on the photos that show one: 50–90 ms). The search copy (360
 * pixels long) is shrunk to fit: a pattern's peaks then stay apart down to wavelengths of about 3
 * of its pixels.
 */
const lookSide = 256;

/** How strongly the table the image shows repeats one motif, seen through its grey shrunk to `lookSide`. */
export function repeatingPatternStrength(image: RgbImage): PatternStrength {
  return strengthOf(toGray(image));
}

function strengthOf(grey: GrayImage): PatternStrength {
  const scale = Math.min(1, lookSide / Math.max(grey.width, grey.height));
  const [width, height] = [Math.max(1, Math.round(grey.width * scale)), Math.max(1, Math.round(grey.height * scale))];
  const shrunk = scale < 1 ? { width, height, data: boxResize(grey.data, grey.width, grey.height, width, height) } : grey;
  const { strength } = spectrumPeaks(shrunk, longestWavelength * scale);
  return { ...strength, wavelength: strength.wavelength / scale };
}

/**
 * The image with its table's repeating pattern taken out where the image shows it, or null when
 * the table repeats no motif strongly enough, or one too large to take out (takenOut).
 */
export function withoutRepeatingPattern(image: RgbImage): RgbImage | null {
  const gray = toGray(image);
  if (!takenOut(strengthOf(gray))) return null;
  const { width, height, data } = image;
  const grey = gray.data;
  const { peaks, n, strength } = spectrumPeaks(gray, longestWavelength);
  if (!takenOut(strength)) return null;
  // The pattern as an image: the peaks alone, transformed back (the taper undone inside the frame).
  fft2(peaks.re, peaks.im, n, true);
  const pattern = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const wy = taper(y, height);
    for (let x = 0; x < width; x++) pattern[y * width + x] = peaks.re[y * n + x]! / Math.max(0.2, wy * taper(x, width));
  }
  // How much of it the image shows about each pixel: the table all of it, a coin lying on it none.
  const radius = Math.max(2, Math.round(strength.wavelength * presenceWavelengths));
  const local = boxBlur(grey, width, height, radius);
  const shown = boxBlur(pattern.map((p, i) => (grey[i]! - local[i]!) * p), width, height, radius);
  const power = boxBlur(pattern.map((p) => p * p), width, height, radius);
  // Each colour's share of the pattern, over the whole image (a two-colour print is one pattern in every channel).
  const share = [0, 1, 2].map((c) => {
    let [along, self] = [0, 0];
    for (let i = 0; i < pattern.length; i++) {
      along += data[i * 3 + c]! * pattern[i]!;
      self += grey[i]! * pattern[i]!;
    }
    return self !== 0 ? along / self : 1;
  });
  const out = Buffer.alloc(data.length);
  for (let i = 0; i < pattern.length; i++) {
    const presence = power[i]! > 1e-9 ? Math.min(1, Math.max(0, shown[i]! / power[i]!)) : 0;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(data[i * 3 + c]! - presence * share[c]! * pattern[i]!)));
  }
  return { width, height, data: out };
}

/**
 * The spectrum of a grey image (tapered at its edges) and its peaks: the bins whose magnitude is
 * `peakOverRing` times their ring's mean, at wavelengths under `longest` of its pixels; `peaks`
 * holds those bins alone (the rest zeroed), for the pattern's image.
 */
function spectrumPeaks(image: GrayImage, longest: number): { peaks: { re: Float64Array; im: Float64Array }; n: number; strength: PatternStrength } {
  const { width, height, data: grey } = image;
  const n = nextPowerOfTwo(Math.max(width, height));
  let mean = 0;
  for (const value of grey) mean += value;
  mean /= grey.length;
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  for (let y = 0; y < height; y++) {
    const wy = taper(y, height);
    for (let x = 0; x < width; x++) re[y * n + x] = (grey[y * width + x]! - mean) * wy * taper(x, width);
  }
  fft2(re, im, n, false);
  const rings = ringsOf(n);
  const half = n / 2;
  const inner = Math.ceil(n / longest);
  const ringSum = new Float64Array(half + 2);
  const ringCount = new Float64Array(half + 2);
  const magnitude = new Float64Array(n * n);
  for (let k = 0; k < n * n; k++) {
    magnitude[k] = Math.sqrt(re[k]! * re[k]! + im[k]! * im[k]!);
    const ring = rings[k]!;
    ringSum[ring]! += magnitude[k]!;
    ringCount[ring]!++;
  }
  let [energy, peakEnergy, strongest, strongestRing] = [0, 0, 0, 0];
  for (let k = 0; k < n * n; k++) {
    const ring = rings[k]!;
    const m = magnitude[k]!;
    const peak = ring >= fundamentalRing && ring <= half && m >= peakOverRing * (ringSum[ring]! / ringCount[ring]!);
    // The motif's own wavelength is its strongest peak's, however long; its shorter harmonics alone
    // are no reason to take it out (see longestWavelength).
    if (peak && m > strongest) [strongest, strongestRing] = [m, ring];
    if (ring >= inner && ring <= half) energy += m * m;
    if (!peak || ring < inner) {
      re[k] = 0;
      im[k] = 0;
      continue;
    }
    peakEnergy += m * m;
  }
  const strength = { peakShare: energy > 0 ? peakEnergy / energy : 0, wavelength: n / Math.max(1, strongestRing) };
  return { peaks: { re, im }, n, strength };
}

/** Each bin's distance from the spectrum's centre, rounded (its ring), for an n-point transform; kept per size. */
const ringCache = new Map<number, Uint16Array>();
function ringsOf(n: number): Uint16Array {
  let rings = ringCache.get(n);
  if (!rings) {
    rings = new Uint16Array(n * n);
    const half = n / 2;
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) rings[y * n + x] = Math.round(Math.hypot(x < half ? x : x - n, y < half ? y : y - n));
    ringCache.set(n, rings);
  }
  return rings;
}

const nextPowerOfTwo = (v: number) => 2 ** Math.ceil(Math.log2(Math.max(2, v)));

/** A Tukey window's weight at `i` of `length`: 1 inside, falling to 0 over `taperShare` of the side at each edge. */
function taper(i: number, length: number): number {
  const edge = Math.max(1, length * taperShare);
  const d = Math.min(i + 0.5, length - i - 0.5);
  return d >= edge ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * d) / edge);
}

/** The 2-D transform of an n×n grid in place, rows then columns. */
function fft2(re: Float64Array, im: Float64Array, n: number, inverse: boolean): void {
  const [rowRe, rowIm] = [new Float64Array(n), new Float64Array(n)];
  for (let y = 0; y < n; y++) {
    rowRe.set(re.subarray(y * n, (y + 1) * n));
    rowIm.set(im.subarray(y * n, (y + 1) * n));
    fft(rowRe, rowIm, inverse);
    re.set(rowRe, y * n);
    im.set(rowIm, y * n);
  }
  for (let x = 0; x < n; x++) {
    for (let y = 0; y < n; y++) {
      rowRe[y] = re[y * n + x]!;
      rowIm[y] = im[y * n + x]!;
    }
    fft(rowRe, rowIm, inverse);
    for (let y = 0; y < n; y++) {
      re[y * n + x] = rowRe[y]!;
      im[y * n + x] = rowIm[y]!;
    }
  }
}
