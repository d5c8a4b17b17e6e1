import { describe, expect, it } from 'vitest';
import { pairCoins, type Placed } from './pair-coins.ts';

const layout: Placed[] = [
  { x: 200, y: 200, r: 60 }, { x: 420, y: 210, r: 40 }, { x: 640, y: 190, r: 52 },
  { x: 210, y: 430, r: 45 }, { x: 430, y: 440, r: 70 }, { x: 650, y: 420, r: 38 },
];
/** The second photo's circle search lists the coins in another order: coin `order[j]` comes j-th. */
const order = [3, 0, 5, 1, 4, 2];
const shuffle = (coins: Placed[]) => order.map((i) => coins[i]!);
const truthPairs = () => order.map((i, j) => [i, j]).sort((x, y) => x[0]! - y[0]!);
const sorted = (pairs: [number, number][]) => [...pairs].sort((x, y) => x[0] - y[0]);

describe('pairCoins', () => {
  it('pairs a layout photographed again from a slightly different spot', () => {
    const moved = shuffle(layout.map((c) => ({ x: c.x + 25 + (c.x % 7), y: c.y - 18, r: c.r * 0.97 })));
    const result = pairCoins(layout, moved);
    expect(result.mirrored).toBe(false);
    expect(sorted(result.pairs)).toEqual(truthPairs());
  });

  it('pairs a layout turned over as a whole (rows swapped)', () => {
    const turned = shuffle(layout.map((c) => ({ x: c.x, y: 640 - c.y, r: c.r })));
    const result = pairCoins(layout, turned);
    expect(result.mirrored).toBe(true);
    expect(sorted(result.pairs)).toEqual(truthPairs());
  });

  it('leaves a coin that is missing from the other photo unpaired instead of pairing it wrongly', () => {
    const fewer = layout.slice(0, 5).map((c) => ({ x: c.x + 10, y: c.y + 5, r: c.r }));
    const result = pairCoins(layout, fewer);
    expect(result.pairs).toHaveLength(5);
    for (const [a, b] of result.pairs) expect(a).toBe(b);
  });

  it('pairs the coins both photos show when each photo misses a different coin, the phone moved and turned a little', () => {
    const turn = (2 * Math.PI) / 180;
    const moved = (c: Placed) => ({ x: 400 + (c.x - 400) * Math.cos(turn) - (c.y - 300) * Math.sin(turn) + 30, y: 300 + (c.x - 400) * Math.sin(turn) + (c.y - 300) * Math.cos(turn) - 20, r: c.r });
    // The first photo misses the last coin, the second the first one.
    const first = layout.slice(0, 5);
    const second = layout.slice(1).map(moved);
    const result = pairCoins(first, second);
    expect(result.mirrored).toBe(false);
    expect(sorted(result.pairs)).toEqual([[1, 0], [2, 1], [3, 2], [4, 3]]);
  });
});
