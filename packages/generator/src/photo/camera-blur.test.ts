import { describe, expect, it } from 'vitest';
import { applyCameraBlur, blurredFrom, blurSpread, isBlurred } from './camera-blur.ts';

/** A 200×100 RGB photo: black left of x = 100, white right of it, with a white row at y = 50. */
function edges(): Buffer {
  const [width, height] = [200, 100];
  const photo = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (x >= 100 || y === 50) photo.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return photo;
}
const at = (photo: Buffer, x: number, y: number) => photo[(y * 200 + x) * 3]!;

describe('camera blur', () => {
  it('shakes along its direction only: a horizontal streak smears the vertical edge and keeps the horizontal line', async () => {
    const photo = edges();
    // 10 pixels of a 200-pixel long side.
    await applyCameraBlur(photo, 200, 100, { kind: 'motion', length: 0.05, angle: 0 });
    // Across the edge: a ramp about 10 pixels wide instead of a step.
    expect(at(photo, 93, 20)).toBe(0);
    expect(at(photo, 97, 20)).toBeGreaterThan(40);
    expect(at(photo, 97, 20)).toBeLessThan(at(photo, 102, 20));
    expect(at(photo, 102, 20)).toBeLessThan(255);
    expect(at(photo, 106, 20)).toBe(255);
    // The white row on the black half stays one pixel thin and white.
    expect(at(photo, 40, 50)).toBe(255);
    expect(at(photo, 40, 49)).toBe(0);

    const vertical = edges();
    await applyCameraBlur(vertical, 200, 100, { kind: 'motion', length: 0.05, angle: 90 });
    expect(at(vertical, 98, 20)).toBe(0);
    expect(at(vertical, 101, 20)).toBe(255);
    expect(at(vertical, 40, 50)).toBeLessThan(80);
    expect(at(vertical, 40, 53)).toBeGreaterThan(0);
  });

  it('out of focus spreads both ways', async () => {
    const photo = edges();
    await applyCameraBlur(photo, 200, 100, { kind: 'focus', sigma: 0.01 });
    expect(at(photo, 98, 20)).toBeGreaterThan(30);
    expect(at(photo, 40, 50)).toBeLessThan(200);
    expect(at(photo, 40, 51)).toBeGreaterThan(0);
  });

  it('counts as blurred from a spread of 0.5% of the long side: a Gaussian by its sigma, a streak by length/√12', () => {
    expect(blurredFrom).toBe(0.005);
    expect(blurSpread({ kind: 'focus', sigma: 0.003 })).toBe(0.003);
    expect(blurSpread({ kind: 'motion', length: 0.012, angle: 10 })).toBeCloseTo(0.012 / Math.sqrt(12), 9);
    expect(isBlurred({ kind: 'focus', sigma: 0.0049 })).toBe(false);
    expect(isBlurred({ kind: 'focus', sigma: 0.005 })).toBe(true);
    expect(isBlurred({ kind: 'motion', length: 0.017, angle: 0 })).toBe(false);
    expect(isBlurred({ kind: 'motion', length: 0.018, angle: 0 })).toBe(true);
    expect(isBlurred(undefined)).toBe(false);
  });
});
