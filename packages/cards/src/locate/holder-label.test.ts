import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Quad, RgbImage } from '@assay/pixels';
import { findHolderLabel } from './holder-label.ts';

/** A 600 × 800 photo on a light table, a card at x 150–450, y 300–720, and `above` drawn over the region above it. */
async function photoWith(above: string): Promise<RgbImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#dcdcd8"/>
    ${above}
    <rect x="150" y="300" width="300" height="420" fill="#3355aa"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const card: Quad = [
  { x: 150, y: 300 },
  { x: 450, y: 300 },
  { x: 450, y: 720 },
  { x: 150, y: 720 },
];

describe('finding a holder label above a card', () => {
  it('finds a light panel with rows of print', async () => {
    const label = `<rect x="150" y="190" width="300" height="100" fill="#f4f4f0"/>
      <text x="165" y="225" font-family="sans-serif" font-size="26" font-weight="bold" fill="#111">GRADEX 9</text>
      <text x="165" y="270" font-family="sans-serif" font-size="22" fill="#111">CERT 48213907</text>`;
    expect(findHolderLabel(await photoWith(label), card)).not.toBeNull();
  });

  it('takes a dark object lying on a light table for no label', async () => {
    const clutter = `<rect x="170" y="220" width="90" height="60" fill="#202020"/>`;
    expect(findHolderLabel(await photoWith(clutter), card)).toBeNull();
  });
});
