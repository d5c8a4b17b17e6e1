import { describe, expect, it } from 'vitest';
import { createRng, hashSeed } from './random.ts';

describe('createRng', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRng(seed).next);
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('keeps draws in range', () => {
    const rng = createRng(3);
    for (let i = 0; i < 1000; i++) {
      const v = rng.int(2, 5);
      expect(v).toBeGreaterThanOrEqual(2);
      expect(v).toBeLessThanOrEqual(5);
      expect(rng.range(-1, 1)).toBeLessThan(1);
    }
  });
});

describe('hashSeed', () => {
  it('is stable and sensitive to every part', () => {
    expect(hashSeed('a', 1)).toBe(hashSeed('a', 1));
    expect(hashSeed('a', 1)).not.toBe(hashSeed('a', 2));
  });
});
