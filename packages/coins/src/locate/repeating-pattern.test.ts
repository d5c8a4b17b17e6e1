import sharp from 'sharp';
import type { RgbImage } from '@assay/pixels';
import { describe, expect, it } from 'vitest';
import { repeatingPatternStrength, withoutRepeatingPattern } from './repeating-pattern.ts';

/** A search copy (360 × 270) of a table, `table` SVG drawn under a plain disc of `coin` colour at (200, 140), radius 40. */
async function searchCopy(table: string, coin = '#b0a890'): Promise<RgbImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="270">${table}<circle cx="200" cy="140" r="40" fill="${coin}"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** A cloth checked in two colours, squares of `size` pixels, turned `turn` degrees. */
const checked = (size: number, turn: number) =>
  `<defs><pattern id="c" width="${2 * size}" height="${2 * size}" patternUnits="userSpaceOnUse" patternTransform="rotate(${turn})">` +
  `<rect width="${2 * size}" height="${2 * size}" fill="#e8c030"/><rect width="${size}" height="${size}" fill="#202020"/><rect x="${size}" y="${size}" width="${size}" height="${size}" fill="#202020"/></pattern></defs>` +
  '<rect width="360" height="270" fill="url(#c)"/>';

/** Standard deviation of the grey of the pixels where `keep(x, y)`. */
function spread(image: RgbImage, keep: (x: number, y: number) => boolean): number {
  const values: number[] = [];
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 3;
      if (keep(x, y)) values.push(0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!);
    }
  }
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}

const onTable = (x: number, y: number) => Math.hypot(x - 200, y - 140) > 60 && x > 30 && x < 330 && y > 30 && y < 240;
const onCoin = (x: number, y: number) => Math.hypot(x - 200, y - 140) < 30;

describe('a table repeating one motif', () => {
  it('is taken out of the search copy where the table shows, and the coin lying on it is left as it was', async () => {
    for (const [size, turn] of [[6, 20], [9, 55]] as const) {
      const image = await searchCopy(checked(size, turn));
      const cleaned = withoutRepeatingPattern(image);
      expect(cleaned, `squares of ${size} px`).not.toBeNull();
      // The checks spread the table's grey by 75 levels; 11 and 18 are left (the copy's corners
      // foreshorten nothing here, but the squares' edges are sharper than the peaks kept). The coin,
      // one grey, takes on a little of the pattern: 4 and 10 levels.
      expect(spread(cleaned!, onTable), `squares of ${size} px`).toBeLessThan(spread(image, onTable) * 0.3);
      expect(spread(cleaned!, onCoin), `squares of ${size} px`).toBeLessThan(12);
    }
  });

  it('is not seen on a plain table or a lamp-lit one, which are left alone', async () => {
    const plain = await searchCopy('<rect width="360" height="270" fill="#6a5040"/>');
    const lit = await searchCopy('<defs><radialGradient id="l" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#f0e0c0"/><stop offset="1" stop-color="#302820"/></radialGradient></defs><rect width="360" height="270" fill="url(#l)"/>');
    for (const [name, image] of [['plain', plain], ['lit', lit]] as const) {
      expect(repeatingPatternStrength(image).peakShare, name).toBeLessThan(0.45);
      expect(withoutRepeatingPattern(image), name).toBeNull();
    }
  });

  it('takes out streaks running one way, however unevenly spaced, as a pattern too, and leaves the coin', async () => {
    // The spectrum holds them in one direction, as it holds a motif at a few wavelengths.
    const streaks = Array.from({ length: 40 }, (_, k) => Array.from({ length: k }, (_, j) => 3 + ((j * 37) % 11)).reduce((a, b) => a + b, 0)).filter((y) => y < 270);
    const image = await searchCopy(`<rect width="360" height="270" fill="#8a6040"/>${streaks.map((y, k) => `<path d="M0 ${y} C120 ${y + (k % 4) - 2} 240 ${y + 3 - (k % 5)} 360 ${y + (k % 3)}" stroke="#4a3020" stroke-width="${1 + ((k * 7) % 3)}" fill="none"/>`).join('')}`);
    const cleaned = withoutRepeatingPattern(image);
    expect(cleaned).not.toBeNull();
    // 19 levels of spread on the table, 5 left; the coin 4.
    expect(spread(cleaned!, onTable)).toBeLessThan(spread(image, onTable) * 0.35);
    expect(spread(cleaned!, onCoin)).toBeLessThan(12);
  });
});
