/** The nearest-rank percentile `q` (0..1) of values sorted ascending; NaN when there are none. */
export function nearestRank(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
