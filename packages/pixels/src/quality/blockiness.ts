import { luma, type RgbImage } from '../raster/raster.ts';

// Hand-set with the first photo-quality checks (60629ba); not measured alone.
/** Side of the central window sampled (≈2 ms measured). */
const windowSide = 384;
/** Added to the inner jump so a flat photo does not divide by (nearly) nothing. */
const innerFloor = 0.5;
/** Luminance steps from this up are real edges, not artefacts. */
const realEdge = 40;

/**
 * JPEG blocking: mean luminance jump across 8-pixel block boundaries relative to the jump between
 * neighbours inside blocks, minus 1 (≈0 for a clean photo, well above 0.3 for heavy compression).
 * Must run on the photo's own pixel grid; sampled on a central 384×384 window (≈2 ms measured).
 */
export function blockiness(photo: RgbImage): number {
  const { width: w, height: h, data } = photo;
  const size = windowSide;
  const x0 = Math.max(0, (Math.floor((w - size) / 2) >> 3) << 3);
  const y0 = Math.max(0, (Math.floor((h - size) / 2) >> 3) << 3);
  const x1 = Math.min(w - 1, x0 + size);
  const y1 = Math.min(h - 1, y0 + size);
  const lw = x1 - x0 + 1;
  const window = new Float32Array(lw * (y1 - y0 + 1));
  // A row per call, here and below: optimised once for every photo, where one long loop would be
  // re-entered unoptimised by each call (numbers boxed until on-stack replacement catches up).
  for (let y = y0; y <= y1; y++) windowRow(data, (y * w + x0) * 3, window, (y - y0) * lw, lw);
  // Jumps across boundaries and inside blocks, and their counts, carried from row to row in order.
  const totals = new Float64Array(4);
  for (let y = y0; y < y1; y++) jumpsRow(window, (y - y0) * lw, lw, x0, x1, (y & 7) === 7, totals);
  const [boundary, boundaryCount, inner, innerCount] = totals as unknown as [number, number, number, number];
  if (boundaryCount === 0 || innerCount === 0 || inner === 0) return 0;
  return boundary / boundaryCount / (inner / innerCount + innerFloor) - 1;
}

/** Luminance of `count` photo pixels from byte `from` on, into `window` from `to` on. */
function windowRow(data: Uint8Array, from: number, window: Float32Array, to: number, count: number): void {
  for (let k = 0, o = from; k < count; k++, o += 3) window[to + k] = luma(data[o]!, data[o + 1]!, data[o + 2]!);
}

/**
 * Jumps to the right and downwards from window pixels of photo columns `x0`..`x1` (exclusive) in the
 * window row starting at `row`, added to `totals` (boundary, its count, inner, its count).
 */
function jumpsRow(window: Float32Array, row: number, lw: number, x0: number, x1: number, belowIsBoundary: boolean, totals: Float64Array): void {
  let boundary = totals[0]!;
  let boundaryCount = totals[1]!;
  let inner = totals[2]!;
  let innerCount = totals[3]!;
  for (let x = x0, i = row; x < x1; x++, i++) {
    const here = window[i]!;
    const dx = Math.abs(window[i + 1]! - here);
    const dy = Math.abs(window[i + lw]! - here);
    // Steps above 40 are real edges, not artefacts; leaving them out keeps busy scenes comparable.
    if (dx < realEdge) {
      if ((x & 7) === 7) {
        boundary += dx;
        boundaryCount++;
      } else {
        inner += dx;
        innerCount++;
      }
    }
    if (dy < realEdge) {
      if (belowIsBoundary) {
        boundary += dy;
        boundaryCount++;
      } else {
        inner += dy;
        innerCount++;
      }
    }
  }
  totals[0] = boundary;
  totals[1] = boundaryCount;
  totals[2] = inner;
  totals[3] = innerCount;
}
