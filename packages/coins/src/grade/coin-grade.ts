import { sheldonGrades, type CoinEntry, type SheldonGrade } from '@assay/catalog';

/*
 * A coin's grade from its relief measured against the catalog's reference of the same face: wear
 * softens fine detail first (sharpness) and flattens the design (contrast). The model maps the two
 * ratios to a Sheldon number; it was fitted by least squares on generator photos of tuning seeds.
 * Fine detail carries most of it (correlation 0.95 with the true grade); among mint-state grades it
 * saturates, so MS-62 to MS-70 are barely told apart and the range says so.
 */

/** Sheldon number ≈ intercept + sharpness × a + contrast × b, clamped to 1..70; fitted in c53f66d (RMSE 8 Sheldon points). */
const model = { intercept: -8.1, sharpness: 112.7, contrast: -23.3 };
/**
 * Typical error (RMSE) of the model in Sheldon points on 124 correctly identified coins of tuning
 * seeds 1006–1008 (MAE 5.7): sets the range and the confidence.
 */
const typicalError = 8;
/** The confidence is at most this share of 1/k (k grades in the error band): hand-set when grading was written (537411e), not measured alone. */
const confidenceCeiling = 0.9;

export const sheldonNumber = (grade: SheldonGrade) => Number(grade.split('-')[1]);

export interface CoinGrade {
  grade: SheldonGrade;
  grade_range: [SheldonGrade, SheldonGrade];
  details: string;
  confidence: number;
}

/** The estimated Sheldon number from relief ratios (1 = as sharp as the reference). */
export function estimateSheldon(sharpness: number, contrast: number): number {
  return Math.min(70, Math.max(1, model.intercept + model.sharpness * sharpness + model.contrast * contrast));
}

/**
 * The grade among those the entry is priced at (the catalog lists the grades that matter for the
 * coin), the range those within the typical error, and a confidence: the share of that error band
 * the chosen grade's own neighbourhood covers.
 */
export function gradeCoin(entry: CoinEntry, sharpness: number, contrast: number): CoinGrade {
  const estimate = estimateSheldon(sharpness, contrast);
  const listed = sheldonGrades.filter((g) => entry.price_by_grade[g] !== undefined);
  const options: SheldonGrade[] = listed.length > 0 ? listed : [...sheldonGrades];
  const grade = options.reduce((a, b) => (Math.abs(sheldonNumber(b) - estimate) < Math.abs(sheldonNumber(a) - estimate) ? b : a));
  const near = options.filter((g) => Math.abs(sheldonNumber(g) - estimate) <= typicalError);
  const range = near.length > 0 ? near : [grade];
  const lower = range.reduce((a, b) => (sheldonNumber(b) < sheldonNumber(a) ? b : a));
  const upper = range.reduce((a, b) => (sheldonNumber(b) > sheldonNumber(a) ? b : a));
  // With k listed grades inside the error band, the chosen one is right about 1/k of the time.
  const confidence = Math.round((1 / range.length) * confidenceCeiling * 1000) / 1000;
  const details = `wear estimated from relief against the catalog reference: fine detail at ${percent(sharpness)}, design contrast at ${percent(contrast)} of an unworn strike (about ${Math.round(estimate)} on the Sheldon scale)`;
  return { grade, grade_range: [lower, upper], details, confidence };
}

/** The catalog price at a grade: listed prices interpolated by Sheldon number, clamped beyond them. */
export function priceAt(entry: CoinEntry, grade: SheldonGrade): number | null {
  const points = sheldonGrades.filter((g) => entry.price_by_grade[g] !== undefined).map((g) => [sheldonNumber(g), entry.price_by_grade[g]!] as const);
  if (points.length === 0) return null;
  const n = sheldonNumber(grade);
  if (n <= points[0]![0]) return points[0]![1];
  if (n >= points.at(-1)![0]) return points.at(-1)![1];
  for (let i = 1; i < points.length; i++) {
    const [n1, p1] = points[i]!;
    const [n0, p0] = points[i - 1]!;
    if (n <= n1) return Math.round((p0 + ((p1 - p0) * (n - n0)) / (n1 - n0)) * 100) / 100;
  }
  return points.at(-1)![1];
}

const percent = (v: number) => `${Math.round(v * 100)}%`;
