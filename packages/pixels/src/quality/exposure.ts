import { decodeGrid } from '../grids/grids.ts';

export interface Exposure {
  /** Share of the object in a hard-edged shadow: much darker than the rest relative to the reference. */
  shadow: number;
  /** Share of the object blown out to white where the reference is not white. */
  glare: number;
}

/**
 * Cells of a tone grid (columns × rows, portrait): raw luminance per cell, halved (0..127), stored as
 * `encode(values, 0.5)`. A card's features carry one; toys build theirs to the same shape.
 */
export const toneGrid = [12, 16] as const;
const [columns, rows] = toneGrid;
/** Proportions of what a tone grid spans (a trading card's 63 × 88 mm), so a 45° split is one on the object, not the grid. */
const toneExtent = [63, 88] as const;

/**
 * Shadow and glare from a photo's tone grid against its matched reference's. The log ratio of the
 * two is what the light did. Smooth light (overall exposure, a lamp to one side, vignetting, sleeve
 * sheen) changes it gradually and must not count, so: glare is print blown out to white, which
 * light that merely brightens never does; shadow is the darker side of the straight split of the
 * object across which the ratio drops the most, counted only when it drops by more than half, which a
 * gradient across one object does not. Without a reference, dark and blown-out cells of the photo
 * alone are counted, a weaker signal. `turned`: the photo shows the object turned 180° from the reference.
 */
export function exposure(photoTone: string, referenceTone: string | null, turned = false): Exposure {
  // Matching may find the object upside down; the grids compare cell for cell only the same way up.
  const photo = turned ? decodeGrid(photoTone).toReversed() : decodeGrid(photoTone);
  if (!referenceTone) {
    // Dark print is no shadow: only a much stronger edge (×⅓) across the photo's own light counts.
    let blown = 0;
    for (const v of photo) if (v > unreferencedBlown) blown++;
    return { shadow: shadowShare(Array.from(photo, (v) => Math.log(v + toneOffset)), unreferencedDrop), glare: blown / photo.length };
  }
  const reference = decodeGrid(referenceTone);
  const ratios = Array.from(photo, (v, i) => Math.log((v + toneOffset) / (reference[i]! + toneOffset)));
  const level = median(ratios);
  let glare = 0;
  for (let i = 0; i < ratios.length; i++) {
    if (photo[i]! >= blownOut && reference[i]! < blownOut - referenceMargin && ratios[i]! - level > brighter) glare++;
  }
  return { shadow: shadowShare(ratios), glare: glare / ratios.length };
}

/** Tone (halved luminance) of a cell blown out to white, and how much brighter than usual it must be. */
const blownOut = 120;
const brighter = Math.log(1.2);
/** Drop in light (log ratio, ×0.5) across a split that makes its darker side a shadow. */
const shadowDrop = Math.log(2);
const unreferencedDrop = Math.log(3);
/** Split directions tried (every 15°) and positions along each (of the object's extent). */
const directions = 24;
const positions = 12;
/** Without a reference, a cell over this tone counts as blown out (60629ba, hand-set). */
const unreferencedBlown = 124;
/** Added to tones before their log is taken, so dark cells' ratios stay calm (76b4e01, hand-set). */
const toneOffset = 4;
/** A reference cell this much under `blownOut` was not white already (76b4e01, hand-set). */
const referenceMargin = 15;
/** Each side of a split holds at least this share of the cells (76b4e01, hand-set). */
const minSide = 0.1;

/** The darker side's share of the object across a hard light edge, or 0 without one. */
function shadowShare(ratios: number[], minDrop = shadowDrop): number {
  const n = ratios.length;
  // Cell centres in the object's proportions (`toneExtent`).
  const xs = ratios.map((_, i) => (((i % columns) + 0.5) / columns - 0.5) * toneExtent[0]);
  const ys = ratios.map((_, i) => ((Math.floor(i / columns) + 0.5) / rows - 0.5) * toneExtent[1]);
  // Scratch for each split's two sides: 264 splits an object, each sorted for its medians.
  const dark = new Float64Array(n);
  const lit = new Float64Array(n);
  let share = 0;
  for (let k = 0; k < directions; k++) {
    const angle = (2 * Math.PI * k) / directions;
    const along = xs.map((x, i) => x * Math.cos(angle) + ys[i]! * Math.sin(angle));
    const extent = Math.max(...along);
    for (let p = 1; p < positions; p++) {
      const cut = extent * ((2 * p) / positions - 1);
      let darkCount = 0;
      let litCount = 0;
      for (let i = 0; i < n; i++) {
        if (along[i]! > cut) dark[darkCount++] = ratios[i]!;
        else lit[litCount++] = ratios[i]!;
      }
      if (darkCount < n * minSide || litCount < n * minSide) continue;
      // Of the splits dropping enough, the widest: the median on each side shrugs off a few cells
      // of the wrong side, so the widest is about where the shadow's edge runs.
      if (medianOf(lit, litCount) - medianOf(dark, darkCount) > minDrop) share = Math.max(share, darkCount / n);
    }
  }
  return share;
}

/** Median (the upper one of an even count) of the first `count` values, which it reorders. */
const medianOf = (values: Float64Array, count: number) => kthSmallest(values, count, count >> 1);

/** The k-th smallest (from 0) of the first `count` values, reordering them: Hoare's selection, no sort. */
function kthSmallest(values: Float64Array, count: number, k: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k]!;
  }
  return values[k]!;
}

const median = (v: number[]) => v.toSorted((a, b) => a - b)[v.length >> 1] ?? 0;
