import { describe, expect, it } from 'vitest';
import type { CoinPhotoResult, MatchedCoin } from './coin-job.ts';
import { classifyCoinPhoto } from './classify-photo.ts';

const coin = (x: number, r: number, readable: boolean): MatchedCoin => ({
  x, y: 300, r, ellipse: null, support: 0.9, irregularity: readable ? 0.01 : 0.12, lumpiness: null, inFrame: true, readable, standsOut: true, candidates: [], background: null, fine: 1, broad: 1, chroma: [0.33, 0.33], dateCrops: null,
});
const photo = (coins: MatchedCoin[], marks: CoinPhotoResult['marks'] = [], overlaps = 4): CoinPhotoResult => ({
  width: 1600, height: 1200, coins, marks, timings: {}, blurSpread: null,
  cues: { unexplained: 0.01, elongation: 2, largestShare: 0.005, overlaps, surroundContrast: 20, heldCoins: 0 },
});

describe('classifyCoinPhoto', () => {
  it('takes a stack with a few coins of its own size beside it for a roll', () => {
    const stack = [coin(100, 80, false), coin(180, 78, false), coin(260, 82, false), coin(340, 80, false), coin(420, 79, false)];
    expect(classifyCoinPhoto(photo([...stack, coin(700, 80, true), coin(900, 81, true)])).kind).toBe('roll');
  });

  it('takes a heap with one small coin readable on top of larger ones for a pile, not a roll', () => {
    const heap = [coin(100, 110, false), coin(180, 95, false), coin(260, 120, false), coin(340, 100, false), coin(420, 105, false)];
    expect(classifyCoinPhoto(photo([...heap, coin(700, 55, true)])).kind).toBe('pile');
  });

  it('takes coins beside a line of letter-sized marks for a holder with its title, and beside scattered marks for coins', () => {
    const coins = [coin(300, 60, true), coin(600, 80, true), coin(900, 70, true)];
    const title = Array.from({ length: 7 }, (_, k) => ({ x: 400 + 60 * k, y: 120 + (k % 2), r: 14 }));
    const scattered = title.map((m, k) => ({ ...m, y: 120 + 150 * (k % 3) }));
    expect(classifyCoinPhoto(photo(coins, title, 0)).kind).toBe('set');
    expect(classifyCoinPhoto(photo(coins, scattered, 0)).kind).toBe('coins');
  });
});
