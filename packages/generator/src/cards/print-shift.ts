import type { RawImage } from '../photo/raw-image.ts';

/**
 * Moves the printed design (dx, dy) pixels relative to the card's cut, as an off-centre print
 * run does: one border grows, the opposite one shrinks. Sub-pixel shifts are sampled bilinearly so
 * the border widths match the requested centering exactly; pixels shifted in from outside repeat
 * the edge, which is the border colour.
 */
export function shiftPrint(face: RawImage, dx: number, dy: number): RawImage {
  const { width, height, data } = face;
  if (dx === 0 && dy === 0) return face;
  const out = Buffer.allocUnsafe(data.length);
  // A constant shift means constant interpolation weights; only the clamped taps vary per pixel.
  const ix = Math.floor(-dx);
  const iy = Math.floor(-dy);
  const fx = -dx - ix;
  const fy = -dy - iy;
  const [w00, w10, w01, w11] = [(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy];
  const clamp = (v: number, max: number) => (v < 0 ? 0 : v > max ? max : v);
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    x0s[x] = clamp(x + ix, width - 1) * 4;
    x1s[x] = clamp(x + ix + 1, width - 1) * 4;
  }
  for (let y = 0; y < height; y++) {
    const row0 = clamp(y + iy, height - 1) * width * 4;
    const row1 = clamp(y + iy + 1, height - 1) * width * 4;
    let o = y * width * 4;
    for (let x = 0; x < width; x++, o += 4) {
      const a = row0 + x0s[x]!;
      const b = row0 + x1s[x]!;
      const c = row1 + x0s[x]!;
      const d = row1 + x1s[x]!;
      out[o] = w00 * data[a]! + w10 * data[b]! + w01 * data[c]! + w11 * data[d]! + 0.5;
      out[o + 1] = w00 * data[a + 1]! + w10 * data[b + 1]! + w01 * data[c + 1]! + w11 * data[d + 1]! + 0.5;
      out[o + 2] = w00 * data[a + 2]! + w10 * data[b + 2]! + w01 * data[c + 2]! + w11 * data[d + 2]! + 0.5;
      out[o + 3] = w00 * data[a + 3]! + w10 * data[b + 3]! + w01 * data[c + 3]! + w11 * data[d + 3]! + 0.5;
    }
  }
  return { data: out, width, height };
}
