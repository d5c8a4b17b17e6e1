import { describe, expect, it } from 'vitest';
import type { Quad } from '../geometry/point.ts';
import type { RgbImage } from '../image/raster.ts';
import { edgeMap } from './edge-map.ts';
import { runsOffFrame } from './runs-off-frame.ts';

/** A light card from (60, 50) to (160, bottom) on a dark table, 240 × 200. */
function photo(bottom: number): RgbImage {
  const width = 240;
  const height = 200;
  const data = new Uint8Array(width * height * 3).fill(30);
  for (let y = 50; y < Math.min(height, bottom); y++) data.fill(220, (y * width + 60) * 3, (y * width + 160) * 3);
  return { width, height, data };
}

const upperPart: Quad = [{ x: 60, y: 50 }, { x: 160, y: 50 }, { x: 160, y: 150 }, { x: 60, y: 150 }];

describe('runsOffFrame', () => {
  it('sees the sides of a card run on past the photo edge beyond the outline found', () => {
    expect(runsOffFrame(edgeMap(photo(400)), upperPart)).toBeGreaterThan(0.3);
  });

  it('finds nothing when the outline is the whole card', () => {
    expect(runsOffFrame(edgeMap(photo(150)), upperPart)).toBe(0);
  });
});
