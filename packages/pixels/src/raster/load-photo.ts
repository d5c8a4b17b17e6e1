import sharp, { type Sharp } from 'sharp';
import { decodeImage } from '@assay/images';
import type { RgbImage } from './raster.ts';

/** One photo among several analysed together (a request's images), bytes already through image intake. */
export interface Photo {
  /** Its place among them (the request's image index). */
  index: number;
  bytes: Buffer;
}

export interface LoadedPhoto {
  /** The photo at analysis resolution (the original unless its long side exceeds `maxSide`). */
  full: RgbImage;
  /** A small copy for locating, long side `workSide`. */
  work: RgbImage;
  /** Pixels of `full` per pixel of `work`. */
  scale: number;
  /** Size of the original image, before any downscale. */
  original: { width: number; height: number };
}

export interface LoadPhotoOptions {
  /** Long side of the locating copy: ~480 keeps the edge map and Hough under 10 ms. */
  workSide?: number;
  /** Larger photos are shrunk on load; a card filling half of 2000 px is plenty for centering. */
  maxSide?: number;
}

/**
 * Decodes to RGB (EXIF orientation applied, alpha flattened on white). Formats libvips reads go
 * straight through sharp so JPEG can shrink on load; the rest (HEIC, BMP, ICO) use the intake decoder.
 */
export async function loadPhoto(bytes: Buffer, options: LoadPhotoOptions = {}): Promise<LoadedPhoto> {
  const workSide = options.workSide ?? 480;
  const maxSide = options.maxSide ?? 2000;
  let input: Sharp;
  let original: { width: number; height: number };
  try {
    input = sharp(bytes, { autoOrient: true, failOn: 'none' });
    const meta = await input.metadata();
    original = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch {
    const raw = await decodeImage(bytes);
    input = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    original = { width: raw.width, height: raw.height };
  }
  const longSide = Math.max(original.width, original.height);
  if (longSide > maxSide) input = input.resize({ width: original.width >= original.height ? maxSide : undefined, height: original.width < original.height ? maxSide : undefined });
  const full = await input.flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const fullImage: RgbImage = { width: full.info.width, height: full.info.height, data: full.data };
  const factor = Math.max(1, Math.max(fullImage.width, fullImage.height) / workSide);
  const work = await sharp(full.data, { raw: { width: fullImage.width, height: fullImage.height, channels: 3 } })
    .resize(Math.round(fullImage.width / factor), Math.round(fullImage.height / factor), { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    full: fullImage,
    work: { width: work.info.width, height: work.info.height, data: work.data },
    scale: fullImage.width / work.info.width,
    original,
  };
}
