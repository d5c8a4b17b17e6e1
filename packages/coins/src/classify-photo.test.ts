import { describe, expect, it } from 'vitest';
import type { CoinPhotoResult, MatchedCoin } from './coin-job.ts';
import { classifyCoinPhoto } from './classify-photo.ts';

const coin = (x: number, r: number, readable: boolean): MatchedCoin => ({
  x, y: 300, r, ellipse: null, support: 0.9, irregularity: readable ? 0.01 : 0.12, lumpiness: null, inFrame: true, readable, standsOut: true, candidates: [], background: null, fine: 1, broad: 1, chroma: [0.33, 0.33], dateCrop: null,
});
const photo = (coins: MatchedCoin[]): CoinPhotoResult => ({
  width: 1600, height: 1200, coins, timings: {}, blurSpread: null,
  cues: { unexplained: 0.01, elongation: 2, largestShare: 0.005, overlaps: 4, surroundContrast: 20 },
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
});
