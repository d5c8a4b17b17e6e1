import { apply, invert, type Mat3 } from './homography.ts';
import type { RawImage } from './raw-image.ts';

/**
 * Draws an RGBA image, mapped through a homography, over an RGB photo in place. Inverse mapping
 * with bilinear sampling in premultiplied alpha over only the destination's bounding box, so
 * edges come out antialiased and transparent texels don't bleed dark fringes. Callers should
 * pre-shrink the source to about the destination scale: bilinear alone aliases when minifying.
 */
export function drawWarped(photo: Buffer, photoWidth: number, photoHeight: number, source: RawImage, homography: Mat3): void {
  const { width: sw, height: sh, data: src } = source;
  const corners = [apply(homography, [0, 0]), apply(homography, [sw, 0]), apply(homography, [sw, sh]), apply(homography, [0, sh])];
  const left = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[0]))) - 1);
  const top = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[1]))) - 1);
  const right = Math.min(photoWidth, Math.ceil(Math.max(...corners.map((p) => p[0]))) + 1);
  const bottom = Math.min(photoHeight, Math.ceil(Math.max(...corners.map((p) => p[1]))) + 1);
  const m = invert(homography);
  for (let y = top; y < bottom; y++) {
    const py = y + 0.5;
    // Homogeneous source coordinates advance linearly along a row.
    let hx = m[0] * (left + 0.5) + m[1] * py + m[2];
    let hy = m[3] * (left + 0.5) + m[4] * py + m[5];
    let hw = m[6] * (left + 0.5) + m[7] * py + m[8];
    let o = (y * photoWidth + left) * 3;
    for (let x = left; x < right; x++, o += 3, hx += m[0], hy += m[3], hw += m[6]) {
      const sx = hx / hw - 0.5;
      const sy = hy / hw - 0.5;
      if (sx < -1 || sy < -1 || sx >= sw || sy >= sh) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      let r = 0, g = 0, b = 0, a = 0;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < sw && y0 + 1 < sh) {
        // Inside: all four taps exist (the common case, unrolled).
        const i = (y0 * sw + x0) * 4;
        const j = i + sw * 4;
        const w00 = (1 - fx) * (1 - fy) * src[i + 3]!;
        const w10 = fx * (1 - fy) * src[i + 7]!;
        const w01 = (1 - fx) * fy * src[j + 3]!;
        const w11 = fx * fy * src[j + 7]!;
        r = w00 * src[i]! + w10 * src[i + 4]! + w01 * src[j]! + w11 * src[j + 4]!;
        g = w00 * src[i + 1]! + w10 * src[i + 5]! + w01 * src[j + 1]! + w11 * src[j + 5]!;
        b = w00 * src[i + 2]! + w10 * src[i + 6]! + w01 * src[j + 2]! + w11 * src[j + 6]!;
        a = w00 + w10 + w01 + w11;
      } else {
        for (let k = 0; k < 4; k++) {
          const xi = x0 + (k & 1);
          const yi = y0 + (k >> 1);
          if (xi < 0 || yi < 0 || xi >= sw || yi >= sh) continue;
          const i = (yi * sw + xi) * 4;
          const w = (k & 1 ? fx : 1 - fx) * (k >> 1 ? fy : 1 - fy) * src[i + 3]!;
          r += w * src[i]!;
          g += w * src[i + 1]!;
          b += w * src[i + 2]!;
          a += w;
        }
      }
      if (a <= 0) continue;
      // r, g, b are premultiplied by a (0..255); "over" onto the opaque photo.
      const keep = 1 - a / 255;
      photo[o] = r / 255 + photo[o]! * keep;
      photo[o + 1] = g / 255 + photo[o + 1]! * keep;
      photo[o + 2] = b / 255 + photo[o + 2]! * keep;
    }
  }
}
