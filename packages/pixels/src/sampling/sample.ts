import type { RgbImage } from '../raster/raster.ts';

/**
 * Bilinear RGB sample at continuous coordinates (pixel i covers [i, i+1)), clamped at the border.
 * Writes into `out` so hot loops allocate nothing.
 */
export function sampleRgb(image: RgbImage, x: number, y: number, out: Float64Array): void {
  const { width: w, height: h, data } = image;
  const sx = Math.min(w - 1.001, Math.max(0, x - 0.5));
  const sy = Math.min(h - 1.001, Math.max(0, y - 0.5));
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const fx = sx - x0;
  const fy = sy - y0;
  const a = (y0 * w + x0) * 3;
  const c = a + w * 3;
  for (let k = 0; k < 3; k++) {
    const top = data[a + k]! + (data[a + 3 + k]! - data[a + k]!) * fx;
    const bottom = data[c + k]! + (data[c + 3 + k]! - data[c + k]!) * fx;
    out[k] = top + (bottom - top) * fy;
  }
}

/**
 * Bilinear sample of a one-channel float image at continuous coordinates, clamped at the border as
 * `sampleRgb` is. Weighted form, (a·(1−dx) + b·dx)·(1−dy) + …, where `sampleRgb` interpolates
 * a + (b − a)·dx: the two round differently, and each keeps the figures its users were tuned with.
 */
export function sampleGray(data: Float32Array, width: number, height: number, x: number, y: number): number {
  const fx = Math.min(width - 1.001, Math.max(0, x - 0.5));
  const fy = Math.min(height - 1.001, Math.max(0, y - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const dx = fx - x0;
  const dy = fy - y0;
  const i = y0 * width + x0;
  return (data[i]! * (1 - dx) + data[i + 1]! * dx) * (1 - dy) + (data[i + width]! * (1 - dx) + data[i + width + 1]! * dx) * dy;
}
