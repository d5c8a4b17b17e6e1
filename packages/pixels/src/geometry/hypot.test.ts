import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hypot, hypot3 } from './hypot.ts';

// Any double, and the magnitudes the vision code sees (pixel offsets, colour steps): bit for bit.
const anyDouble = fc.double();
const pixels = fc.double({ min: -4000, max: 4000, noNaN: true });

describe('hypot', () => {
  it('gives Math.hypot of two numbers bit for bit', () => {
    for (const value of [anyDouble, pixels]) {
      fc.assert(fc.property(value, value, (x, y) => Object.is(hypot(x, y), Math.hypot(x, y))), { numRuns: 20_000 });
    }
  });

  it('gives Math.hypot of three numbers bit for bit', () => {
    for (const value of [anyDouble, pixels]) {
      fc.assert(fc.property(value, value, value, (x, y, z) => Object.is(hypot3(x, y, z), Math.hypot(x, y, z))), { numRuns: 20_000 });
    }
  });

  it('keeps the special cases: zeros, infinities and NaN', () => {
    const specials = [0, -0, Infinity, -Infinity, NaN, 5e-324, Number.MAX_VALUE, 1];
    for (const x of specials) {
      for (const y of specials) {
        expect(Object.is(hypot(x, y), Math.hypot(x, y))).toBe(true);
        for (const z of specials) expect(Object.is(hypot3(x, y, z), Math.hypot(x, y, z))).toBe(true);
      }
    }
  });
});
