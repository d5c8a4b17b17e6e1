import { luma, type RgbImage } from '../raster/raster.ts';

/** Share of the object's width left out at each side besides `margin` (print near the edge, the border); hand-set with the first quality checks (60629ba). */
const sideInset = 0.06;
/** Added to the luminance variance so a flat image does not divide by (nearly) nothing; same commit. */
const varianceFloor = 1;

/**
 * Variance of the 4-neighbour Laplacian of luminance over the object (`margin` pixels in from the
 * image's edges), divided by the luminance variance: focus blur lowers the first, while dividing
 * by the second keeps plain and busy designs (and dim exposures) on one scale. Run near the
 * object's photographed size (a card: its rectified image).
 */
export function sharpness(image: RgbImage, margin: number): number {
  const { width: w, data } = image;
  const inset = margin + Math.round((w - 2 * margin) * sideInset);
  // Each pixel's luminance once: the Laplacian reads it five times.
  const plane = new Float64Array(w * image.height);
  const left = Math.max(0, inset - 1);
  const right = Math.min(w - 1, w - inset);
  // A row per call, here and below: optimised once for every photo, where one long loop would be
  // re-entered unoptimised by each call (numbers boxed until on-stack replacement catches up).
  for (let y = Math.max(0, inset - 1); y <= Math.min(image.height - 1, image.height - inset); y++) lumaRow(data, plane, y * w, left, right);
  // Running sums of luminance, its square, the Laplacian and its square, carried from row to row.
  const sums = new Float64Array(4);
  let n = 0;
  for (let y = inset; y < image.height - inset; y++) n += laplacianRow(plane, w, y * w, inset, w - inset, sums);
  if (n === 0) return 0;
  const [sum, sumSq, lap, lapSq] = sums as unknown as [number, number, number, number];
  const variance = sumSq / n - (sum / n) ** 2;
  const lapVariance = lapSq / n - (lap / n) ** 2;
  return lapVariance / (variance + varianceFloor);
}

/** Luminance of pixels `from`..`to` (inclusive) of the row starting at pixel `row`, into `plane`. */
function lumaRow(data: Uint8Array, plane: Float64Array, row: number, from: number, to: number): void {
  for (let x = from; x <= to; x++) {
    const i = row + x;
    plane[i] = luma(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
  }
}

/** Adds pixels `from`..`to` (exclusive) of a row to `sums` in order; returns how many were added. */
function laplacianRow(plane: Float64Array, w: number, row: number, from: number, to: number, sums: Float64Array): number {
  let sum = sums[0]!;
  let sumSq = sums[1]!;
  let lap = sums[2]!;
  let lapSq = sums[3]!;
  for (let x = from; x < to; x++) {
    const i = row + x;
    const v = plane[i]!;
    const l = plane[i - 1]! + plane[i + 1]! + plane[i - w]! + plane[i + w]! - 4 * v;
    sum += v;
    sumSq += v * v;
    lap += l;
    lapSq += l * l;
  }
  sums[0] = sum;
  sums[1] = sumSq;
  sums[2] = lap;
  sums[3] = lapSq;
  return Math.max(0, to - from);
}
