import { describe, expect, it } from 'vitest';
import { cardSubgrades, centeringSubgrade, borderRatio, overallCardGrade, wearSubgrade, worstShare } from './card-scale.ts';

const centred = { horizontal: 0.5, vertical: 0.5 };

describe('card grading scale', () => {
  it('grades front centering by its worse axis', () => {
    expect(centeringSubgrade(centred, null)).toBe(10);
    expect(centeringSubgrade({ horizontal: 0.45, vertical: 0.5 }, null)).toBe(10);
    expect(centeringSubgrade({ horizontal: 0.5, vertical: 0.62 }, null)).toBe(8);
    expect(centeringSubgrade({ horizontal: 0.97, vertical: 0.5 }, null)).toBe(1);
    expect(worstShare({ horizontal: 0.3, vertical: 0.6 })).toBeCloseTo(0.7);
  });

  it('is more lenient on the back', () => {
    expect(centeringSubgrade(centred, { horizontal: 0.74, vertical: 0.5 })).toBe(10);
    expect(centeringSubgrade(centred, { horizontal: 0.82, vertical: 0.5 })).toBe(8);
  });

  it('maps wear to subgrades and the weakest part to the grade', () => {
    expect(wearSubgrade(0)).toBe(10);
    expect(wearSubgrade(0.1)).toBe(9);
    expect(wearSubgrade(0.95)).toBe(1);
    const subgrades = cardSubgrades(centred, centred, { corners: [0, 0.25, 0, 0], edges: 0.05, surface: 0 });
    expect(subgrades).toEqual({ centering: 10, corners: 8, edges: 10, surface: 10 });
    expect(overallCardGrade(subgrades)).toBe(9);
    expect(overallCardGrade({ centering: 10, corners: 6, edges: 7, surface: 7 })).toBe(7);
    expect(overallCardGrade({ centering: 8, corners: 6, edges: 7, surface: 7 })).toBe(6);
  });

  it('writes a border\'s share against the opposite one the way graders write centering, first border first', () => {
    expect(borderRatio(0.55)).toBe('55/45');
    expect(borderRatio(0.38)).toBe('38/62');
    expect(borderRatio(0.5)).toBe('50/50');
  });
});
