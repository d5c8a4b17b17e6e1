import { describe, expect, it } from 'vitest';
import type { CoinEntry } from '@assay/catalog';
import { gradeCoin, priceAt } from '../grade/coin-grade.ts';
import { loadSpotPrices, materialWeights, meltValue, type SpotPrices } from './spot-prices.ts';

const silverQuarter = {
  id: 'washington-quarter-1964-90-silver',
  identity: { name: '1964 Washington Quarter', type: 'Washington Quarter', variant: '90% silver', year: '1964', mint: null, country: 'United States of America', denomination: '25 cents' },
  specs: { weight_g: 6.25, diameter_mm: 24.3, composition: [{ material: 'silver', fraction: 0.9 }, { material: 'copper', fraction: 0.1 }] },
  images: { obverse: 'obverse.png', reverse: 'reverse.png' },
  price_by_grade: { 'G-4': 6, 'VF-20': 7, 'MS-60': 10, 'MS-65': 30 },
} as CoinEntry;

const spot: SpotPrices = { as_of: '2026-11-20', currency: 'USD', unit: 'g', prices: { silver: 2, copper: 0.01 } };

describe('coin valuation', () => {
  it('melt value is each metal\'s weight times its spot price, to the cent', () => {
    // 6.25 g × 0.9 × $2 + 6.25 g × 0.1 × $0.01 = 11.25 + 0.00625
    expect(meltValue(silverQuarter, spot)).toBe(11.26);
    expect(materialWeights(silverQuarter)).toEqual([{ material: 'silver', weight: 5.625, unit: 'g' }, { material: 'copper', weight: 0.625, unit: 'g' }]);
  });

  it('a metal the table does not price counts nothing; none priced gives null', () => {
    expect(meltValue(silverQuarter, { ...spot, prices: { silver: 2 } })).toBe(11.25);
    expect(meltValue(silverQuarter, { ...spot, prices: { gold: 100 } })).toBeNull();
  });

  it('the shipped spot-price table is dated, in US dollars per gram, and prices every sample metal', async () => {
    const table = await loadSpotPrices();
    expect(table.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const metal of ['gold', 'silver', 'copper', 'nickel', 'zinc', 'manganese', 'steel'] as const) expect(table.prices[metal]).toBeGreaterThan(0);
  });

  it('price at a grade: listed prices, interpolated by Sheldon number between them, clamped beyond', () => {
    expect(priceAt(silverQuarter, 'VF-20')).toBe(7);
    expect(priceAt(silverQuarter, 'EF-40')).toBe(8.5);
    expect(priceAt(silverQuarter, 'P-1')).toBe(6);
    expect(priceAt(silverQuarter, 'MS-70')).toBe(30);
  });

  it('a grade is one the coin is priced at, with a range around it and a confidence that shrinks as the range grows', () => {
    const sharp = gradeCoin(silverQuarter, 0.85, 0.95);
    expect(sharp.grade).toMatch(/^MS-6[05]$/);
    expect(Object.keys(silverQuarter.price_by_grade)).toContain(sharp.grade);
    const worn = gradeCoin(silverQuarter, 0.25, 0.55);
    expect(worn.grade).toBe('G-4');
    expect(worn.grade_range[0]).toBe('G-4');
    const listed = ['G-4', 'VF-20', 'MS-60', 'MS-65'];
    for (const g of [sharp, worn]) {
      const inRange = listed.slice(listed.indexOf(g.grade_range[0]), listed.indexOf(g.grade_range[1]) + 1);
      expect(inRange).toContain(g.grade);
      expect(g.confidence).toBeCloseTo(0.9 / inRange.length, 3);
    }
  });
});
