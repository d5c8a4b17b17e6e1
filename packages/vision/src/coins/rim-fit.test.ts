import { describe, expect, it } from 'vitest';
import { fitRim, rimIrregularity } from './rim-fit.ts';

/** A beige table with a gold coin a little lighter than it: a raised rim band, its darker inner edge, and a legend-like ring inside. */
function coinOnTable(cx: number, cy: number, r: number, wobble = 0) {
  const [width, height] = [400, 400];
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      const edge = r * (1 + wobble * Math.sin(5 * Math.atan2(y - cy, x - cx)));
      const colour = d > edge ? [190, 175, 150] : d > r * 0.91 ? [240, 215, 120] : d > r * 0.89 ? [170, 135, 60] : d > r * 0.8 && d < r * 0.84 ? [180, 140, 60] : [215, 175, 85];
      data.set(colour, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

describe('fitRim', () => {
  it('finds the outer rim of a low-contrast coin from a rough circle a fifth of its radius off', () => {
    const rim = fitRim(coinOnTable(200, 210, 80), { x: 214, y: 198, r: 70 });
    expect(Math.abs(rim.x - 200)).toBeLessThan(1);
    expect(Math.abs(rim.y - 210)).toBeLessThan(1);
    expect(Math.abs(rim.r - 80)).toBeLessThan(1.5);
    expect(rimIrregularity(coinOnTable(200, 210, 80), rim)).toBeLessThan(0.02);
  });

  it('measures a hand-struck flan as irregular', () => {
    const image = coinOnTable(200, 200, 100, 0.08);
    expect(rimIrregularity(image, fitRim(image, { x: 200, y: 200, r: 100 }))).toBeGreaterThan(0.045);
  });
});
