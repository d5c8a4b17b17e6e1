import { describe, expect, it } from 'vitest';
import { gradeConfidence } from './grade-confidence.ts';

describe('the grade confidence', () => {
  // Of 20 cards given a 10, 18 were 10s; of 20 given a 4, 2 were 4s (the rest better): 20 of 40 in all.
  const confusion = { '10': { '10': 18, '9': 2 }, '4': { '4': 2, '9': 8, '10': 10 } };

  it('is the share of cards given that grade that truly had it, pulled a little toward the share over every grade', () => {
    expect(gradeConfidence(10, confusion)).toBe(Math.round(((18 + 5 * 0.5) / 25) * 1000) / 1000);
    expect(gradeConfidence(4, confusion)).toBe(Math.round(((2 + 5 * 0.5) / 25) * 1000) / 1000);
    expect(gradeConfidence(10, confusion)!).toBeGreaterThan(gradeConfidence(4, confusion)!);
  });

  it('a grade never given on those photos is stated at the share over every grade; no graded card, no confidence', () => {
    expect(gradeConfidence(7, confusion)).toBe(0.5);
    expect(gradeConfidence(7, {})).toBeNull();
  });
});
