import { holderCompanies } from '@assay/generator';
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
  /** The photo's own blur; absent from truth written before the held-out world blurred photos. */
  blur?: { kind: string; spread: number } | null;
}

/** A card photo's grading holder as its truth records it. */
export interface HolderSeen {
  company: string;
  scratches?: number;
}

/** JPEG quality bands: heavy compression, the ordinary low and middle range, and the tuning world's. */
const compressionBand = (quality: number) => (quality < 30 ? 'q<30' : quality < 60 ? 'q30-59' : quality < 80 ? 'q60-79' : 'q80-95');
const tiltBand = (degrees: number) => (degrees < 8 ? '0-7°' : degrees < 16 ? '8-15°' : '16-25°');
const blurOf = (blur: PhotoConditionsSeen['blur']) => (!blur ? 'sharp' : blur.kind === 'motion' ? 'shaken' : 'out of focus');
const sampleCompanies = new Set<string>(Object.keys(holderCompanies));

/**
 * A figure broken down by the conditions a photo was taken under: table surface, compression band,
 * camera tilt, spot light and the photo's own blur, and for cards and coins holder or not. A card
 * holder's truth adds whose label it is (`label`: one of the sample's companies or another) and
 * whether its plastic is scratched (`holder_plastic`). Each value as "hits/total".
 */
export function conditionTally() {
  const axes: Record<string, Record<string, Rate>> = {};
  return {
    /** `holder`: the card's holder (or false for none), whether coins lie in a set's holder, or null where no holder can be. */
    count(conditions: PhotoConditionsSeen | undefined, holder: HolderSeen | boolean | null, hit: boolean): void {
      if (!conditions) return;
      const values: Record<string, string> = {
        surface: conditions.surface,
        compression: compressionBand(conditions.jpeg_quality),
        tilt: tiltBand(conditions.tilt),
        spot_light: conditions.spot_light ? 'yes' : 'no',
        blur: blurOf(conditions.blur),
      };
      if (holder !== null) values.holder = holder ? 'in a holder' : 'bare';
      if (holder && typeof holder === 'object') {
        values.label = sampleCompanies.has(holder.company) ? 'sample company' : 'other company';
        values.holder_plastic = (holder.scratches ?? 0) > 0 ? 'scratched' : 'clean';
      }
      for (const [axis, value] of Object.entries(values)) count(((axes[axis] ??= {})[value] ??= rate()), hit);
    },
    figures(): Record<string, Record<string, string>> {
      return Object.fromEntries(
        Object.entries(axes).map(([axis, values]) => [axis, Object.fromEntries(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)).map(([value, r]) => [value, `${r.hits}/${r.total}`]))]),
      );
    },
  };
}

/** The quality defects a photo's conditions can amount to (its own blur and compression), and the issue each should raise. */
const conditionDefectIssue = { blurred: 'IMAGE_BLURRED', highly_compressed: 'IMAGE_HIGHLY_COMPRESSED' } as const;

/**
 * Photos' quality issues against the defects their conditions amount to: each defect a photo has
 * should be raised (recall, per defect and per condition too), each it has not should not be (false
 * rate), and each raised should be right (precision).
 */
export function conditionQualityTally() {
  const [due, notDue, raisedRight] = [rate(), rate(), rate()];
  const perDefect: Record<string, Rate> = {};
  const [dueByCondition, notDueByCondition] = [conditionTally(), conditionTally()];
  return {
    /** One photo: its conditions (with their `quality_defects`), its holder as conditionTally takes it, and the issue codes raised on it. */
    count(conditions: PhotoConditionsSeen & { quality_defects: readonly string[] }, holder: HolderSeen | boolean | null, raised: ReadonlySet<string>): void {
      for (const [defect, code] of Object.entries(conditionDefectIssue)) {
        const has = conditions.quality_defects.includes(defect);
        if (has) {
          count(due, raised.has(code));
          count((perDefect[defect] ??= rate()), raised.has(code));
          dueByCondition.count(conditions, holder, raised.has(code));
        } else {
          count(notDue, raised.has(code));
          notDueByCondition.count(conditions, holder, raised.has(code));
        }
        if (raised.has(code)) count(raisedRight, has);
      }
    },
    figures() {
      return {
        quality_recall: fraction(due),
        quality_false_rate: fraction(notDue),
        quality_precision: fraction(raisedRight),
        quality_recall_by_defect: Object.fromEntries(Object.entries(perDefect).map(([defect, r]) => [defect, fraction(r)])),
      };
    },
    byCondition() {
      return { quality_recall_by_condition: dueByCondition.figures(), quality_false_rate_by_condition: notDueByCondition.figures() };
    },
  };
}

/** Answers against what was expected, as counts keyed expected → answered: a confusion matrix. */
export function confusion() {
  const cells: Record<string, Record<string, number>> = {};
  return {
    count(expected: string, answered: string): void {
      const row = (cells[expected] ??= {});
      row[answered] = (row[answered] ?? 0) + 1;
    },
    figures(): Record<string, Record<string, number>> {
      const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
      return sorted(Object.fromEntries(Object.entries(cells).map(([expected, row]) => [expected, sorted(row)])));
    },
  };
}

/** Confidence bands of a reliability diagram: tenths, the last one closed (a confidence of 1 falls in 0.9–1). */
const reliabilityBands = 10;

/**
 * Stated confidence against observed accuracy: each answer's confidence and whether it was right,
 * by tenths (a reliability diagram), and the expected calibration error (the answers' share of each
 * band times the gap between its mean confidence and its accuracy, summed). A calibrated engine's
 * answers at 0.8 are right 80 % of the time.
 */
export function reliability() {
  const bands = Array.from({ length: reliabilityBands }, () => ({ answers: 0, right: 0, confidence: 0 }));
  return {
    count(confidence: number, right: boolean): void {
      const band = bands[Math.min(reliabilityBands - 1, Math.max(0, Math.floor(confidence * reliabilityBands)))]!;
      band.answers++;
      band.confidence += confidence;
      if (right) band.right++;
    },
    figures() {
      const answers = bands.reduce((sum, band) => sum + band.answers, 0);
      const round = (value: number) => Math.round(value * 1000) / 1000;
      const diagram = bands.flatMap((band, i) =>
        band.answers === 0
          ? []
          : [{ band: `${(i / reliabilityBands).toFixed(1)}-${((i + 1) / reliabilityBands).toFixed(1)}`, answers: band.answers, mean_confidence: round(band.confidence / band.answers), accuracy: round(band.right / band.answers) }],
      );
      const error = diagram.reduce((sum, band) => sum + (band.answers / answers) * Math.abs(band.accuracy - band.mean_confidence), 0);
      return { answers, expected_calibration_error: answers === 0 ? null : round(error), diagram };
    },
  };
}
