import { decodeGrid, gridMasks, unpackBits, type CardFeatures, type GridMasks } from './card-features.ts';
import { correlation, pearson } from './correlation.ts';

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

const detailWeight = 0.2;

function weighted(photo: MatchableFeatures, reference: MatchableFeatures, masks?: GridMasks): number {
  const detail = masks ? pearson(photo.detail, reference.detail, masks.detail) : correlation(photo.detail, reference.detail);
  return coarseTerms(photo, reference, masks) + detailWeight * Math.max(0, detail);
}

/** The layout and colour part of `weighted`. */
function coarseTerms(photo: MatchableFeatures, reference: MatchableFeatures, masks?: GridMasks): number {
  // Over the cells left in, the glare's pull on the photo's mean is taken out too (Pearson).
  const thumb = masks ? pearson(photo.thumb, reference.thumb, masks.thumb) : correlation(photo.thumb, reference.thumb);
  const colour = Math.max(0, 1 - meanAbsDifference(photo.colour, reference.colour, masks?.colour) / 100 / 0.12);
  return 0.5 * Math.max(0, thumb) + 0.3 * colour;
}

/**
 * Which of two close references the photo is, judged only where those references differ (the top
 * tenth of detail pixels by difference): positive favours `a`. Reprints share all but a set name and
 * number, which whole-card similarity barely sees.
 */
export function discriminate(photo: MatchableFeatures, a: MatchableFeatures, b: MatchableFeatures): number {
  const diffs = new Float32Array(a.detail.length);
  for (let i = 0; i < diffs.length; i++) diffs[i] = Math.abs(a.detail[i]! - b.detail[i]!);
  const cut = diffs.toSorted((x, y) => y - x)[Math.floor(diffs.length / 10)]!;
  let da = 0;
  let db = 0;
  for (let i = 0; i < diffs.length; i++) {
    if (diffs[i]! < cut || diffs[i]! === 0 || photo.masks?.detail[i]) continue;
    da += (photo.detail[i]! - a.detail[i]!) ** 2;
    db += (photo.detail[i]! - b.detail[i]!) ** 2;
  }
  return da + db === 0 ? 0 : (db - da) / (da + db);
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

