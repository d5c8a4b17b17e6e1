import { describe, expect, it } from 'vitest';
import { encode } from '../grids/grids.ts';
import { exposure, toneGrid } from './exposure.ts';

const [columns, rows] = toneGrid;
/** A tone grid (luminance 0..255 per cell) as CardFeatures stores it. */
const tone = (luma: (x: number, y: number) => number) =>
  encode(Float32Array.from({ length: columns * rows }, (_, i) => luma(i % columns, Math.floor(i / columns))), 0.5);
// A reference with print of several tones.
const print = (x: number, y: number) => 60 + ((x * 37 + y * 53) % 140);

describe('exposure', () => {
  it('ignores smooth light: overall exposure and a strong gradient', () => {
    const lit = tone((x, y) => Math.min(255, print(x, y) * (0.75 + (0.5 * x) / columns) * (0.9 + (0.1 * y) / rows)));
    expect(exposure(lit, tone(print))).toEqual({ shadow: 0, glare: 0 });
  });

  it('sees a hard-edged shadow over part of the card and a blown-out patch', () => {
    const shaded = tone((x, y) => print(x, y) * (x + y < 10 ? 0.3 : 1));
    expect(exposure(shaded, tone(print)).shadow).toBeGreaterThan(0.2);
    const glared = tone((x, y) => (Math.hypot(x - 6, y - 8) < 3 ? 255 : print(x, y)));
    expect(exposure(glared, tone(print)).glare).toBeGreaterThan(0.1);
  });

  it('compares a card photographed upside down the same way up', () => {
    const turned = tone((x, y) => print(columns - 1 - x, rows - 1 - y));
    expect(exposure(turned, tone(print), true)).toEqual({ shadow: 0, glare: 0 });
  });
});
