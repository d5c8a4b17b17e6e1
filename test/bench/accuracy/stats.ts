import { nearestRank } from '../lib/nearest-rank.ts';

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

/** The value below which a share `q` of the values lie (nearest rank); null for none. */
export function percentile(values: number[], q: number): number | null {
  return values.length === 0 ? null : nearestRank([...values].sort((a, b) => a - b), q);
}

/** What a photo's truth says of the conditions it was taken under (see @assay/generator's ConditionsTruth). */
export interface PhotoConditionsSeen {
  surface: string;
  jpeg_quality: number;
  tilt: number;
  spot_light: boolean;
}

/** JPEG quality bands: heavy compression, the ordinary low and middle range, and the tuning world's. */
const compressionBand = (quality: number) => (quality < 30 ? 'q<30' : quality < 60 ? 'q30-59' : quality < 80 ? 'q60-79' : 'q80-95');
const tiltBand = (degrees: number) => (degrees < 8 ? '0-7°' : degrees < 16 ? '8-15°' : '16-25°');

/**
 * A figure broken down by the conditions a request's photo was taken under: table surface, holder or
 * not, compression band, camera tilt and spot light; each value as "hits/total".
 */
export function conditionTally() {
  const axes: Record<string, Record<string, Rate>> = {};
  return {
    count(conditions: PhotoConditionsSeen | undefined, holder: boolean | null, hit: boolean): void {
      if (!conditions) return;
      const values: Record<string, string> = {
        surface: conditions.surface,
        compression: compressionBand(conditions.jpeg_quality),
        tilt: tiltBand(conditions.tilt),
        spot_light: conditions.spot_light ? 'yes' : 'no',
      };
      if (holder !== null) values.holder = holder ? 'in a holder' : 'bare';
      for (const [axis, value] of Object.entries(values)) count(((axes[axis] ??= {})[value] ??= rate()), hit);
    },
    figures(): Record<string, Record<string, string>> {
      return Object.fromEntries(
        Object.entries(axes).map(([axis, values]) => [axis, Object.fromEntries(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)).map(([value, r]) => [value, `${r.hits}/${r.total}`]))]),
      );
    },
  };
}
