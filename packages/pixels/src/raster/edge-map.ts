import type { RgbImage } from './raster.ts';

/** Per-pixel colour gradient: direction (modulo 180°) and strength. */
export interface EdgeMap {
  width: number;
  height: number;
  gx: Float32Array;
  gy: Float32Array;
  magnitude: Float32Array;
  /** A magnitude that separates real edges from texture and noise in this photo. */
  threshold: number;
}

/**
 * Colour edges: the Di Zenzo structure tensor of the three channels' Sobel gradients. A brown border
 * on a grey-green table steps up in red and down in blue; no single channel (nor luminance) sees
 * much, but the tensor's largest eigenvalue adds all three. Direction is modulo 180° (polarity-free),
 * which is all the Hough transform and the quad scoring use. Pure-JS loop on the downscaled work
 * image (≈480×360, ~4 ms): sharp's convolve gives per-channel Sobel, not the tensor.
 */
export function edgeMap(image: RgbImage): EdgeMap {
  const { width: w, height: h, data } = image;
  const n = w * h;
  const gx = new Float32Array(n);
  const gy = new Float32Array(n);
  const magnitude = new Float32Array(n);
  // A row at a time: a function called per row is optimised once and stays so, where one long loop
  // per photo runs unoptimised until on-stack replacement catches up, boxing every number meanwhile.
  for (let y = 1; y < h - 1; y++) edgeRow(data, w, y, gx, gy, magnitude);
  return { width: w, height: h, gx, gy, magnitude, threshold: edgeThreshold(magnitude) };
}

/** `edgeMap`'s gradients of row `y`. */
function edgeRow(data: Uint8Array, w: number, y: number, gx: Float32Array, gy: Float32Array, magnitude: Float32Array): void {
  const stride = w * 3;
  for (let x = 1; x < w - 1; x++) {
    const o = (y * w + x) * 3;
    let xx = 0;
    let yy = 0;
    let xy = 0;
    for (let c = 0; c < 3; c++) {
      const tl = data[o - stride - 3 + c]!;
      const t = data[o - stride + c]!;
      const tr = data[o - stride + 3 + c]!;
      const l = data[o - 3 + c]!;
      const r = data[o + 3 + c]!;
      const bl = data[o + stride - 3 + c]!;
      const b = data[o + stride + c]!;
      const br = data[o + stride + 3 + c]!;
      const dx = tr + 2 * r + br - tl - 2 * l - bl;
      const dy = bl + 2 * b + br - tl - 2 * t - tr;
      xx += dx * dx;
      yy += dy * dy;
      xy += dx * dy;
    }
    const i = y * w + x;
    const diff = xx - yy;
    const root = Math.sqrt(diff * diff + 4 * xy * xy);
    const m = Math.sqrt(Math.max(0, (xx + yy + root) / 2));
    // Eigenvector of the largest eigenvalue; its angle is half the tensor's (cos 2a = diff / root,
    // sin 2a = 2xy / root), so half-angle formulas give it without trigonometry.
    if (root === 0) {
      gx[i] = m;
    } else {
      const c2 = diff / root;
      gx[i] = m * Math.sqrt(Math.max(0, (1 + c2) / 2));
      gy[i] = (xy < 0 ? -m : m) * Math.sqrt(Math.max(0, (1 - c2) / 2));
    }
    magnitude[i] = m;
  }
}

/** Below this magnitude a pixel is flat (sensor noise on a plain backdrop) and not counted: set when the edge map was written (60629ba), not measured alone. */
const flatMagnitude = 8;
/** The threshold is taken at this percentile of the non-flat pixels' magnitudes (the 85th): set when written (60629ba), not measured alone. */
const edgePercentile = 0.85;
/**
 * The threshold is this fraction of that percentile: hand-set in recognizer calibration round 1
 * (faf4bb1), not measured alone. Lower keeps faint card edges on a like-coloured table and lets in
 * more texture and print; higher the reverse.
 */
const percentileShare = 0.4;
/** The threshold's floor, so a clean backdrop's noise never counts: set when written (60629ba). */
const leastThreshold = 40;
/** The threshold's cap, well below a card's own edge against the table (Sobel ≈ 400) however busy the print: hand-set in faf4bb1. */
const mostThreshold = 150;

/**
 * `percentileShare` × the `edgePercentile` percentile of non-flat pixels, floored so a clean
 * backdrop's noise never counts and capped: busy print (black text on cream) drives the percentile
 * up to where a card's own edge against the table (a 100-level step, Sobel ≈ 400) would fall below it.
 */
function edgeThreshold(magnitude: Float32Array): number {
  // Bins of two magnitude levels each (`b * 2` below turns a bin back into a magnitude).
  const bins = new Uint32Array(1024);
  let count = 0;
  for (let i = 0; i < magnitude.length; i++) {
    const m = magnitude[i]!;
    if (m < flatMagnitude) continue;
    bins[Math.min(1023, m >> 1)]!++;
    count++;
  }
  let seen = 0;
  for (let b = 0; b < 1024; b++) {
    seen += bins[b]!;
    if (seen >= count * edgePercentile) return Math.min(mostThreshold, Math.max(leastThreshold, b * 2 * percentileShare));
  }
  return leastThreshold;
}
