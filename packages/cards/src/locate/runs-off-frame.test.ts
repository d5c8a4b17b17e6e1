import { describe, expect, it } from 'vitest';
import { edgeMap, type Quad, type RgbImage } from '@assay/pixels';
import { runsOffFrame } from './runs-off-frame.ts';

/** A light card from (60, top) to (160, bottom) on a dark table, 240 × 200. */
function photo(bottom: number, top = 50): RgbImage {
  const width = 240;
  const height = 200;
  const data = new Uint8Array(width * height * 3).fill(30);
  for (let y = Math.max(0, top); y < Math.min(height, bottom); y++) data.fill(220, (y * width + 60) * 3, (y * width + 160) * 3);
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

  it('follows sides fitted a degree or two off the card edge on to the photo edge', () => {
    // The part in view, its long sides leaning in by 2 px over 100: straight on they miss the edge.
    const leaning: Quad = [{ x: 60, y: 50 }, { x: 160, y: 50 }, { x: 158, y: 150 }, { x: 62, y: 150 }];
    expect(runsOffFrame(edgeMap(photo(400)), leaning)).toBeGreaterThan(0.3);
  });

  it('takes a card-shaped outline running on straight as cut off, but not one merely near a run', () => {
    // 63:88, the card's lower part cut off 12 px below it; sides leaning as above do not count.
    const cardShaped: Quad = [{ x: 60, y: 50 }, { x: 160, y: 50 }, { x: 160, y: 190 }, { x: 60, y: 190 }];
    const leaning: Quad = [{ x: 60, y: 50 }, { x: 160, y: 50 }, { x: 158, y: 190 }, { x: 62, y: 190 }];
    expect(runsOffFrame(edgeMap(photo(400)), cardShaped)).toBeGreaterThan(0);
    expect(runsOffFrame(edgeMap(photo(400)), leaning)).toBe(0);
  });

  it('does not take a line running through the whole photo along the card for the card going on', () => {
    // Seams across the table, one along each of the card's long sides: they go on both ways.
    const seamed = photo(150);
    for (const y of [50, 150]) seamed.data.fill(120, y * 240 * 3, (y + 2) * 240 * 3);
    const card: Quad = [{ x: 60, y: 50 }, { x: 160, y: 50 }, { x: 160, y: 150 }, { x: 60, y: 150 }];
    expect(runsOffFrame(edgeMap(seamed), card)).toBe(0);
  });

  it('leaves out runs past the label end of a holder', () => {
    // The card runs off the top of the photo, past the outline's top side: a slab's label end.
    const lowerPart: Quad = [{ x: 60, y: 60 }, { x: 160, y: 60 }, { x: 160, y: 150 }, { x: 60, y: 150 }];
    expect(runsOffFrame(edgeMap(photo(150, -100)), lowerPart)).toBeGreaterThan(0.3);
    expect(runsOffFrame(edgeMap(photo(150, -100)), lowerPart, { labelEnd: true })).toBe(0);
    expect(runsOffFrame(edgeMap(photo(400)), upperPart, { labelEnd: true })).toBeGreaterThan(0.3);
  });
});
