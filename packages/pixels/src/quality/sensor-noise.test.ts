import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../raster/raster.ts';
import { sensorNoise } from './sensor-noise.ts';

/** A 400 × 300 image: a left-to-right ramp with a hard vertical edge, plus Gaussian noise of `levels`. */
function photo(levels: number): RgbImage {
  const [width, height] = [400, 300];
  const data = new Uint8Array(width * height * 3);
  let state = 7;
  const uniform = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648 + 1e-9;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const base = 60 + x * 0.2 + (x >= 200 ? 70 : 0);
      for (let ch = 0; ch < 3; ch++) {
        const noise = levels * Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
        data[(y * width + x) * 3 + ch] = Math.max(0, Math.min(255, Math.round(base + noise)));
      }
    }
  }
  return { width, height, data: Buffer.from(data) };
}

describe('sensorNoise', () => {
  it('reads white Gaussian noise as its own deviation, in 8-bit levels', () => {
    for (const levels of [3, 6, 9]) expect(sensorNoise(photo(levels))).toBeGreaterThan(levels * 0.9);
    for (const levels of [3, 6, 9]) expect(sensorNoise(photo(levels))).toBeLessThan(levels * 1.1);
  });

  it('reads a plane and a straight edge as (almost) no noise', () => {
    // The edge's one column of responses and the rounding of the ramp are all there is.
    expect(sensorNoise(photo(0))).toBeLessThan(0.6);
  });

  it('reads nothing from an image too small for its mask', () => {
    expect(sensorNoise({ width: 2, height: 2, data: Buffer.alloc(12) })).toBe(0);
  });
});
