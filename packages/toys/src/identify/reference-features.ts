import sharp from 'sharp';
import { floodFromBorder, type RgbImage } from '@assay/pixels';
import { toyWorkSide } from '../analyse-toy-photo.ts';
import { objectFeatures, type ToyFeatures } from './object-features.ts';

/** Colour distance (sum over channels) within which a pixel is the studio backdrop. */
const backdropTolerance = 30;

/**
 * Features of a catalog image: the toy (or its box) on a plain studio backdrop. The backdrop is the
 * corners' colour reached from the border (a flood fill, so the same colour inside the toy stays);
 * everything else, separate parts included, is the object. Scaled as photos are for locating.
 */
export async function referenceFeatures(file: string | Buffer): Promise<ToyFeatures> {
  return (await referenceReadings(file))[0]!;
}

/**
 * The readings of a catalog image worth matching a photo against: the whole object first, then,
 * when the studio drew a grey ground shadow (a flat pad) under the toy, the toy without it. On a
 * table that pad may stand out as part of the toy or melt into the wood, so a photo's object is
 * compared with both.
 */
export async function referenceReadings(file: string | Buffer): Promise<ToyFeatures[]> {
  const { data, info } = await sharp(file)
    .flatten({ background: '#ffffff' })
    .resize(toyWorkSide, toyWorkSide, { fit: 'inside', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image: RgbImage = { width: info.width, height: info.height, data };
  const { width: w, height: h } = info;
  const backdrop = [data[0]!, data[1]!, data[2]!];
  const near = (p: number) =>
    Math.abs(data[p * 3]! - backdrop[0]!) + Math.abs(data[p * 3 + 1]! - backdrop[1]!) + Math.abs(data[p * 3 + 2]! - backdrop[2]!) < backdropTolerance;
  const outside = floodFromBorder(w, h, near);
  const object = new Uint8Array(w * h);
  for (let p = 0; p < object.length; p++) object[p] = outside[p] ? 0 : 1;
  const readings = [objectFeatures(image, cut(object, w, h))];
  const padless = withoutPad(image, object);
  if (padless) readings.push(objectFeatures(image, cut(padless, w, h)));
  return readings;
}

/** The object's bounding box and its mask over the box (the whole image when the mask is empty). */
function cut(object: Uint8Array, w: number, h: number): { box: [number, number, number, number]; mask: Uint8Array } {
  let [x0, y0, x1, y1] = [w, h, 0, 0];
  for (let p = 0; p < object.length; p++) {
    if (!object[p]) continue;
    const x = p % w;
    const y = (p - x) / w;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x + 1); y0 = Math.min(y0, y); y1 = Math.max(y1, y + 1);
  }
  if (x1 <= x0) [x0, y0, x1, y1] = [0, 0, w, h];
  const bw = x1 - x0;
  const mask = new Uint8Array(bw * (y1 - y0));
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask[(y - y0) * bw + x - x0] = object[y * w + x]!;
  return { box: [x0, y0, x1, y1], mask };
}

/** How far a pad pixel's channels may spread (grey), and how much darker than the pad's middle it may be. */
const padChroma = 12;
const padDarker = 12;
/** Less than this share of the object is a rim or a corner, not a pad. */
const minPadShare = 0.02;
/**
 * Set with catalog images matched without their ground pad (5b1233e), hand-set and not measured
 * alone: the object's lowest rows the pad's grey is read in (share of its height); at least one in
 * `greyLowest` of them must be grey; the pad is at most `maxPadDepth` of the height deep and one
 * `maxPadObject`-th of the object.
 */
const lowestRows = 0.04;
const greyLowest = 2;
const maxPadDepth = 0.25;
const maxPadObject = 3;

/**
 * The object without its ground pad: the grey of the pad's tone reached from the object's lowest
 * rows, with its lighter rim, as long as it makes a low band across the bottom. A toy whose own
 * bottom is that grey would lose more than a thin band, and keeps it. Null when there is no pad.
 */
function withoutPad(image: RgbImage, object: Uint8Array): Uint8Array | null {
  const { width: w, height: h, data } = image;
  let [top, bottom] = [h, -1];
  for (let p = 0; p < object.length; p++) if (object[p]) (top = Math.min(top, Math.floor(p / w))), (bottom = Math.max(bottom, Math.floor(p / w)));
  if (bottom < 0) return null;
  const height = bottom - top + 1;
  // The pad's tone: the median grey of the object's lowest few rows (the pad spans wider than feet or wheels).
  const grey = (p: number) => Math.max(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!) - Math.min(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!) <= padChroma;
  const luma = (p: number) => (data[p * 3]! + data[p * 3 + 1]! + data[p * 3 + 2]!) / 3;
  const lowest: number[] = [];
  for (let y = Math.max(top, bottom - Math.round(lowestRows * height)); y <= bottom; y++) {
    for (let x = 0; x < w; x++) if (object[y * w + x]) lowest.push(y * w + x);
  }
  const greys = lowest.filter(grey).map(luma).sort((a, b) => a - b);
  if (greys.length < lowest.length / greyLowest) return null;
  const padLuma = greys[greys.length >> 1]!;
  // The pad's core is flooded from the lowest rows through its own tone; its soft rim, lighter
  // towards the backdrop, is whatever light grey lies in the rows the core spans. (Flooding through
  // the rim's tones would climb the toy's anti-aliased outline.)
  const core = (p: number) => object[p] === 1 && grey(p) && Math.abs(luma(p) - padLuma) <= padDarker;
  const reached = new Uint8Array(object.length);
  const stack = lowest.filter(core);
  for (const p of stack) reached[p] = 1;
  let padTop = bottom;
  while (stack.length > 0) {
    const p = stack.pop()!;
    padTop = Math.min(padTop, Math.floor(p / w));
    const x = p % w;
    for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
      if (q >= 0 && q < object.length && !reached[q] && core(q)) (reached[q] = 1), stack.push(q);
    }
  }
  const objectCount = object.reduce((n, v) => n + v, 0);
  const rest = Uint8Array.from(object, (v, p) => (v && !(p >= padTop * w && grey(p) && luma(p) >= padLuma - padDarker) ? 1 : 0));
  const count = objectCount - rest.reduce((n, v) => n + v, 0);
  // A pad is a low band: well under a quarter of the object's height, a few per cent of its pixels.
  if (bottom - padTop > maxPadDepth * height || count > objectCount / maxPadObject || count < objectCount * minPadShare) return null;
  return rest;
}
