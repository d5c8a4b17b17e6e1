import { correlation, decodeGrid, pearson } from '@assay/pixels';
import { colourDifferenceAtNone, featureGrids, gridMasks, unpackBits, type CardFeatures, type GridMasks } from './card-features.ts';

/** A card's features decoded once for repeated matching. */
export interface MatchableFeatures {
  thumb: Int8Array;
  colour: Int8Array;
  detail: Int8Array;
  /** Cells of a photo left out of matching (blown out), per grid; none for a reference. */
  masks?: GridMasks;
}

export interface Orientation {
  /** The photo's grids turned 180°, for a card photographed upside down. */
  rotated: boolean;
}

export function matchable(features: CardFeatures): MatchableFeatures {
  const grids = { thumb: decodeGrid(features.thumb), colour: decodeGrid(features.colour), detail: decodeGrid(features.detail) };
  return features.blownOut ? { ...grids, masks: gridMasks(unpackBits(features.blownOut)) } : grids;
}

/** The same grids for the card turned 180°: row-major grids reverse, each colour plane separately. */
export function rotated180(f: MatchableFeatures): MatchableFeatures {
  const half = f.colour.length / 2;
  const colour = new Int8Array(f.colour.length);
  colour.set(f.colour.subarray(0, half).toReversed());
  colour.set(f.colour.subarray(half).toReversed(), half);
  const turned = { thumb: f.thumb.toReversed(), colour, detail: f.detail.toReversed() };
  const masks = f.masks && { thumb: f.masks.thumb.toReversed(), colour: f.masks.colour.toReversed(), detail: f.masks.detail.toReversed() };
  return masks ? { ...turned, masks } : turned;
}

/**
 * Similarity of a photographed card to a reference, about 0..1: mostly the layout of light and dark
 * (normalised correlation, blind to exposure and a light gradient), then colour, then fine detail.
 * Weights tuned on generator photos; the detail term separates reprints and parallels.
 */
export function similarity(photo: MatchableFeatures, reference: MatchableFeatures): number {
  const plain = weighted(photo, reference);
  // Blown-out cells are glare or white print overexposed: which, the reference decides, so the
  // photo is taken as whichever explains it better.
  return photo.masks ? Math.max(plain, weighted(photo, reference, photo.masks)) : plain;
}

/**
 * `similarity` and `plainSimilarity` at once: the plain reading is the first half of the other's
 * work, and matching a photo against the catalog wants both for every reference.
 */
export function similarityAndPlain(photo: MatchableFeatures, reference: MatchableFeatures): { similarity: number; plain: number } {
  const plain = weighted(photo, reference);
  return { similarity: photo.masks ? Math.max(plain, weighted(photo, reference, photo.masks)) : plain, plain };
}

/** `similarity` over every cell, blown out or not: what the photo shows, no reading of it favoured. */
export function plainSimilarity(photo: MatchableFeatures, reference: MatchableFeatures): number {
  return weighted(photo, reference);
}

/**
 * A ceiling on `similarity` from its cheap terms, the fine detail (most of the cost: 12,672 cells
 * against a few hundred) taken as a perfect match: references below a shortlist's worst need no more.
 */
export function similarityCeiling(photo: MatchableFeatures, reference: MatchableFeatures): number {
  // A hair over the detail term's best, so rounding never puts a score above its ceiling.
  const best = detailWeight + 1e-9;
  const plain = coarseTerms(photo, reference) + best;
  return photo.masks ? Math.max(plain, coarseTerms(photo, reference, photo.masks) + best) : plain;
}

/**
 * Similarity to the most alike reference, in either reading (upright or turned half round). Full
 * similarity is computed only while a reference's ceiling could still beat the best so far.
 */
export function bestSimilarity(photo: MatchableFeatures, references: readonly MatchableFeatures[]): number {
  const turned = rotated180(photo);
  const byCeiling = references
    .map((ref) => ({ ref, ceiling: Math.max(similarityCeiling(photo, ref), similarityCeiling(turned, ref)) }))
    .sort((a, b) => b.ceiling - a.ceiling);
  let best = 0;
  for (const { ref, ceiling } of byCeiling) {
    if (ceiling <= best) break;
    best = Math.max(best, similarity(photo, ref), similarity(turned, ref));
  }
  return best;
}

/**
 * A match's weights of layout (the thumbnail's correlation), colour and fine detail: set when the
 * card matcher was written (60629ba) and kept since, not measured alone. More on detail tells
 * reprints apart better and suffers more from blur; more on layout the reverse.
 */
const thumbWeight = 0.5;
const colourWeight = 0.3;
const detailWeight = 0.2;

function weighted(photo: MatchableFeatures, reference: MatchableFeatures, masks?: GridMasks): number {
  const detail = masks ? pearson(photo.detail, reference.detail, masks.detail) : correlation(photo.detail, reference.detail);
  return coarseTerms(photo, reference, masks) + detailWeight * Math.max(0, detail);
}

/** The layout and colour part of `weighted`. */
function coarseTerms(photo: MatchableFeatures, reference: MatchableFeatures, masks?: GridMasks): number {
  // Over the cells left in, the glare's pull on the photo's mean is taken out too (Pearson).
  const thumb = masks ? pearson(photo.thumb, reference.thumb, masks.thumb) : correlation(photo.thumb, reference.thumb);
  const colour = Math.max(0, 1 - meanAbsDifference(photo.colour, reference.colour, masks?.colour) / 100 / colourDifferenceAtNone);
  return thumbWeight * Math.max(0, thumb) + colourWeight * colour;
}

