import sharp from 'sharp';
import { createRng } from '../random.ts';
import { svgDocument } from '../svg.ts';
import { drawClutter } from './clutter.ts';
import { paintSurface, type SurfaceKind } from './surfaces.ts';

export interface BackgroundOptions {
  kind: SurfaceKind;
  /** How many clutter items to scatter (0 for a clean surface). */
  clutter: number;
  seed: number;
}

export interface HalfBackground {
  /** Opaque RGB. */
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The table under the card, a surface texture plus clutter, at half the photo's size (rounded
 * up). The camera focuses on the card, so the table is a little soft anyway; drawing it small
 * quarters the cost, and the caller scales it up once everything soft is on it.
 */
export async function renderHalfBackground(photoWidth: number, photoHeight: number, options: BackgroundOptions): Promise<HalfBackground> {
  const rng = createRng(options.seed);
  const width = Math.ceil(photoWidth / 2);
  const height = Math.ceil(photoHeight / 2);
  let data = paintSurface(options.kind, width, height, rng.seed());
  if (options.clutter > 0) {
    const clutter = Buffer.from(svgDocument(width, height, drawClutter(rng, width, height, options.clutter)));
    data = await sharp(data, { raw: { width, height, channels: 3 } }).composite([{ input: clutter }]).removeAlpha().raw().toBuffer();
  }
  return { data, width, height };
}
