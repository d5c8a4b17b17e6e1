import sharp, { type Sharp } from 'sharp';

/** Straight (unpremultiplied) RGBA pixels, row-major. Layers are passed around in this form. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

export type Point = [number, number];

export function rawInput(image: RawImage) {
  return { raw: { width: image.width, height: image.height, channels: 4 as const } };
}

/** Wraps RGBA pixels for further sharp work. */
export function fromRaw(image: RawImage) {
  return sharp(image.data, rawInput(image));
}

export async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
