import { sampleGray, toGray, type RgbImage } from '@assay/pixels';

/*
 * A coin face's fine relief at about a catalog image's full resolution, as a polar image of the
 * annulus that carries dates and mint marks. The matching polar image (coin-features.ts) is
 * sampled at a radius of 64 pixels, where a date's digits are a few samples high and a mint mark
 * by the rim falls outside it; this one, at a radius of 128 and one sample per pixel, is what tells
 * one design's years and mints apart.
 */

/** Coins are resampled so their radius is this many pixels (a 256-pixel catalog image's own). */
export const detailRadius = 128;
export const detailRings = 82;
export const detailAngles = 768;
/** The annulus: from inside a reverse's mint mark out to the rim's inner edge. */
const innerShare = 0.34;
const outerShare = 0.98;
/** Quantisation of the normalised relief into a signed byte: ±4 standard deviations. */
const quantum = 32;
/** Strokes are kept by subtracting a box blur of this fraction of the radius, at least this many pixels (48d5c48, dates and mints told apart: dev seed 1300 identity 0.726 -> 0.858). */
const strokeBlurDivisor = 12;
const minStrokeBlur = 2;

/** Polar samples of relief, rings × angles (angle 0 = up, clockwise), normalised and stored as base64 signed bytes. */
export type CoinDetail = string;

/** Unit steps of every angle sampled, angle 0 = up, clockwise (image y grows downwards). */
const sines = Float64Array.from({ length: detailAngles }, (_, a) => Math.sin((2 * Math.PI * a) / detailAngles));
const cosines = Float64Array.from({ length: detailAngles }, (_, a) => Math.cos((2 * Math.PI * a) / detailAngles));

/** The detail polar image of the disc (cx, cy, r) of an image already resampled to about `detailRadius`. */
export function detailOfCrop(image: RgbImage, cx: number, cy: number, r: number): CoinDetail {
  const { width, height } = image;
  const grey = toGray(image).data;
  // Letters and digits are strokes a few pixels wide: keep what a blur of about a stroke's height
  // removes (one box pass each way: the same for photo and reference, and a fifth of a Gaussian's cost).
  const smooth = boxBlur(grey, width, height, Math.max(minStrokeBlur, Math.round(r / strokeBlurDivisor)));
  for (let i = 0; i < grey.length; i++) grey[i] = grey[i]! - smooth[i]!;
  const samples = new Float32Array(detailRings * detailAngles);
  let [sum, sum2] = [0, 0];
  for (let ring = 0; ring < detailRings; ring++) {
    const rr = r * (innerShare + ((outerShare - innerShare) * (ring + 0.5)) / detailRings);
    for (let a = 0; a < detailAngles; a++) {
      const v = sampleGray(grey, width, height, cx + rr * sines[a]!, cy - rr * cosines[a]!);
      samples[ring * detailAngles + a] = v;
      sum += v;
      sum2 += v * v;
    }
  }
  const mean = sum / samples.length;
  const std = Math.sqrt(Math.max(1e-9, sum2 / samples.length - mean * mean));
  const bytes = new Int8Array(samples.length);
  for (let i = 0; i < samples.length; i++) bytes[i] = Math.max(-127, Math.min(127, Math.round(((samples[i]! - mean) / std) * quantum)));
  return Buffer.from(bytes.buffer).toString('base64');
}

/** The detail's samples back as numbers (normalised relief, about unit variance). */
export function decodeDetail(detail: CoinDetail): Float32Array {
  const bytes = Buffer.from(detail, 'base64');
  const out = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = ((bytes[i]! << 24) >> 24) / quantum;
  return out;
}

/** One box-filter pass along rows then columns (edges clamped): each pixel the mean of the (2·radius+1)² box around it. */
export function boxBlur(src: Float32Array, width: number, height: number, radius: number): Float32Array {
  const rows = new Float32Array(src.length);
  const norm = 1 / (2 * radius + 1);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += src[o + Math.min(width - 1, Math.max(0, k))]!;
    for (let x = 0; x < width; x++) {
      rows[o + x] = sum * norm;
      sum += src[o + Math.min(width - 1, x + radius + 1)]! - src[o + Math.max(0, x - radius)]!;
    }
  }
  const out = new Float32Array(src.length);
  const sums = new Float64Array(width);
  for (let k = -radius; k <= radius; k++) {
    const o = Math.min(height - 1, Math.max(0, k)) * width;
    for (let x = 0; x < width; x++) sums[x] = sums[x]! + rows[o + x]!;
  }
  for (let y = 0; y < height; y++) {
    const [add, drop] = [Math.min(height - 1, y + radius + 1) * width, Math.max(0, y - radius) * width];
    for (let x = 0; x < width; x++) {
      out[y * width + x] = sums[x]! * norm;
      sums[x] = sums[x]! + rows[add + x]! - rows[drop + x]!;
    }
  }
  return out;
}
