import { correlation, luma, normalise, type RgbImage } from '@assay/pixels';
import { cardFeatures, featureGrids, type CardFeatures } from './card-features.ts';
import { shrinkDetail } from './layout-features.ts';
import { matchable, rotated180, similarity, similarityCeiling, type MatchableFeatures } from './match-features.ts';

/** A rectangle of a rectified card image, in pixels (x1, y1 exclusive). */
export interface CropBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The crop chosen, and how well the outline's own and the chosen crop line up with the best reference. */
export interface FittedCrop {
  box: CropBox;
  before: number;
  after: number;
}

/** Grid the search aligns on: half the detail grid, as outline choice does. */
const gridW = featureGrids.detail[0] / 2;
const gridH = featureGrids.detail[1] / 2;
/**
 * References (in their better reading) the search aligns against: a sleeve's crop may rank its card 7th.
 * Raised from 6 in 3480f91 (dev request identity 1212 119 -> 120, 1244 118 -> 120 of 120), with `behindLeader`.
 */
const shortlistSize = 9;
/** Inset of each side tried, as a share of the card's size: out to the margin, in past a sleeve or recess. */
const insets = { outward: -0.04, inward: 0.16 } as const;
/** How much better aligned a moved crop must be to replace the outline's own (a coincidence otherwise). */
const minGain = 0.03;
/** How far behind the best-aligned card another may fall and still be aligned in finer steps: set in 3480f91 to keep the fit's cost (574 vs 564 ms/photo). */
const behindLeader = 0.1;
// `insets`, `minGain` and the numbers below were hand-set when the crop fit was written (7b817fc) and not measured alone since.
/** Smallest crop kept, as a share of the outline's width and height. */
const smallestCrop = 0.6;
/** The uniform pass: insets this share of the card apart, the card shifted within them by up to this share, this share apart. */
const insetStep = 0.02;
const uniformShift = { reach: 0.06, step: 0.03 } as const;
/** The side-by-side pass: each side moved by these shares of the card, coarsest first. */
const sideSteps = [0.02, 0.01, 0.005];
/** A coarse grid's cells, normalised, are stored as bytes at this many steps per unit. */
const gridQuantum = 32;

/**
 * The card inside an outline that is not quite its edge. When the outline found is a sleeve's or a
 * slab recess's, or runs a few pixels off, the crop carries a border the reference lacks and its
 * print is shifted and scaled against the reference's, which costs matching most of its margin. The
 * crop is moved side by side to where its contents line up best with the catalog cards it already
 * most resembles; kept only when clearly better aligned. Costs a few milliseconds: each trial is a
 * box-averaged grid read from an integral image.
 */
