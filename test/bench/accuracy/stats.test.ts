import { describe, expect, it } from 'vitest';
import { conditionTally, type PhotoConditionsSeen } from './stats.ts';

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
