import { luma, type GrayImage, type RgbImage } from '../raster/raster.ts';
import { applyHomography, homographyFromPoints, type Homography } from './homography.ts';
import type { Point, Quad } from './point.ts';

export interface RectifyOptions {
  /** Size of the quad's content (a card) in the output, in pixels. */
  width: number;
  height: number;
  /**
   * Extra border kept around it on every side, as a fraction of `width` (the same number of
   * pixels on all sides): measuring where an edge really is needs a little of the background.
   */
  margin?: number;
  /**
   * Only these rectangles of the output (pixels, end exclusive) are filled, given its size and margin
   * in pixels; the rest stays black. For a reader that looks at part of it only.
   */
  only?: (canvas: { width: number; height: number; margin: number }) => Rect[];
}

/** An axis-aligned rectangle of pixels, x0..x1 × y0..y1 with the ends exclusive. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Rectified {
  image: RgbImage;
  /** Pixels of background border around the content in `image` (0 without margin). */
  margin: number;
  /** Content space (its pixels, 0..width × 0..height) → photo pixels. */
  toPhoto(p: Point): Point;
}

/**
 * Perspective-corrects the quad to an upright rectangle. Coordinates are continuous: pixel (i, j) covers
 * [i, i+1) × [j, j+1), so a quad traced along an object's outer edge maps exactly onto the canvas.
 * Bilinear sampling in a pure-JS loop (sharp has no projective warp, and its affine path would still
 * need this homography): measured 14 ms for a 595×785 output (480 px card, 12% margin) on this machine.
 */
export function rectifyQuad(photo: RgbImage, quad: Quad, options: RectifyOptions): Rectified {
  const { width, height } = options;
  const margin = Math.round((options.margin ?? 0) * width);
  const h = rectangleOnto(quad, width, height);
  const outW = width + 2 * margin;
  const outH = height + 2 * margin;
  const out = new Uint8Array(outW * outH * 3);
  const regions = options.only?.({ width: outW, height: outH, margin }) ?? [{ x0: 0, y0: 0, x1: outW, y1: outH }];
  // A row per call: optimised once for every photo, where one long loop would restart unoptimised each time.
  for (const { x0: left, y0: top, x1: right, y1: bottom } of regions) {
    for (let j = top; j < bottom; j++) rectifyRow(photo, h, j, left, right, margin, out, (j * outW + left) * 3);
  }
  return { image: { width: outW, height: outH, data: out }, margin, toPhoto: (p) => applyHomography(h, p) };
}

/** Pixels `left`..`right` (exclusive) of `rectifyQuad`'s output row `j`, bilinear from the photo, into `out` from `at` on. */
function rectifyRow(photo: RgbImage, h: Homography, j: number, left: number, right: number, margin: number, out: Uint8Array, at: number): void {
  const src = photo.data;
  const sw = photo.width;
  const sh = photo.height;
  const h0 = h[0]!;
  const h3 = h[3]!;
  const h6 = h[6]!;
  const y = j + 0.5 - margin;
  // The row's share of the homography once: per pixel, one reciprocal and no Math.floor.
  const xRow = h[1]! * y + h[2]!;
  const yRow = h[4]! * y + h[5]!;
  const wRow = h[7]! * y + h[8]!;
  for (let i = left, o = at; i < right; i++, o += 3) {
    const x = i + 0.5 - margin;
    const inverse = 1 / (h6 * x + wRow);
    // Sample positions in pixel-centre coordinates.
    const sx = (h0 * x + xRow) * inverse - 0.5;
    const sy = (h3 * x + yRow) * inverse - 0.5;
    if (!(sx >= 0 && sy >= 0 && sx < sw - 1 && sy < sh - 1)) {
      // Outside the photo: clamp, so a card cut off by the frame still rectifies (flagged elsewhere).
      // The nearest pixel inside, worked out here: a helper called on this rare path is not inlined,
      // and the call boxes both coordinates (megabytes a photo for the garbage collector).
      const s = (Math.min(sh - 1, Math.max(0, Math.round(sy))) * sw + Math.min(sw - 1, Math.max(0, Math.round(sx)))) * 3;
      out[o] = src[s]!;
      out[o + 1] = src[s + 1]!;
      out[o + 2] = src[s + 2]!;
      continue;
    }
    const x0 = sx | 0;
    const y0 = sy | 0;
    const fx = sx - x0;
    const fy = sy - y0;
    const a = (y0 * sw + x0) * 3;
    const c = a + sw * 3;
    const wa = (1 - fx) * (1 - fy);
    const wb = fx * (1 - fy);
    const wc = (1 - fx) * fy;
    const wd = fx * fy;
    out[o] = wa * src[a]! + wb * src[a + 3]! + wc * src[c]! + wd * src[c + 3]! + 0.5;
    out[o + 1] = wa * src[a + 1]! + wb * src[a + 4]! + wc * src[c + 1]! + wd * src[c + 4]! + 0.5;
    out[o + 2] = wa * src[a + 2]! + wb * src[a + 5]! + wc * src[c + 2]! + wd * src[c + 5]! + 0.5;
  }
}