/**
 * Which of two close references the photo is, judged only where those references differ: positive
 * favours `a`, about -1..1. Reprints share all but a set name and number, which whole-card
 * similarity barely sees. A slab or sleeve leaves the crop a cell or two off at the card's edge,
 * enough to put small print out of register, so the photo is first aligned on that neighbourhood.
 */
export function discriminate(photo: MatchableFeatures, a: MatchableFeatures, b: MatchableFeatures): number {
  const differing = differingCells(a.detail, b.detail);
  if (differing.length === 0) return 0;
  const mean = Int8Array.from(a.detail, (v, i) => (v + b.detail[i]!) >> 1);
  const { dx, dy } = bestShift(photo, mean, around(differing));
  const [w, h] = featureGrids.detail;
  // How the photo departs from the references' mean, against how `a` departs from `b`.
  let along = 0;
  let photoEnergy = 0;
  let gapEnergy = 0;
  for (const i of differing) {
    const x = (i % w) + dx;
    const y = Math.floor(i / w) + dy;
    if (x < 0 || y < 0 || x >= w || y >= h || photo.masks?.detail[y * w + x]) continue;
    const departure = photo.detail[y * w + x]! - (a.detail[i]! + b.detail[i]!) / 2;
    const gap = a.detail[i]! - b.detail[i]!;
    along += departure * gap;
    photoEnergy += departure * departure;
    gapEnergy += gap * gap;
  }
  return photoEnergy === 0 || gapEnergy === 0 ? 0 : along / Math.sqrt(photoEnergy * gapEnergy);
}

/**
 * Least difference (detail units: ×32 of a standard deviation) that counts: below it two references
 * differ only by the ripple their own normalisation leaves, which would swamp a small print change.
 */
const minDifference = 8;
/** Cells a crop may be out of register by, each way, and the context around differing cells aligned on. */
const registerReach = 2;
const registerContext = 3;
/** Least share of that neighbourhood in view for registering on it. */
const minSeenShare = 0.5;

/** Detail cells where two references differ most: the top tenth, and at least `minDifference`. */
function differingCells(a: Int8Array, b: Int8Array): number[] {
  const diffs = Int16Array.from(a, (v, i) => Math.abs(v - b[i]!));
  const cut = Math.max(minDifference, diffs.toSorted((x, y) => y - x)[Math.floor(diffs.length / 10)]!);
  const cells: number[] = [];
  for (let i = 0; i < diffs.length; i++) if (diffs[i]! >= cut) cells.push(i);
  return cells;
}

interface Window {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box around some detail cells, with `registerContext` cells of what surrounds them. */
function around(cells: number[]): Window {
  const [w, h] = featureGrids.detail;
  const xs = cells.map((i) => i % w);
  const ys = cells.map((i) => Math.floor(i / w));
  const c = registerContext;
  return { x0: Math.max(0, Math.min(...xs) - c), y0: Math.max(0, Math.min(...ys) - c), x1: Math.min(w - 1, Math.max(...xs) + c), y1: Math.min(h - 1, Math.max(...ys) + c) };
}

/** The offset of the photo's cells (within `registerReach`) that best correlates with `target` over a box. */
function bestShift(photo: MatchableFeatures, target: Int8Array, box: Window): { dx: number; dy: number } {
  // A neighbourhood mostly blown out (white print in a slab, glare) leaves too few cells to register
  // on: the crop as found is kept.
  if (photo.masks && seenShare(photo.masks.detail, box) < minSeenShare) return { dx: 0, dy: 0 };
  // Ties keep the crop as found: the better-founded reading.
  let best = { dx: 0, dy: 0, score: registration(photo, target, box, 0, 0) };
  for (let dy = -registerReach; dy <= registerReach; dy++) {
    for (let dx = -registerReach; dx <= registerReach; dx++) {
      const score = registration(photo, target, box, dx, dy);
      if (score > best.score + 1e-9) best = { dx, dy, score };
    }
  }
  return best;
}

/** Share of a box's detail cells not blown out. */
function seenShare(mask: Uint8Array, box: Window): number {
  const w = featureGrids.detail[0];
  let seen = 0;
  for (let y = box.y0; y <= box.y1; y++) for (let x = box.x0; x <= box.x1; x++) if (!mask[y * w + x]) seen++;
  return seen / ((box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1));
}

/** Pearson correlation of the photo's cells, offset by (dx, dy), with `target` over a box; -Infinity if flat. */
function registration(photo: MatchableFeatures, target: Int8Array, box: Window, dx: number, dy: number): number {
  const [w, h] = featureGrids.detail;
  let n = 0;
  let sp = 0;
  let st = 0;
  let spp = 0;
  let stt = 0;
  let spt = 0;
  for (let y = Math.max(box.y0, -dy); y <= Math.min(box.y1, h - 1 - dy); y++) {
    for (let x = Math.max(box.x0, -dx); x <= Math.min(box.x1, w - 1 - dx); x++) {
      const j = (y + dy) * w + x + dx;
      if (photo.masks?.detail[j]) continue;
      const p = photo.detail[j]!;
      const t = target[y * w + x]!;
      n++;
      sp += p;
      st += t;
      spp += p * p;
      stt += t * t;
      spt += p * t;
    }
  }
  const spread = (spp - (sp * sp) / n) * (stt - (st * st) / n);
  return n > 0 && spread > 0 ? (spt - (sp * st) / n) / Math.sqrt(spread) : -Infinity;
}

/** Over the cells the mask leaves in; colour grids are two planes, each covered by the one mask. */
function meanAbsDifference(a: Int8Array, b: Int8Array, mask?: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if (mask?.[i % mask.length]) continue;
    sum += Math.abs(a[i]! - b[i]!);
    n++;
  }
  return n === 0 ? 0 : sum / n;
}

