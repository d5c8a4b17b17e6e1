import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseCoinPhoto } from './analyse-coin-photo.ts';
import { referenceFeatures } from './coin-features.ts';
import { indexCoinReferences, matchCoin, type CoinFaceReference } from './match-coin.ts';

const coinsDir = new URL('../../../../catalog/sample/coins/', import.meta.url).pathname;
const entries = ['morgan-dollar-1921', 'peace-dollar-1922', 'washington-quarter-1976-d', 'lincoln-memorial-cent-1995', 'jefferson-nickel-2006-p'];

/** A table photo with catalog coin faces laid on it at the given places and turns (degrees clockwise). */
async function tablePhoto(coins: { entry: string; x: number; y: number; size: number; turn: number }[]): Promise<Buffer> {
  const layers = await Promise.all(coins.map(async (c) => {
    const face = await sharp(`${coinsDir}${c.entry}/obverse.png`).resize(c.size, c.size).rotate(c.turn, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    const { width, height } = await sharp(face).metadata();
    return { input: face, left: Math.round(c.x - width! / 2), top: Math.round(c.y - height! / 2) };
  }));
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 70, g: 52, b: 40 } } }).composite(layers).jpeg({ quality: 90 }).toBuffer();
}

describe('coin vision', () => {
  it('finds each coin, measures its face and names it at any rotation, with the rotation', async () => {
    const references: CoinFaceReference[] = [];
    for (const entryId of entries) {
      for (const face of ['obverse', 'reverse'] as const) references.push({ entryId, face, features: await referenceFeatures(`${coinsDir}${entryId}/${face}.png`) });
    }
    const index = indexCoinReferences(references);
    const laid = [
      { entry: 'morgan-dollar-1921', x: 300, y: 300, size: 300, turn: 73 },
      { entry: 'washington-quarter-1976-d', x: 800, y: 280, size: 200, turn: -140 },
      { entry: 'jefferson-nickel-2006-p', x: 560, y: 650, size: 180, turn: 0 },
    ];
    const analysis = await analyseCoinPhoto(await tablePhoto(laid));
    expect(analysis.coins).toHaveLength(3);
    for (const coin of laid) {
      const found = analysis.coins.find((c) => Math.hypot(c.x - coin.x, c.y - coin.y) < 10)!;
      expect(found, coin.entry).toBeDefined();
      expect(found.r).toBeGreaterThan(coin.size * 0.47);
      expect(found.r).toBeLessThan(coin.size * 0.52);
      expect(found.readable).toBe(true);
      const [best] = matchCoin(index, found.features!);
      expect(best).toMatchObject({ entryId: coin.entry, face: 'obverse' });
      const error = Math.abs(((best!.rotation - coin.turn + 540) % 360) - 180);
      expect(error, coin.entry).toBeLessThan(4);
    }
  });
});
