import { luma, type RgbImage } from '@assay/pixels';
import type { LocatedObject } from '../locate/locate-objects.ts';

/** Version of the toy feature layout; references computed with another version must be recomputed. */
export const toyFeaturesVersion = 1;

/** Cells per side of the shape and colour-layout grids laid over an object's bounding box. */
const grid = 10;
/** Chromaticity histogram bins per axis. */
const bins = 8;
/** Share of a cell the object must cover for the cell's colour to count. */
const minCover = 0.3;
/** Added to a pixel's channel sum before its chromaticity is taken, so dark pixels' stays calm (as in locate-objects); hand-set when written (f2a2c6d). */
const darkOffset = 30;
/** Chromaticity histogram range: from minus this… over this span; hand-set when written (f2a2c6d). */
const chromaLow = 0.4;
const chromaSpan = 0.8;
/**
 * Similarity: weights of shape, colour layout, colour histogram and proportions; the shape's mean
 * difference counts this many times; a log-aspect difference of this much scores nothing. Tuned on
 * generator photos (seeds 1000+) when written (f2a2c6d); sensitivity not recorded.
 */
const shapeWeight = 0.3;
const layoutWeight = 0.35;
const coloursWeight = 0.25;
const aspectWeight = 0.1;
const shapeScale = 2;
const aspectReach = 0.5;
/** Layout cell distance: chromaticity axes count this much each, brightness this much; a distance of this scores nothing (f2a2c6d, as above). */
const chromaCellWeight = 2;
const lumaCellWeight = 0.5;
const cellReach = 60;

/**
 * What toy matching compares, the same for a catalog image (cut out of its plain backdrop) and an
 * object located on a table. Plain numbers, JSON-safe (about 1.5 kB). Everything is taken over the
 * object's own bounding box, so position and scale drop out; chromaticity and luminance relative to
 * the object's mean shrug off exposure. Turning by a few degrees moves little between 10 × 10 cells.
 */
export interface ToyFeatures {
  version: typeof toyFeaturesVersion;
  /** log(width / height) of the bounding box. */
  aspect: number;
  /** Share of each cell the object covers (grid × grid, row by row). */
  shape: number[];
  /** Per cell: r−g and b−y chromaticity ×100, luminance over the object's mean ×100; null where the object is absent. */
  layout: ([number, number, number] | null)[];
  /** Chromaticity histogram (bins × bins) of the object's pixels, summing to 1. */
  hist: number[];
}

/** Features of one located object of `image` (the image the object was located in). */
export function objectFeatures(image: RgbImage, object: Pick<LocatedObject, 'box' | 'mask'>): ToyFeatures {
  const [x0, y0, x1, y1] = object.box;
  const bw = x1 - x0;
  const bh = y1 - y0;
  const cells = grid * grid;
  const cover = new Float64Array(cells);
  const total = new Float64Array(cells);
  const sums = Array.from({ length: cells }, () => [0, 0, 0]);
  const hist = new Float64Array(bins * bins);
  let lumaSum = 0;
  let count = 0;
  for (let y = 0; y < bh; y++) {
    const cy = Math.min(grid - 1, Math.floor((y * grid) / bh));
    for (let x = 0; x < bw; x++) {
      const cell = cy * grid + Math.min(grid - 1, Math.floor((x * grid) / bw));
      total[cell]!++;
      if (!object.mask[y * bw + x]) continue;
      const o = ((y + y0) * image.width + x + x0) * 3;
      const [r, g, b] = [image.data[o]!, image.data[o + 1]!, image.data[o + 2]!];
      const sum = r + g + b + darkOffset;
      const rg = (r - g) / sum;
      const by = (b - (r + g) / 2) / sum;
      const luminance = luma(r, g, b);
      cover[cell]!++;
      const s = sums[cell]!;
      s[0]! += rg;
      s[1]! += by;
      s[2]! += luminance;
      lumaSum += luminance;
      count++;
      hist[binOf(rg) * bins + binOf(by)]! += 1;
    }
  }
  const mean = count > 0 ? lumaSum / count : 1;
  return {
    version: toyFeaturesVersion,
    aspect: round(Math.log(Math.max(1, bw) / Math.max(1, bh))),
    shape: Array.from(cover, (c, i) => round(total[i]! > 0 ? c / total[i]! : 0)),
    layout: sums.map((s, i) => {
      const n = cover[i]!;
      if (total[i]! === 0 || n / total[i]! < minCover) return null;
      return [round((s[0]! / n) * 100), round((s[1]! / n) * 100), round(((s[2]! / n) / (mean + 1)) * 100)];
    }),
    hist: Array.from(hist, (v) => round(count > 0 ? v / count : 0, 4)),
  };
}

/** Chromaticity −0.4..0.4 into bins (saturated plastic rarely goes further; the ends collect the rest). */
function binOf(v: number): number {
  return Math.max(0, Math.min(bins - 1, Math.floor(((v + chromaLow) / chromaSpan) * bins)));
}

const round = (v: number, places = 2) => Math.round(v * 10 ** places) / 10 ** places;

/**
 * Similarity of a photographed object to a reference, about 0..1: outline shape, where the colours
 * sit, which colours there are, and the proportions. Weights tuned on generator photos (seeds 1000+).
 */
export function toySimilarity(photo: ToyFeatures, reference: ToyFeatures): number {
  const shape = 1 - meanAbs(photo.shape, reference.shape) * shapeScale;
  const layout = layoutSimilarity(photo.layout, reference.layout);
  const colours = intersection(photo.hist, reference.hist);
  const aspect = Math.max(0, 1 - Math.abs(photo.aspect - reference.aspect) / aspectReach);
  return shapeWeight * Math.max(0, shape) + layoutWeight * layout + coloursWeight * colours + aspectWeight * aspect;
}

function meanAbs(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!);
  return s / a.length;
}

function intersection(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.min(a[i]!, b[i]!);
  return s;
}

/** Colour distance per cell both have (chromaticity counts double), mapped to 0..1; cells one lacks count as misses. */
function layoutSimilarity(a: ToyFeatures['layout'], b: ToyFeatures['layout']): number {
  let score = 0;
  let cells = 0;
  for (let i = 0; i < a.length; i++) {
    const [p, q] = [a[i], b[i]];
    if (!p && !q) continue;
    cells++;
    if (!p || !q) continue;
    const d = chromaCellWeight * Math.abs(p[0] - q[0]) + chromaCellWeight * Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) * lumaCellWeight;
    score += Math.max(0, 1 - d / cellReach);
  }
  return cells === 0 ? 0 : score / cells;
}
