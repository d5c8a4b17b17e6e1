import { describe, expect, it } from 'vitest';
import { conditionQualityTally, conditionTally, confusion, reliability, type PhotoConditionsSeen } from './stats.ts';
import { boxOverlap, circleIs } from '../../support/locations.ts';

const seen = (overrides: Partial<PhotoConditionsSeen> = {}): PhotoConditionsSeen => ({ surface: 'felt', jpeg_quality: 85, tilt: 3, spot_light: false, blur: null, ...overrides });

describe('conditionTally', () => {
  it('counts a figure under each condition of the photo: surface, compression band, tilt, spot light and blur', () => {
    const tally = conditionTally();
    tally.count(seen({ jpeg_quality: 22, blur: { kind: 'motion', spread: 0.006 } }), null, false);
    tally.count(seen({ surface: 'stone', jpeg_quality: 45, tilt: 20, spot_light: true }), null, true);
    tally.count(seen({ jpeg_quality: 70, blur: { kind: 'focus', spread: 0.002 } }), null, true);
    tally.count(seen({ jpeg_quality: 30 }), null, true);
    tally.count(undefined, null, true);
    expect(tally.figures()).toEqual({
      surface: { felt: '2/3', stone: '1/1' },
      compression: { 'q<30': '0/1', 'q30-59': '2/2', 'q60-79': '1/1' },
      tilt: { '0-7°': '2/3', '16-25°': '1/1' },
      spot_light: { no: '2/3', yes: '1/1' },
      blur: { 'out of focus': '1/1', shaken: '0/1', sharp: '2/2' },
    });
  });

  it('says holder or not where a holder can be, and for a card slab whose label and how scratched', () => {
    const tally = conditionTally();
    tally.count(seen(), false, true);
    tally.count(seen(), { company: 'PSG', scratches: 0 }, true);
    tally.count(seen(), { company: 'MCG', scratches: 0.6 }, false);
    tally.count(seen(), { company: 'HCA', scratches: 0 }, true);
    tally.count(seen(), true, false);
    const figures = tally.figures();
    expect(figures.holder).toEqual({ bare: '1/1', 'in a holder': '2/4' });
    expect(figures.label).toEqual({ 'other company': '1/2', 'sample company': '1/1' });
    expect(figures.holder_plastic).toEqual({ clean: '2/2', scratched: '0/1' });
  });
});

describe('confusion', () => {
  it('counts each answer under what was expected, rows and columns in order', () => {
    const matrix = confusion();
    matrix.count('pile', 'roll');
    matrix.count('individual', 'individual');
    matrix.count('pile', 'pile');
    matrix.count('pile', 'roll');
    expect(matrix.figures()).toEqual({ individual: { individual: 1 }, pile: { pile: 1, roll: 2 } });
    expect(Object.keys(matrix.figures())).toEqual(['individual', 'pile']);
  });
});

describe('reliability', () => {
  it("bands answers by stated confidence in tenths and weighs each band's gap into the calibration error", () => {
    const diagram = reliability();
    // Four answers at 0.9 of which two were right (overconfident), one at 1 that was right, one at 0.15 that was wrong.
    for (const right of [true, true, false, false]) diagram.count(0.9, right);
    diagram.count(1, true);
    diagram.count(0.15, false);
    const figures = diagram.figures();
    expect(figures.answers).toBe(6);
    expect(figures.diagram).toEqual([
      { band: '0.1-0.2', answers: 1, mean_confidence: 0.15, accuracy: 0 },
      { band: '0.9-1.0', answers: 5, mean_confidence: 0.92, accuracy: 0.6 },
    ]);
    // 1/6 × 0.15 + 5/6 × 0.32
    expect(figures.expected_calibration_error).toBeCloseTo(0.292, 3);
  });

  it('has no calibration error to give without answers', () => {
    expect(reliability().figures()).toEqual({ answers: 0, expected_calibration_error: null, diagram: [] });
  });
});

describe('scoring reported locations', () => {
  const photo = { width: 1000, height: 800 };
  it('a box is the item when it overlaps the true corners by half their union, both clipped to the photo', () => {
    const card: [number, number][] = [[100, 100], [400, 120], [380, 520], [80, 500]];
    expect(boxOverlap({ x: 80, y: 100, width: 320, height: 420 }, card, photo)).toBeCloseTo(1, 5);
    // Its neighbour, beside it, is not.
    expect(boxOverlap({ x: 500, y: 100, width: 320, height: 420 }, card, photo)).toBe(0);
    // A quarter of the card is not the card.
    expect(boxOverlap({ x: 80, y: 100, width: 160, height: 210 }, card, photo)).toBeLessThan(0.5);
    // A card running off the photo counts as far as it is seen.
    expect(boxOverlap({ x: 900, y: 0, width: 100, height: 400 }, [[900, -50], [1200, -50], [1200, 400], [900, 400]], photo)).toBeCloseTo(1, 5);
  });

  it('a circle is the coin when its centre and radius are close to the true ones', () => {
    const coin = { centre: [300, 200] as [number, number], radius: 60 };
    expect(circleIs({ image_index: 0, center: { x: 310, y: 195 }, radius: 58 }, coin)).toBe(true);
    expect(circleIs({ image_index: 0, center: { x: 340, y: 200 }, radius: 58 }, coin)).toBe(false);
    expect(circleIs({ image_index: 0, center: { x: 300, y: 200 }, radius: 90 }, coin)).toBe(false);
  });
});

describe('conditionQualityTally', () => {
  it('scores quality issues against the defects a photo\'s conditions amount to: recall, false rate and precision', () => {
    const tally = conditionQualityTally();
    const blurredShot = { ...seen({ blur: { kind: 'motion', spread: 0.006 } }), quality_defects: ['blurred'] };
    tally.count(blurredShot, null, new Set(['IMAGE_BLURRED']));
    tally.count({ ...seen({ jpeg_quality: 20 }), quality_defects: ['highly_compressed'] }, null, new Set());
    tally.count({ ...seen(), quality_defects: [] }, null, new Set(['IMAGE_HIGHLY_COMPRESSED', 'ITEM_CUT_OFF']));
    expect(tally.figures()).toEqual({
      quality_recall: 0.5,
      quality_false_rate: 0.25,
      quality_precision: 0.5,
      quality_recall_by_defect: { blurred: 1, highly_compressed: 0 },
    });
    expect(tally.byCondition().quality_recall_by_condition.blur).toEqual({ shaken: '1/1', sharp: '0/1' });
  });
});
