/** A coin's place in a photo: centre and radius in pixels. */
export interface Placed {
  x: number;
  y: number;
  r: number;
}

export interface Pairing {
  /** [index in a, index in b] of the coins that are one physical coin. */
  pairs: [number, number][];
  /** The second photo's layout was mirrored to fit the first (a holder turned over, not coins flipped in place). */
  mirrored: boolean;
  /** Mean distance between paired centres after alignment, in mean coin radii. */
  residual: number;
}

type Variant = 'same' | 'mirror-x' | 'mirror-y';

/**
 * Pairs the coins of two overview photos of one layout by their relative positions. Coins flipped
 * in place keep their places, so the second photo's layout is the first's, shifted a little (the
 * phone moved) — or mirrored, when the whole layout was turned over. Every variant is aligned on
 * the centroids, the pairs taken greedily by distance, and the variant that fits best wins.
 */
export function pairCoins(a: readonly Placed[], b: readonly Placed[]): Pairing {
  if (a.length === 0 || b.length === 0) return { pairs: [], mirrored: false, residual: 0 };
  const scale = (a.reduce((s, c) => s + c.r, 0) + b.reduce((s, c) => s + c.r, 0)) / (a.length + b.length);
  let best: Pairing | null = null;
  let bestCost = Infinity;
  for (const variant of ['same', 'mirror-x', 'mirror-y'] as Variant[]) {
    const moved = align(a, b, variant);
    const { pairs, cost } = greedy(a, moved, scale);
    // Unpaired coins cost as much as a bad pair, so a variant cannot win by pairing fewer.
    const total = cost + (Math.max(a.length, b.length) - pairs.length) * 1.5;
    if (total < bestCost - 1e-9) {
      bestCost = total;
      best = { pairs, mirrored: variant !== 'same', residual: pairs.length > 0 ? cost / pairs.length : 0 };
    }
  }
  return best!;
}

function centroid(points: readonly Placed[]): [number, number] {
  return [points.reduce((s, p) => s + p.x, 0) / points.length, points.reduce((s, p) => s + p.y, 0) / points.length];
}

/** b's coins mirrored (about their centroid) as the variant says, then moved onto a's centroid. */
function align(a: readonly Placed[], b: readonly Placed[], variant: Variant): Placed[] {
  const [ax, ay] = centroid(a);
  const [bx, by] = centroid(b);
  return b.map((p) => ({
    x: ax + (variant === 'mirror-x' ? bx - p.x : p.x - bx),
    y: ay + (variant === 'mirror-y' ? by - p.y : p.y - by),
    r: p.r,
  }));
}

/** Closest pairs first; a pair further apart than a coin radius (or of clearly other sizes) is none. */
function greedy(a: readonly Placed[], b: readonly Placed[], scale: number): { pairs: [number, number][]; cost: number } {
  const options: { i: number; j: number; d: number }[] = [];
  for (const [i, p] of a.entries()) {
    for (const [j, q] of b.entries()) {
      const d = Math.hypot(p.x - q.x, p.y - q.y) / scale + Math.abs(Math.log(p.r / q.r)) * 2;
      if (d < 1.2) options.push({ i, j, d });
    }
  }
  options.sort((x, y) => x.d - y.d);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const pairs: [number, number][] = [];
  let cost = 0;
  for (const o of options) {
    if (usedA.has(o.i) || usedB.has(o.j)) continue;
    usedA.add(o.i);
    usedB.add(o.j);
    pairs.push([o.i, o.j]);
    cost += o.d;
  }
  return { pairs, cost };
}
