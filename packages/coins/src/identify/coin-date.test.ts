import { describe, expect, it } from 'vitest';
import { joinedRegion, legibleDate, type DateArc } from './coin-date.ts';

// Reading dates struck along the rim, end to end (import, crop, reader): test/engine/coin-rim-dates.test.ts.

const bottom: DateArc = { from: 160, to: 200, inner: 0.8, outer: 0.9, tops: 'inward' };

describe('joinedRegion', () => {
  it('joins boxes into a box and arcs the same way up into an arc, taking a turn apart as the same place', () => {
    expect(joinedRegion([-0.3, 0.5, 0.1, 0.7], [-0.2, 0.45, 0.2, 0.66])).toEqual([-0.3, 0.45, 0.2, 0.7]);
    expect(joinedRegion(bottom, { from: 530, to: 570, inner: 0.78, outer: 0.88, tops: 'inward' })).toEqual({ from: 160, to: 210, inner: 0.78, outer: 0.9, tops: 'inward' });
  });

  it("keeps the face's own region when the other is not alike", () => {
    expect(joinedRegion(bottom, [-0.3, 0.5, 0.1, 0.7])).toBe(bottom);
    expect(joinedRegion(bottom, { ...bottom, tops: 'outward' })).toBe(bottom);
  });
});

describe('legibleDate', () => {
  it('measures an arc by its print height as a box is', () => {
    // A tenth of the radius high: legible from about 140 px of radius (14 px of print), as a box that high.
    expect(legibleDate(bottom, 141)).toBe(true);
    expect(legibleDate(bottom, 139)).toBe(false);
    expect(legibleDate([-0.2, 0.6, 0.2, 0.7], 141)).toBe(true);
    expect(legibleDate([-0.2, 0.6, 0.2, 0.7], 139)).toBe(false);
  });
});
