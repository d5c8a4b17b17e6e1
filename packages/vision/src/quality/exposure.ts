import { decodeGrid, featureGrids } from '../features/card-features.ts';

export interface Exposure {
  /** Share of the card much darker than the reference after matching overall brightness. */
  shadow: number;
  /** Share of the card much brighter than the reference (or blown out where it is not). */
  glare: number;
}

/** Cells of the tone grid (12 × 16) per axis, as `featureGrids.tone`. */
const [columns, rows] = featureGrids.tone;

/**
 * Shadow and glare from a photo's tone grid against its matched reference's. The log ratio of the
 * two is what the light did; a smooth part of it (overall exposure, a lamp to one side, sleeve
 * sheen fading across the card) is fitted as a plane robustly, so that only what departs from it
 * counts: glare is a compact region much brighter than that (or blown out where the print is not),
 * shadow a large one much darker. Without a reference, dark and blown-out cells of the photo alone
 * are counted, a weaker signal.
 */
export function exposure(photoTone: string, referenceTone: string | null): Exposure {
  const photo = decodeGrid(photoTone);
  if (!referenceTone) {
    let dark = 0;
    let blown = 0;
    for (const v of photo) {
      if (v < 20) dark++;
      if (v > 124) blown++;
    }
    return { shadow: dark / photo.length, glare: blown / photo.length };
  }
  const reference = decodeGrid(referenceTone);
  const ratios = Float64Array.from(photo, (v, i) => Math.log((v + 4) / (reference[i]! + 4)));
  const residual = departures(ratios);
  let shadow = 0;
  let glare = 0;
  for (let i = 0; i < ratios.length; i++) {
    if (residual[i]! < darker) shadow++;
    if (residual[i]! > brighter || (photo[i]! > 122 && reference[i]! < 105)) glare++;
  }
  return { shadow: shadow / ratios.length, glare: glare / ratios.length };
}

/** Log-ratio departures that count: ×0.55 darker, ×1.45 brighter than the fitted light. */
const darker = Math.log(0.55);
const brighter = Math.log(1.45);

/**
 * Residuals of the log ratios from a plane a + b·x + c·y fitted to the cells the light treated
 * evenly: refitted a few times without the cells far off it, so a shadow or a patch of glare
 * covering less than about half the card does not pull the plane towards itself.
 */
function departures(values: Float64Array): Float64Array {
  const n = values.length;
  const residual = new Float64Array(n);
  let keep = new Uint8Array(n).fill(1);
  for (let round = 0; round < 4; round++) {
    const plane = fitPlane(values, keep);
    for (let i = 0; i < n; i++) residual[i] = values[i]! - (plane[0] + plane[1] * cellX(i) + plane[2] * cellY(i));
    const spread = residual.filter((_, i) => keep[i] === 1).map(Math.abs).sort()[Math.floor(keep.reduce((a, b) => a + b, 0) / 2)]!;
    const limit = Math.max(0.15, 3 * spread);
    const next = Uint8Array.from(residual, (r) => (Math.abs(r) <= limit ? 1 : 0));
    if (next.reduce((a, b) => a + b, 0) < n / 3) break;
    keep = next;
  }
  return residual;
}

const cellX = (i: number) => ((i % columns) + 0.5) / columns - 0.5;
const cellY = (i: number) => (Math.floor(i / columns) + 0.5) / rows - 0.5;

/** Least-squares plane through the kept cells (normal equations, 3 × 3 by Cramer's rule). */
function fitPlane(values: Float64Array, keep: Uint8Array): [number, number, number] {
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const v = [0, 0, 0];
  for (let i = 0; i < values.length; i++) {
    if (!keep[i]) continue;
    const row = [1, cellX(i), cellY(i)];
    for (let r = 0; r < 3; r++) {
      v[r]! += row[r]! * values[i]!;
      for (let c = 0; c < 3; c++) m[r * 3 + c]! += row[r]! * row[c]!;
    }
  }
  const det3 = (a: number[]) => a[0]! * (a[4]! * a[8]! - a[5]! * a[7]!) - a[1]! * (a[3]! * a[8]! - a[5]! * a[6]!) + a[2]! * (a[3]! * a[7]! - a[4]! * a[6]!);
  const d = det3(m);
  if (Math.abs(d) < 1e-12) return [v[0]! / Math.max(1, m[0]!), 0, 0];
  const solve = (k: number) => det3(m.map((x, j) => (j % 3 === k ? v[Math.floor(j / 3)]! : x))) / d;
  return [solve(0), solve(1), solve(2)];
}
