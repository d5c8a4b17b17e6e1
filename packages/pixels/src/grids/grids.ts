/*
 * Small grids of numbers a photo is boiled down to (a card's feature grids, a tone grid): resampled
 * by area, normalised against uneven light, and stored as base64 of signed bytes.
 */

/** Area-average resampling between small grids (cheap: the engines feed it at most 96×132 inputs). */
export function boxResize(src: Float32Array, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const out = new Float32Array(dw * dh);
  for (let y = 0; y < dh; y++) {
    const y0 = Math.floor((y * sh) / dh);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * sh) / dh));
    for (let x = 0; x < dw; x++) {
      const x0 = Math.floor((x * sw) / dw);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * sw) / dw));
      let s = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) s += src[yy * sw + xx]!;
      out[y * dw + x] = s / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** Removes the least-squares plane a + b·x + c·y (uneven light) and scales to unit variance. */
export function normalise(v: Float32Array, w: number, h: number): Float32Array {
  // x and y are centred, so the normal equations decouple.
  let mean = 0;
  let sx = 0;
  let sy = 0;
  let xx = 0;
  let yy = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const cx = x - (w - 1) / 2;
      const cy = y - (h - 1) / 2;
      const value = v[y * w + x]!;
      mean += value;
      sx += value * cx;
      sy += value * cy;
      xx += cx * cx;
      yy += cy * cy;
    }
  }
  mean /= v.length;
  const bx = sx / xx;
  const by = sy / yy;
  const out = new Float32Array(v.length);
  let energy = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const r = v[y * w + x]! - mean - bx * (x - (w - 1) / 2) - by * (y - (h - 1) / 2);
      out[y * w + x] = r;
      energy += r * r;
    }
  }
  const scale = 1 / Math.sqrt(energy / v.length + 1e-6);
  for (let i = 0; i < out.length; i++) out[i]! *= scale;
  return out;
}

/** Chromaticity planes (r−g, then b−y, over intensity) box-averaged to cw × ch. */
export function chroma(rgb: Uint8Array | Buffer, w: number, h: number, cw: number, ch: number): Float32Array {
  const rg = new Float32Array(w * h);
  const by = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const sum = r + g + b + 30;
    rg[i] = (r - g) / sum;
    by[i] = (b - (r + g) / 2) / sum;
  }
  const a = boxResize(rg, w, h, cw, ch);
  const c = boxResize(by, w, h, cw, ch);
  const out = new Float32Array(a.length * 2);
  out.set(a);
  out.set(c, a.length);
  return out;
}

export function encode(values: Float32Array, scale: number): string {
  return Buffer.from(quantiseGrid(values, scale).buffer).toString('base64');
}

/** A grid as the signed bytes `encode` stores (×scale, rounded, clamped): `decodeGrid(encode(v, s))` without the string. */
export function quantiseGrid(values: Float32Array, scale: number): Int8Array {
  const bytes = new Int8Array(values.length);
  for (let i = 0; i < values.length; i++) bytes[i] = Math.max(-127, Math.min(127, Math.round(values[i]! * scale)));
  return bytes;
}

/** The grid of a feature string, as signed bytes. */
export function decodeGrid(encoded: string): Int8Array {
  const buffer = Buffer.from(encoded, 'base64');
  return new Int8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}
