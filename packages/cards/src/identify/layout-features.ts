import { boxResize, chroma, correlation, normalise, quantiseGrid, toGray, type RgbImage } from '@assay/pixels';
import { colourDifferenceAtNone, featureGrids } from './card-features.ts';

/** The grids of CardFeatures, decoded: thumb and colour to shortlist, detail to align. */
export interface LayoutFeatures {
  thumb: Int8Array;
  colour: Int8Array;
  detail: Int8Array;
}

/**
 * The grids of an upright card image exactly the detail grid's size (96×132), computed in place
 * without sharp: outline fitting evaluates dozens of candidate crops per photo.
 */
export function layoutFeatures(card: RgbImage): LayoutFeatures {
  const { width: w, height: h, data } = card;
  const luma = toGray(card).data;
  const [tw, th] = featureGrids.thumb;
  const [cw, ch] = featureGrids.colour;
  return {
    thumb: quantiseGrid(normalise(boxResize(luma, w, h, tw, th), tw, th), 32),
    colour: quantiseGrid(chroma(data, w, h, cw, ch), 100),
    detail: quantiseGrid(normalise(luma, w, h), 32),
  };
}

/** The same grids turned 180°: row-major grids reverse, each colour plane separately. */
export function turnLayout(f: LayoutFeatures): LayoutFeatures {
  const half = f.colour.length / 2;
  const colour = new Int8Array(f.colour.length);
  colour.set(f.colour.subarray(0, half).toReversed());
  colour.set(f.colour.subarray(half).toReversed(), half);
  return { thumb: f.thumb.toReversed(), colour, detail: f.detail.toReversed() };
}

/** Luminance of a small upright card with its light plane removed, at unit variance ×32: as `detail`. */
export function lumaGrid(luma: Float32Array, w: number, h: number): Int8Array {
  return quantiseGrid(normalise(luma, w, h), 32);
}

/** A reference's detail grid averaged down to w × h, as `lumaGrid` of a crop that size would be. */
export function shrinkDetail(detail: Int8Array, w: number, h: number): Int8Array {
  const [dw, dh] = featureGrids.detail;
  return quantiseGrid(normalise(boxResize(Float32Array.from(detail), dw, dh, w, h), w, h), 32);
}

/** Fine alignment: correlation of luminance grids, which a shift of one cell lowers. */
export function gridAlignment(photo: Int8Array, reference: Int8Array): number {
  return correlation(photo, reference);
}

/**
 * `layoutLikeness`'s weights of layout and colour, summing to 1: set with the first layout match
 * (35a1471), not measured alone, near `similarity`'s 0.5 : 0.3 without its detail term. More on
 * colour helps where outlines of like-framed cards tie; more on layout where the light tints colour.
 */
const layoutThumbWeight = 0.65;
const layoutColourWeight = 0.35;

/**
 * Coarse layout and colour agreement, about 0..1: `similarity` without its fine-detail term, which
 * is costly over a whole catalog and adds little when telling outlines a few per cent apart.
 */
export function layoutLikeness(photo: LayoutFeatures, reference: LayoutFeatures): number {
  const thumb = correlation(photo.thumb, reference.thumb);
  let diff = 0;
  for (let i = 0; i < photo.colour.length; i++) diff += Math.abs(photo.colour[i]! - reference.colour[i]!);
  const colour = Math.max(0, 1 - diff / photo.colour.length / 100 / colourDifferenceAtNone);
  return layoutThumbWeight * Math.max(0, thumb) + layoutColourWeight * colour;
}

