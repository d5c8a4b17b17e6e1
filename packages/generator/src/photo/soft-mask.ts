import sharp from 'sharp';
import { svgDocument } from '../svg.ts';

/*
 * Soft-edged light effects (cast shadows, hand shadows, glare) as coverage masks. They have no
 * fine detail, so they are drawn and blurred at a quarter of the photo's size, and applied to the
 * photo's pixels directly with bilinear lookups: no full-size layer is ever built.
 */

const maskFactor = 4;

export interface SoftMask {
  /** Coverage 0..255, one byte per pixel, at a quarter of the photo's size. */
  data: Buffer;
  width: number;
  height: number;
}

/** Rasterises SVG shapes (drawn in photo pixels) into a blurred coverage mask; opacity counts. */
export async function renderSoftMask(photoWidth: number, photoHeight: number, body: string, blur: number): Promise<SoftMask> {
  const width = Math.max(1, Math.ceil(photoWidth / maskFactor));
  const height = Math.max(1, Math.ceil(photoHeight / maskFactor));
  const svg = svgDocument(width, height, `<g transform="scale(${1 / maskFactor})">${body}</g>`);
  const data = await sharp(Buffer.from(svg)).ensureAlpha().extractChannel(3).blur(Math.max(0.3, blur / maskFactor)).raw().toBuffer();
  return { data, width, height };
}

/**
 * Blends RGB pixels towards `colour` by the mask's coverage, in place. `scale` is how many photo
 * pixels one target pixel spans (2 for a half-size background).
 */
export function applySoftMask(target: Buffer, targetWidth: number, targetHeight: number, mask: SoftMask, colour: number, scale = 1): void {
  const { data, width, height } = mask;
  const factor = maskFactor / scale;
  // Only the rows and columns the mask touches need visiting.
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) return;
  const x0s = new Int32Array(targetWidth);
  const x1s = new Int32Array(targetWidth);
  const fxs = new Float32Array(targetWidth);
  for (let x = 0; x < targetWidth; x++) {
    const sx = Math.min(width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
    x0s[x] = Math.floor(sx);
    x1s[x] = Math.min(width - 1, x0s[x]! + 1);
    fxs[x] = sx - x0s[x]!;
  }
  const left = Math.max(0, (minX - 1) * factor);
  const right = Math.min(targetWidth, (maxX + 2) * factor);
  const top = Math.max(0, (minY - 1) * factor);
  const bottom = Math.min(targetHeight, (maxY + 2) * factor);
  for (let y = top; y < bottom; y++) {
    const sy = Math.min(height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const r0 = Math.floor(sy) * width;
    const r1 = Math.min(height - 1, Math.floor(sy) + 1) * width;
    const fy = sy - Math.floor(sy);
    for (let x = left; x < right; x++) {
      const fx = fxs[x]!;
      const a0 = data[r0 + x0s[x]!]!;
      const a1 = data[r0 + x1s[x]!]!;
      const b0 = data[r1 + x0s[x]!]!;
      const b1 = data[r1 + x1s[x]!]!;
      if ((a0 | a1 | b0 | b1) === 0) continue;
      const top = a0 + (a1 - a0) * fx;
      const a = (top + (b0 + (b1 - b0) * fx - top) * fy) / 255;
      const o = (y * targetWidth + x) * 3;
      target[o] = target[o]! + (colour - target[o]!) * a;
      target[o + 1] = target[o + 1]! + (colour - target[o + 1]!) * a;
      target[o + 2] = target[o + 2]! + (colour - target[o + 2]!) * a;
    }
  }
}
