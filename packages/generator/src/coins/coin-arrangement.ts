/*
 * How a world arranges the coins of a roll, a pile or a set (photo/conditions.ts draws it). The
 * tuning world always arranges them as `tuningArrangement`; the held-out world also in other ways.
 */

export interface CoinArrangement {
  /** Piles: the heap's spread (× √coins per heap × the mean diameter), the share of coins leaning over, and how many heaps. */
  pile: { spread: number; leaning: number; heaps: 1 | 2 };
  /** Open rolls: at most how many coins lie beside the roll, and whether in a row apart or fanned over each other (only the top one fully visible). */
  roll: { readableMax: number; spill: 'row' | 'fan' };
  /** Sets: the holder's slot columns (`auto`: one row up to three coins, else two rows), and coins turned any way in their slots. */
  set: { columns: 'auto' | 'row' | 'three'; anyRotation: boolean };
}

export const tuningArrangement: CoinArrangement = {
  pile: { spread: 0.28, leaning: 0.35, heaps: 1 },
  roll: { readableMax: 3, spill: 'row' },
  set: { columns: 'auto', anyRotation: false },
};

/** How the truth names an arrangement of `presentation` (rolls, piles and sets; null for others). */
export function arrangementName(presentation: string, arrangement: CoinArrangement): string | null {
  const { pile, roll, set } = arrangement;
  switch (presentation) {
    case 'pile':
      return pile.heaps === 2 ? 'two heaps' : pile.spread < 0.2 ? 'tight heap' : 'heap';
    case 'roll':
      return `${roll.spill === 'row' ? 'coins out in a row' : 'coins out fanned'}, up to ${roll.readableMax}`;
    case 'set':
      return `${set.columns === 'auto' ? 'rows of up to three' : set.columns === 'row' ? 'one row' : 'three a row'}${set.anyRotation ? ', turned any way' : ''}`;
    default:
      return null;
  }
}