export function fitCardCrop(image: RgbImage, margin: number, photo: MatchableFeatures, references: MatchableFeatures[]): FittedCrop {
  const start: CropBox = { x0: margin, y0: margin, x1: image.width - margin, y1: image.height - margin };
  if (references.length === 0) return { box: start, before: 0, after: 0 };
  const integral = lumaIntegral(image);
  const shortlist = shortlistOf(photo, references);
  const gridOf = (box: CropBox) => boxGrid(integral, image.width + 1, box);
  const cardW = start.x1 - start.x0;
  const cardH = start.y1 - start.y0;
  const startGrid = gridOf(start);
  const startScore = Math.max(-1, ...shortlist.map((ref) => correlation(startGrid, ref)));
  const limits = (side: number) => (side % 2 === 0 ? cardW : cardH);
  // Sides 0..3: left, top, right, bottom, as insets in pixels.
  const boxOf = (at: number[]): CropBox | null => {
    const box = { x0: start.x0 + at[0]!, y0: start.y0 + at[1]!, x1: start.x1 - at[2]!, y1: start.y1 - at[3]! };
    const inside = box.x0 >= 0 && box.y0 >= 0 && box.x1 <= image.width && box.y1 <= image.height;
    return inside && box.x1 - box.x0 > cardW * smallestCrop && box.y1 - box.y0 > cardH * smallestCrop ? box : null;
  };
  // Each shortlisted card is aligned on its own: a rival that lines up fairly well with the sleeve's
  // border would otherwise lead a shared search away from where the true card lines up far better.
  const fits = shortlist.map(() => ({ box: start, score: -Infinity, at: [0, 0, 0, 0] }));
  // A sleeve or recess adds about as much on opposite sides: first a uniform inset with the card
  // shifted within it, each box's grid read once for every card.
  for (let s = insets.outward; s <= insets.inward + 1e-9; s += insetStep) {
    for (let shift = -uniformShift.reach; shift <= uniformShift.reach + 1e-9; shift += uniformShift.step) {
      const dx = s * cardW;
      const dy = s * cardH;
      const at = [dx, dy + shift * cardH, dx, dy - shift * cardH].map(Math.round);
      const box = boxOf(at);
      if (!box) continue;
      const grid = gridOf(box);
      shortlist.forEach((ref, r) => {
        const score = correlation(grid, ref);
        if (score > fits[r]!.score) fits[r] = { box, score, at };
      });
    }
  }
  // Then each side alone in shrinking steps; a card left clearly behind by the coarsest step is
  // dropped, and a box's grid is read once whichever card tries it.
  const grids = new Map<string, Int8Array>();
  const cachedGrid = (box: CropBox) => {
    const key = `${box.x0},${box.y0},${box.x1},${box.y1}`;
    let grid = grids.get(key);
    if (!grid) grids.set(key, (grid = gridOf(box)));
    return grid;
  };
  let inPlay = shortlist.map((_, r) => r);
  for (const step of sideSteps) {
    for (const r of inPlay) {
      const fit = fits[r]!;
      const ref = shortlist[r]!;
      const tryAt = (trial: number[]) => {
        const box = boxOf(trial);
        if (!box) return false;
        const score = correlation(cachedGrid(box), ref);
        if (score <= fit.score) return false;
        Object.assign(fit, { box, score, at: trial });
        return true;
      };
      for (let side = 0; side < 4; side++) {
        const d = Math.max(1, Math.round(step * limits(side)));
        const base = fit.at;
        if (!tryAt(base.map((v, i) => (i === side ? v + d : v)))) tryAt(base.map((v, i) => (i === side ? v - d : v)));
      }
    }
    const leader = Math.max(...inPlay.map((r) => fits[r]!.score));
    inPlay = inPlay.filter((r) => fits[r]!.score >= leader - behindLeader);
  }
  let best = { box: start, score: startScore };
  for (const fit of fits) if (fit.score > best.score) best = { box: fit.box, score: fit.score };
  return best.score >= startScore + minGain ? { box: best.box, before: startScore, after: best.score } : { box: start, before: startScore, after: startScore };
}

/** Each reference's coarse grid in both readings, computed once per reference set (a worker's whole life). */
const coarseCache = new WeakMap<MatchableFeatures[], Int8Array[][]>();

function coarseGrids(references: MatchableFeatures[]): Int8Array[][] {
  let grids = coarseCache.get(references);
  if (!grids) {
    grids = references.map((ref) => [shrinkDetail(ref.detail, gridW, gridH), shrinkDetail(ref.detail.toReversed(), gridW, gridH)]);
    coarseCache.set(references, grids);
  }
  return grids;
}

/**
 * The references most like the photo as analysed (whole-card similarity: layout, colour, detail,
 * which a misframed crop still ranks its card high by), each as the coarse grid in its better reading.
 * Full similarity is computed only for references whose ceiling could still make the shortlist.
 */
