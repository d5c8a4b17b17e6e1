import { describe, expect, it } from 'vitest';
import type { RgbImage } from '@assay/pixels';
import { centeringWithFrame } from './frame-centering.ts';
import { measureFrameInset } from './frame-inset.ts';

function face(width: number, height: number, colour: (x: number, y: number) => number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.fill(colour(x, y), (y * width + x) * 3, (y * width + x) * 3 + 3);
  return { width, height, data };
}

describe('measureFrameInset', () => {
  it('measures a uniform border and reports none for full-bleed art', () => {
    const bordered = face(300, 420, (x, y) => (x < 18 || x >= 282 || y < 15 || y >= 405 ? 20 : 120 + ((x * 7 + y * 3) % 100)));
    const inset = measureFrameInset(bordered);
    expect(inset.x).toBeCloseTo(18 / 300, 2);
    expect(inset.y).toBeCloseTo(15 / 420, 2);
    expect(measureFrameInset(face(300, 420, (x, y) => ((x * 73856093) ^ (y * 19349663)) & 255))).toEqual({ x: 0, y: 0 });
  });

  it('an axis without a border is centred', () => {
    const side = { edge: 10, steps: new Float32Array(60), span: 300 };
    expect(centeringWithFrame({ left: side, right: side, top: side, bottom: side }, { x: 0, y: 0 })).toEqual({ horizontal: 0.5, vertical: 0.5 });
  });
});
