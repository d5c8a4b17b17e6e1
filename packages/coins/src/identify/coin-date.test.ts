import { describe, expect, it } from 'vitest';
import { dateEvidence, joinedRegion, legibleDate, plausibleYears, type DateArc } from './coin-date.ts';

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

describe('dateEvidence', () => {
  const years = plausibleYears(2026);
  /** A reading of `text` whose spotting gives `costs` to some years and `others` to every other year. */
  const line = (text: string, characterScores: number[], costs: Record<string, number>, others: number) => ({
    text,
    score: 0,
    characterScores,
    spotted: years.map((word) => ({ word, cost: costs[word] ?? others })),
  });

  it('weighs every year from 1500 to this one', () => {
    expect(years[0]).toBe('1500');
    expect(years.at(-1)).toBe('2026');
    expect(years).toHaveLength(527);
  });

  it('takes a year the free reading is sure of as read, with its mint letter, and every year near it as evidence', () => {
    const { read, fit } = dateEvidence([line('1964 D', [0.9, 0.95, 0.9, 0.92, 1, 0.9], { '1964': 0, '1984': -4 }, -20)], 2026);
    expect(read).toEqual({ year: '1964', mint: 'D', score: 0.9 });
    expect(fit?.['1964']).toBe(0);
    // Four nats of the reader at its temperature of 2; years far off are left out (they count as the floor).
    expect(fit?.['1984']).toBe(-2);
    expect(fit?.['1850']).toBeUndefined();
  });

  it('reads the year the print fits far better than any other though the free reading was unsure of a digit', () => {
    const { read } = dateEvidence([line('1964', [0.9, 0.5, 0.9, 0.9], { '1964': 0, '1984': -1 }, -20)], 2026);
    expect(read).toEqual({ year: '1964', mint: null, score: expect.closeTo(0.61, 2) });
  });

  it('reads no year when two fit alike, yet keeps both as evidence against the rest', () => {
    const { read, fit } = dateEvidence([line('1964', [0.9, 0.3, 0.9, 0.9], { '1964': 0, '1984': 0 }, -20)], 2026);
    expect(read).toBeNull();
    expect(fit).toMatchObject({ '1964': 0, '1984': 0 });
    expect(Object.keys(fit!)).toHaveLength(2);
  });

  it('takes the year a later crop of the print reads when the first reads none, and weighs each year by the crops’ mean fit', () => {
    const unsure = line('1965', [0.9, 0.4, 0.5, 0.3], { '1965': 0, '1963': 0 }, -20);
    const sure = line('1965', [0.9, 0.9, 0.8, 0.9], { '1965': 0, '1963': -3 }, -20);
    expect(dateEvidence([unsure], 2026).read).toBeNull();
    const { read, fit } = dateEvidence([unsure, sure], 2026);
    expect(read).toEqual({ year: '1965', mint: null, score: 0.8 });
    // Mean costs: 1965 0, 1963 −1.5; against the best, at the temperature of 2.
    expect(fit).toMatchObject({ '1965': 0, '1963': -0.75 });
  });

  it('takes a print that reads as no year as no evidence for any', () => {
    expect(dateEvidence([line('##', [0.4, 0.4], { '1943': -9 }, -12)], 2026)).toEqual({ read: null, fit: null });
  });
});
