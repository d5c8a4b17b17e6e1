import { describe, expect, it } from 'vitest';
import type { Quad, RgbImage } from '@assay/pixels';
import { straightenSides } from './straighten-sides.ts';

/**
 * A light card from (100, 100) to (400, 520) on a grey table, 500 × 620, with a holder's recess
 * drawn as a dark line 6 px outside the card all round.
 */
function slab(): RgbImage {
  const width = 500;
  const height = 620;
  const data = new Uint8Array(width * height * 3).fill(120);
  const paint = (x0: number, y0: number, x1: number, y1: number, value: number) => {
    for (let y = y0; y < y1; y++) data.fill(value, (y * width + x0) * 3, (y * width + x1) * 3);
  };
  paint(92, 92, 408, 528, 60);
  paint(94, 94, 406, 526, 120);
  paint(100, 100, 400, 520, 230);
  return { width, height, data };
}

const card: Quad = [{ x: 100, y: 100 }, { x: 400, y: 100 }, { x: 400, y: 520 }, { x: 100, y: 520 }];

describe('straightenSides', () => {
  it('keeps an outline that lies on the card', () => {
    const straight = straightenSides(slab(), card);
    straight.forEach((p, i) => expect(Math.hypot(p.x - card[i]!.x, p.y - card[i]!.y)).toBeLessThan(0.6));
  });

  it('turns a side running off the card edge towards the recess back onto the card edge', () => {
    // The left side leaves the card's edge at the top and ends 4 px out, towards the recess line.
    const leaning: Quad = [card[0], card[1], card[2], { x: 96, y: 520 }];
    const straight = straightenSides(slab(), leaning);
    expect(straight[0].x).toBeCloseTo(100, 0);
    expect(straight[3].x).toBeCloseTo(100, 0);
  });
});
