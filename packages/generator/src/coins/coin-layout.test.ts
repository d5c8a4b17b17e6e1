import { describe, expect, it } from 'vitest';
import { heldOutCatalog } from '../test-support/pixels.ts';
import { createRng } from '../random.ts';
import { findCoin, faceValueCents } from './coin-instance.ts';
import { dateRunLayout, rollLayout, setLayout } from './coin-layout.ts';

// The layouts with a catalog that is not all US coins: Canadian and euro coins (catalog/held-out).

describe('coin layouts beyond US coins', () => {
  it('reads face values in cents, dollars and euro', () => {
    expect(['1 cent', '25 cents', '1 dollar', '2 dollars', '1 euro cent', '20 euro cent', '1 euro', '2 euro'].map(faceValueCents))
      .toEqual([1, 25, 100, 200, 1, 20, 100, 200]);
  });

  it('fills a mint set from one country, titled for it, smallest value first', async () => {
    const catalog = await heldOutCatalog();
    const titles = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const layout = setLayout(createRng(seed), catalog, 'S');
      const entries = layout.coins.map((c) => findCoin(catalog, c.instance.entryId!));
      expect(new Set(entries.map((e) => e.identity.country)).size).toBe(1);
      const values = entries.map((e) => faceValueCents(e.identity.denomination));
      expect(values).toEqual([...new Set(values)].sort((a, b) => a - b));
      titles.add(layout.holder!.title);
    }
    expect(titles).toEqual(new Set(['ROYAL CANADIAN MINT', 'BUNDESREPUBLIK DEUTSCHLAND']));
  });

  it('rolls euro coins in euro rolls and prices them in euro', async () => {
    const catalog = await heldOutCatalog();
    const euroRolls = { 1: 50, 2: 50, 5: 50, 10: 40, 20: 40, 50: 40, 100: 25, 200: 25 } as Record<number, number>;
    let seen = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { roll } = rollLayout(createRng(seed), catalog, true, 'R');
      const { denomination } = findCoin(catalog, roll!.entryId).identity;
      if (!denomination.includes('euro')) continue;
      const cents = faceValueCents(denomination);
      expect(roll!.count, denomination).toBe(euroRolls[cents]);
      expect(roll!.print).toBe(`€${((roll!.count * cents) / 100).toFixed(2)}  ${denomination.toUpperCase()}`);
      seen += 1;
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('redraws the held-out designs with consecutive years in a date run', async () => {
    const catalog = await heldOutCatalog();
    const layout = dateRunLayout(createRng(5), catalog, 5, 'D');
    const years = layout.coins.map((c) => Number(c.instance.year));
    expect(years.every((y) => Number.isInteger(y))).toBe(true);
    expect(years).toEqual(years.map((_, i) => years[0]! + i));
  });
});