function shortlistOf(photo: MatchableFeatures, references: MatchableFeatures[]): Int8Array[] {
  const grids = coarseGrids(references);
  const turned = rotated180(photo);
  const byCeiling = references
    .map((ref, i) => ({ i, ceiling: Math.max(similarityCeiling(photo, ref), similarityCeiling(turned, ref)) }))
    .sort((a, b) => b.ceiling - a.ceiling);
  const scored: { i: number; grid: Int8Array; score: number }[] = [];
  let worstKept = -Infinity;
  for (const { i, ceiling } of byCeiling) {
    // Strictly below: a tie would keep the reference listed first, as sorting every score does.
    if (scored.length >= shortlistSize && ceiling < worstKept) break;
    const ref = references[i]!;
    const upright = similarity(photo, ref);
    const flipped = similarity(turned, ref);
    scored.push({ i, grid: grids[i]![flipped > upright ? 1 : 0]!, score: Math.max(upright, flipped) });
    if (scored.length >= shortlistSize) worstKept = scored.map((s) => s.score).sort((a, b) => b - a)[shortlistSize - 1]!;
  }
  return scored
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, shortlistSize)
    .map(({ grid }) => grid);
}

/** Whole-pixel cell boundaries splitting from..to into `cells`, each at least a pixel wide. */
function edgesOf(from: number, to: number, cells: number): Int32Array {
  const edges = new Int32Array(cells + 1);
  for (let i = 0; i <= cells; i++) edges[i] = Math.round(from + ((to - from) * i) / cells);
  for (let i = 1; i <= cells; i++) edges[i] = Math.max(edges[i]!, edges[i - 1]! + 1);
  return edges;
}

/** Summed-area table of luminance, (w+1) × (h+1) with a zero first row and column. */
function lumaIntegral(image: RgbImage): Float64Array {
  const { width: w, height: h, data } = image;
  const stride = w + 1;
  const sums = new Float64Array(stride * (h + 1));
  // A row per call: optimised once for every photo, where one long loop would restart unoptimised each time.
  for (let y = 0; y < h; y++) integrateRow(data, w, y, sums);
  return sums;
}

/** Row `y + 1` of `lumaIntegral`'s table, from row `y`. */
function integrateRow(data: Uint8Array, w: number, y: number, sums: Float64Array): void {
  const stride = w + 1;
  let row = 0;
  for (let x = 0; x < w; x++) {
    const o = (y * w + x) * 3;
    row += luma(data[o]!, data[o + 1]!, data[o + 2]!);
    sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
  }
}

/** The box's luminance averaged into the search grid, light plane removed, as `lumaGrid` would give. */
function boxGrid(sums: Float64Array, stride: number, box: CropBox): Int8Array {
  const cells = new Float32Array(gridW * gridH);
  const xs = edgesOf(box.x0, box.x1, gridW);
  const ys = edgesOf(box.y0, box.y1, gridH);
  for (let gy = 0; gy < gridH; gy++) {
    const top = ys[gy]! * stride;
    const bottom = ys[gy + 1]! * stride;
    const rows = ys[gy + 1]! - ys[gy]!;
    for (let gx = 0; gx < gridW; gx++) {
      const x0 = xs[gx]!;
      const x1 = xs[gx + 1]!;
      cells[gy * gridW + gx] = (sums[bottom + x1]! - sums[top + x1]! - sums[bottom + x0]! + sums[top + x0]!) / ((x1 - x0) * rows);
    }
  }
  const normalised = normalise(cells, gridW, gridH);
  const out = new Int8Array(normalised.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-127, Math.min(127, Math.round(normalised[i]! * gridQuantum)));
  return out;
}

/**
 * The card's features from a rectified image with a margin: of the outline's own crop, or, with
 * references, of the crop `fitCardCrop` finds when that lines up clearly better.
 */
export async function fittedCardFeatures(image: RgbImage, margin: number, references: MatchableFeatures[] = []): Promise<CardFeatures> {
  const options = { maskBlownOut: true };
  const outlined = await cardFeatures(cropBox(image, { x0: margin, y0: margin, x1: image.width - margin, y1: image.height - margin }), options);
  if (references.length === 0) return outlined;
  const { box, before, after } = fitCardCrop(image, margin, matchable(outlined), references);
  return after > before ? cardFeatures(cropBox(image, box), options) : outlined;
}

function cropBox(image: RgbImage, box: CropBox): RgbImage {
  const width = box.x1 - box.x0;
  const height = box.y1 - box.y0;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((y + box.y0) * image.width + box.x0) * 3;
    data.set(image.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { width, height, data };
}
