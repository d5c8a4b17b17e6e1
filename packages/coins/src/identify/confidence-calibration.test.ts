import { describe, expect, it } from 'vitest';
import { calibrated, fitCalibration } from './confidence-calibration.ts';

const answers = (raw: number, right: number, wrong: number) => [...Array.from({ length: right }, () => ({ raw, right: true })), ...Array.from({ length: wrong }, () => ({ raw, right: false }))];

describe('fitCalibration', () => {
  it('gives each probability the accuracy observed at it, with one right and one wrong answer added', () => {
    expect(fitCalibration([...answers(0.2, 1, 3), ...answers(0.9, 8, 0)])).toEqual([
      [0.2, 0.333],
      [0.9, 0.9],
    ]);
  });

  it('pools probabilities whose accuracy falls as they rise, so the map never decreases', () => {
    // 0.5 is right more often than 0.7 here: the two are one block at their mean probability.
    const points = fitCalibration([...answers(0.3, 0, 4), ...answers(0.5, 3, 1), ...answers(0.7, 1, 3)]);
    expect(points).toEqual([
      [0.3, 0.167],
      [0.6, 0.5],
    ]);
    for (let i = 1; i < points.length; i++) expect(points[i]![1]).toBeGreaterThanOrEqual(points[i - 1]![1]);
  });

  it('never decreases once one right and one wrong answer are added, however the blocks differ in size', () => {
    // Bare, 0/5 then 1/36 rise; with Laplace's rule they would fall, 1/7 then 2/38: pooled, 2/43.
    const points = fitCalibration([...answers(0.3, 0, 5), ...answers(0.8, 1, 35)]);
    expect(points).toEqual([[0.739, 0.047]]);
  });

  it('does not depend on the order the answers came in', () => {
    const samples = [...answers(0.4, 2, 3), ...answers(0.8, 5, 1), ...answers(0.6, 1, 1)];
    expect(fitCalibration([...samples].reverse())).toEqual(fitCalibration(samples));
  });

  it('fits nothing from no answers', () => {
    expect(fitCalibration([])).toEqual([]);
  });
});

describe('calibrated', () => {
  const points = [
    [0.2, 0.1],
    [0.6, 0.3],
    [0.9, 0.8],
  ] as const;

  it('follows the straight line between the fitted points', () => {
    expect(calibrated(points, 0.4)).toBe(0.2);
    expect(calibrated(points, 0.75)).toBe(0.55);
    expect(calibrated(points, 0.6)).toBe(0.3);
  });

  it('keeps the first and last fitted values beyond them', () => {
    expect(calibrated(points, 0.05)).toBe(0.1);
    expect(calibrated(points, 1)).toBe(0.8);
  });

  it('leaves the probability as it is when nothing was fitted', () => {
    expect(calibrated([], 0.42)).toBe(0.42);
  });
});
