/** A fraction with its counts, so a reader sees how much evidence stands behind it. */
export interface Rate {
  hits: number;
  total: number;
}

export const rate = (): Rate => ({ hits: 0, total: 0 });

export function count(r: Rate, hit: boolean): void {
  r.total++;
  if (hit) r.hits++;
}

/** The fraction, rounded to 4 places; null when there was nothing to measure. */
export const fraction = (r: Rate): number | null => (r.total === 0 ? null : Math.round((r.hits / r.total) * 10_000) / 10_000);

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
