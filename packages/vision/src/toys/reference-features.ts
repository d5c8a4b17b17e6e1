import sharp from 'sharp';
import { toyWorkSide } from './analyse-toy-photo.ts';
import { objectFeatures, type ToyFeatures } from './object-features.ts';
import { floodFromBorder } from '../image/flood-from-border.ts';

/** Colour distance (sum over channels) within which a pixel is the studio backdrop. */
const backdropTolerance = 30;

/**
 * Features of a catalog image: the toy (or its box) on a plain studio backdrop. The backdrop is the
 * corners' colour reached from the border (a flood fill, so the same colour inside the toy stays);
 * everything else, separate parts included, is the object. Scaled as photos are for locating.
 */
export async function referenceFeatures(file: string | Buffer): Promise<ToyFeatures> {
  const { data, info } = await sharp(file)
    .flatten({ background: '#ffffff' })
    .resize(toyWorkSide, toyWorkSide, { fit: 'inside', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const backdrop = [data[0]!, data[1]!, data[2]!];
  const near = (p: number) =>
    Math.abs(data[p * 3]! - backdrop[0]!) + Math.abs(data[p * 3 + 1]! - backdrop[1]!) + Math.abs(data[p * 3 + 2]! - backdrop[2]!) < backdropTolerance;
  const outside = floodFromBorder(w, h, near);
  let [x0, y0, x1, y1] = [w, h, 0, 0];
  for (let p = 0; p < outside.length; p++) {
    if (outside[p]) continue;
    const x = p % w;
    const y = (p - x) / w;
    x0 = Math.min(x0, x); x1 = Math.max(x1, x + 1); y0 = Math.min(y0, y); y1 = Math.max(y1, y + 1);
  }
  if (x1 <= x0) [x0, y0, x1, y1] = [0, 0, w, h];
  const bw = x1 - x0;
  const mask = new Uint8Array(bw * (y1 - y0));
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask[(y - y0) * bw + x - x0] = outside[y * w + x] ? 0 : 1;
  return objectFeatures({ width: w, height: h, data }, { box: [x0, y0, x1, y1], mask });
}
