import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../raster/raster.ts';
import type { Quad } from './point.ts';
import { rectifyQuad } from './rectify.ts';

/** A 200 × 150 photo of smooth colour ramps, so every sample position gives a different pixel. */
function photo(): RgbImage {
  const width = 200;
  const height = 150;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([x, y, (x + y) % 256], (y * width + x) * 3);
  }
  return { width, height, data };
}

const quad: Quad = [{ x: 40, y: 20 }, { x: 130, y: 30 }, { x: 120, y: 140 }, { x: 35, y: 125 }];

describe('rectifyQuad', () => {
  it('fills only the rectangles asked for, each as the whole rectification has it, and leaves the rest black', () => {
    const whole = rectifyQuad(photo(), quad, { width: 63, height: 88, margin: 0.1 });
    const rects = [{ x0: 0, y0: 10, x1: 20, y1: 40 }, { x0: 50, y0: 0, x1: 70, y1: 5 }];
    let canvas = { width: 0, height: 0, margin: 0 };
    const part = rectifyQuad(photo(), quad, { width: 63, height: 88, margin: 0.1, only: (c) => ((canvas = c), rects) });
    expect(canvas).toEqual({ width: whole.image.width, height: whole.image.height, margin: whole.margin });
    const { width } = whole.image;
    for (let y = 0; y < whole.image.height; y++) {
      for (let x = 0; x < width; x++) {
        const inside = rects.some((r) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1);
        const at = (y * width + x) * 3;
        const expected = inside ? [...whole.image.data.subarray(at, at + 3)] : [0, 0, 0];
        expect([...part.image.data.subarray(at, at + 3)]).toEqual(expected);
      }
    }
    expect(whole.image.data.some((v, i) => v !== part.image.data[i])).toBe(true);
  });
});
