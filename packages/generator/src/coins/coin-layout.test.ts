import { describe, expect, it } from 'vitest';
import { heldOutCatalog } from '../test-support/pixels.ts';
import { heldOutConditions, tuningConditions } from '../photo/conditions.ts';
import { createRng } from '../random.ts';
import { arrangementName, tuningArrangement, type CoinArrangement } from './coin-arrangement.ts';
import { findCoin, faceValueCents } from './coin-instance.ts';
import { dateRunLayout, pileLayout, rollLayout, setLayout } from './coin-layout.ts';

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

describe('coin arrangements', () => {
  const arranged = (changes: Partial<CoinArrangement>): CoinArrangement => ({ ...tuningArrangement, ...changes });

  it('are the tuning world\'s always there, drawing nothing; the held-out world draws every other kind', () => {
    const [a, b] = [createRng(9), createRng(9)];
    for (const presentation of ['pile', 'roll', 'set', 'group']) expect(tuningConditions.coinArrangement(a, presentation)).toBe(tuningArrangement);
    expect(a.next()).toBe(b.next());
    const names = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      for (const presentation of ['pile', 'roll', 'set']) names.add(arrangementName(presentation, heldOutConditions.coinArrangement(createRng(seed), presentation))!);
    }
    expect(names).toEqual(new Set([
      'heap', 'tight heap', 'two heaps',
      'coins out in a row, up to 3', 'coins out in a row, up to 5', 'coins out fanned, up to 3', 'coins out fanned, up to 5',
      'rows of up to three', 'one row', 'three a row', 'rows of up to three, turned any way', 'one row, turned any way', 'three a row, turned any way',
    ]));
  });

  it('lay a pile as one heap, a tighter heap, or two heaps side by side', async () => {
    const catalog = await heldOutCatalog();
    const spreadOf = (layout: ReturnType<typeof pileLayout>) => {
      const xs = layout.coins.map((c) => c.at.obverse.centre[0]);
      const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
      return Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    };
    const heap = pileLayout(createRng(4), catalog, 30, 'P');
    const tight = pileLayout(createRng(4), catalog, 30, 'P', arranged({ pile: { spread: 0.17, leaning: 0.55, heaps: 1 } }));
    const two = pileLayout(createRng(4), catalog, 30, 'P', arranged({ pile: { spread: 0.24, leaning: 0.4, heaps: 2 } }));
    expect(heap.arrangement).toBe('heap');
    expect(spreadOf(tight)).toBeLessThan(spreadOf(heap) * 0.75);
    expect(two.arrangement).toBe('two heaps');
    expect(two.width).toBeGreaterThan(two.height * 1.5);
    // Alternate coins go to the left and the right heap: their mean positions lie far apart.
    const meanX = (odd: number) => { const xs = two.coins.filter((_, i) => i % 2 === odd).map((c) => c.at.obverse.centre[0]); return xs.reduce((s, x) => s + x, 0) / xs.length; };
    expect(meanX(1) - meanX(0)).toBeGreaterThan(two.height * 0.6);
    for (const coin of two.coins) expect(coin.at.obverse.centre[0]).toBeLessThanOrEqual(two.width);
  });

  it('fans the coins out of an open roll over each other, or lays them apart in a row', async () => {
    const catalog = await heldOutCatalog();
    const beside = (layout: ReturnType<typeof rollLayout>) => layout.coins.filter((c) => c.fixed !== 'edge' && c.squash.factor === 1);
    for (let seed = 1; seed <= 8; seed++) {
      const row = beside(rollLayout(createRng(seed), catalog, false, 'R'));
      const fan = beside(rollLayout(createRng(seed), catalog, false, 'R', arranged({ roll: { readableMax: 5, spill: 'fan' } })));
      for (let i = 1; i < row.length; i++) expect(row[i]!.at.obverse.centre[0] - row[i - 1]!.at.obverse.centre[0]).toBeGreaterThan(row[i]!.diameter);
      for (let i = 1; i < fan.length; i++) expect(fan[i]!.at.obverse.centre[0] - fan[i - 1]!.at.obverse.centre[0]).toBeLessThan(fan[i]!.diameter * 0.7);
      expect(fan.length).toBeLessThanOrEqual(5);
    }
  });

  it('slots a set in one row or three a row, its coins upright or turned any way', async () => {
    const catalog = await heldOutCatalog();
    for (let seed = 1; seed <= 8; seed++) {
      const row = setLayout(createRng(seed), catalog, 'S', arranged({ set: { columns: 'row', anyRotation: false } }));
      expect(new Set(row.holder!.slots.map((s) => s.centre[1])).size).toBe(1);
      expect(row.coins.every((c) => Math.abs(c.at.obverse.rotation) < 15)).toBe(true);
      const three = setLayout(createRng(seed), catalog, 'S', arranged({ set: { columns: 'three', anyRotation: true } }));
      expect(new Set(three.holder!.slots.map((s) => s.centre[0])).size).toBeLessThanOrEqual(3);
      expect(three.arrangement).toBe('three a row, turned any way');
    }
    const turned = Array.from({ length: 8 }, (_, i) => setLayout(createRng(i + 1), catalog, 'S', arranged({ set: { columns: 'auto', anyRotation: true } })).coins).flat();
    expect(turned.filter((c) => Math.abs(c.at.obverse.rotation) > 45).length).toBeGreaterThan(turned.length / 3);
  });
});
