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
 * An unpaired coin's cost, and the most two coins' radii may differ (as a log ratio) to propose a
 * shift: set with shift proposals (c078e7c, dev seed 1600 groups face_pairing 0.976 -> 0.991, the
 * whole change's figure), not measured alone.
 */
const unpairedCost = 1.5;
const proposalSizes = 0.2;
/**
 * A pair's distance counts a log radius ratio this many times a centre distance in coin radii, and
 * is no pair at or beyond the second: hand-set when pairing was written (537411e), not measured alone.
 */
const sizeWeight = 2;
const farthestPair = 1.2;

/**
 * Pairs the coins of two overview photos of one layout by their relative positions. Coins flipped
 * in place keep their places, so the second photo's layout is the first's, shifted and turned a
 * little (the phone moved) — or mirrored, when the whole layout was turned over. Either photo may
 * miss a coin the other shows, so the layouts are not aligned on their centroids: every pair of
 * like-sized coins proposes a shift, the shift that pairs the most coins most closely is refined
 * to the similarity (shift, turn, scale) that best maps its pairs, and the pairs are taken again.
 * The variant that fits best wins; mirroring must fit strictly better than none.
 */
export function pairCoins(a: readonly Placed[], b: readonly Placed[]): Pairing {
  if (a.length === 0 || b.length === 0) return { pairs: [], mirrored: false, residual: 0 };
  const scale = (a.reduce((s, c) => s + c.r, 0) + b.reduce((s, c) => s + c.r, 0)) / (a.length + b.length);
  // Unpaired coins cost as much as a bad pair, so an alignment cannot win by pairing fewer.
  const fit = (moved: readonly Placed[]) => {
    const { pairs, cost } = greedy(a, moved, scale);
    return { pairs, cost, total: cost + (Math.max(a.length, b.length) - pairs.length) * unpairedCost };
  };
  let best: Pairing | null = null;
  let bestTotal = Infinity;
  for (const variant of ['same', 'mirror-x', 'mirror-y'] as Variant[]) {
    const turned = b.map((p) => ({ x: variant === 'mirror-x' ? -p.x : p.x, y: variant === 'mirror-y' ? -p.y : p.y, r: p.r }));
    let found: ReturnType<typeof fit> | null = null;
    let moved: Placed[] = [];
    for (const p of a) {
      for (const q of turned) {
        if (Math.abs(Math.log(p.r / q.r)) > proposalSizes) continue;
        const shifted = turned.map((t) => ({ x: t.x + p.x - q.x, y: t.y + p.y - q.y, r: t.r }));
        const result = fit(shifted);
        if (!found || result.total < found.total) [found, moved] = [result, shifted];
      }
    }
    if (!found) continue;
    // The shift from one pair is only as good as that pair: map all of its pairs at once.
    if (found.pairs.length >= 2) {
      const refined = fit(mapSimilar(moved, found.pairs.map(([i, j]): [Placed, Placed] => [a[i]!, moved[j]!])));
      if (refined.total <= found.total) found = refined;
    }
    if (found.total < bestTotal - 1e-9) {
      bestTotal = found.total;
      best = { pairs: found.pairs, mirrored: variant !== 'same', residual: found.pairs.length > 0 ? found.cost / found.pairs.length : 0 };
    }
  }
  return best ?? { pairs: [], mirrored: false, residual: 0 };
}

/** The points moved by the similarity (turn, scale, shift) that best maps the pairs' second points onto their first, in least squares. */
function mapSimilar(points: readonly Placed[], pairs: readonly [Placed, Placed][]): Placed[] {
  const n = pairs.length;
  const [ax, ay] = [pairs.reduce((s, [p]) => s + p.x, 0) / n, pairs.reduce((s, [p]) => s + p.y, 0) / n];
  const [bx, by] = [pairs.reduce((s, [, q]) => s + q.x, 0) / n, pairs.reduce((s, [, q]) => s + q.y, 0) / n];
  let [dot, cross, norm] = [0, 0, 0];
  for (const [p, q] of pairs) {
    const [u, v, x, y] = [q.x - bx, q.y - by, p.x - ax, p.y - ay];
    dot += u * x + v * y;
    cross += u * y - v * x;
    norm += u * u + v * v;
  }
  if (norm < 1e-9) return points.map((q) => ({ x: q.x + ax - bx, y: q.y + ay - by, r: q.r }));
  const [c, s] = [dot / norm, cross / norm];
  return points.map((q) => ({ x: ax + c * (q.x - bx) - s * (q.y - by), y: ay + s * (q.x - bx) + c * (q.y - by), r: q.r }));
}

/** Closest pairs first; a pair further apart than a coin radius (or of clearly other sizes) is none. */
function greedy(a: readonly Placed[], b: readonly Placed[], scale: number): { pairs: [number, number][]; cost: number } {
  const options: { i: number; j: number; d: number }[] = [];
  for (const [i, p] of a.entries()) {
    for (const [j, q] of b.entries()) {
      const d = Math.hypot(p.x - q.x, p.y - q.y) / scale + Math.abs(Math.log(p.r / q.r)) * sizeWeight;
      if (d < farthestPair) options.push({ i, j, d });
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
