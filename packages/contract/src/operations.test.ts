import { describe, expect, it } from 'vitest';
import { isOperation, operations } from './index.ts';

describe('operations', () => {
  it('are exactly the seven the product sells', () => {
    expect([...operations].sort()).toEqual(
      ['cards.grade', 'cards.identity', 'coins.grade', 'coins.identity', 'coins.valuation', 'toys.identity', 'toys.valuation'].sort(),
    );
    expect(isOperation('cards.valuation')).toBe(false);
  });
});