/**
 * `rectifyQuad` (no margin) straight to luminance, as `toGray` of its output would give but without
 * the RGB image between: outline choice rectifies a hundred small trial crops per photo. Each
 * channel is rounded to 8 bits first, as the RGB image stores it, so the values are the same.
 */
export function rectifyLuma(photo: RgbImage, quad: Quad, width: number, height: number): Float64Array {
  const h = rectangleOnto(quad, width, height);
  const out = new Float64Array(width * height);
  // One RGB row at a time, rounded to 8 bits as `rectifyQuad` stores it, then to luminance.
  const row = new Uint8Array(width * 3);
  for (let j = 0; j < height; j++) {
    rectifyRow(photo, h, j, 0, width, 0, row, 0);
    for (let i = 0, o = j * width; i < width; i++, o++) out[o] = luma(row[i * 3]!, row[i * 3 + 1]!, row[i * 3 + 2]!);
  }
  return out;
}

/**
 * `rectifyQuad` (no margin) of a luminance image: one bilinear sample per pixel where RGB takes
 * three. Outline choice aligns a hundred small trial crops per photo and needs only their light and
 * dark; the luminance of the interpolated colour and the interpolated luminance differ by rounding.
 */
export function rectifyGray(image: GrayImage, quad: Quad, width: number, height: number): Float32Array {
  const h = rectangleOnto(quad, width, height);
  const out = new Float32Array(width * height);
  const src = image.data;
  const sw = image.width;
  const sh = image.height;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h as unknown as number[];
  let o = 0;
  for (let j = 0; j < height; j++) {
    const y = j + 0.5;
    const xRow = h1! * y + h2!;
    const yRow = h4! * y + h5!;
    const wRow = h7! * y + h8!;
    for (let i = 0; i < width; i++, o++) {
      const x = i + 0.5;
      const inverse = 1 / (h6! * x + wRow);
      const sx = (h0! * x + xRow) * inverse - 0.5;
      const sy = (h3! * x + yRow) * inverse - 0.5;
      if (!(sx >= 0 && sy >= 0 && sx < sw - 1 && sy < sh - 1)) {
        // The nearest pixel inside, worked out here as in `rectifyRow`.
        out[o] = src[Math.min(sh - 1, Math.max(0, Math.round(sy))) * sw + Math.min(sw - 1, Math.max(0, Math.round(sx)))]!;
        continue;
      }
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx = sx - x0;
      const fy = sy - y0;
      const a = y0 * sw + x0;
      const top = src[a]! + (src[a + 1]! - src[a]!) * fx;
      const bottom = src[a + sw]! + (src[a + sw + 1]! - src[a + sw]!) * fx;
      out[o] = top + (bottom - top) * fy;
    }
  }
  return out;
}

/** The homography taking the upright rectangle 0..width × 0..height onto the quad (its corners in order). */
function rectangleOnto(quad: Quad, width: number, height: number): ReturnType<typeof homographyFromPoints> {
  const corners: Point[] = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  return homographyFromPoints(corners, quad);
}
