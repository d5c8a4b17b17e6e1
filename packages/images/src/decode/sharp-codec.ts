import sharp, { type SharpOptions } from 'sharp';
import { CorruptImageError } from './corrupt-image-error.ts';
import type { RawImage } from './raw-image.ts';

// libvips keeps the results of recent operations (up to 50 MB) in case the same one runs again.
// Every photo here is decoded once, so the cache never hits and only holds memory: over 1,000 mixed
// items `assay run` held 5–8 MB less of native heap without it, for the same time.
sharp.cache(false);

/** The size once EXIF orientation is applied, as decodeWithSharp returns it. */
export interface SharpSize {
  width: number;
  height: number;
}

/**
 * The size from the header alone (the first frame or page of animations and multi-page files).
 * No pixel limit here: the caller compares the size itself, so it can report it.
 */
export async function readSharpSize(bytes: Buffer): Promise<SharpSize> {
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (!metadata.width || !metadata.height) throw new CorruptImageError('the image header has no size');
  return { width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/**
 * The options every decode uses. failOn 'error' makes truncated and corrupt data fail instead of
 * silently coming out grey; the pixel limit backs up the header check; EXIF orientation is applied
 * so that assessment sees the item the way the photographer held it.
 */
function decoder(bytes: Buffer, maxPixels: number) {
  const options: SharpOptions = { failOn: 'error', limitInputPixels: maxPixels, autoOrient: true };
  return sharp(bytes, options);
}

/** Decodes to 8-bit sRGB, keeping alpha only when the image has it. */
export async function decodeWithSharp(bytes: Buffer, maxPixels: number): Promise<RawImage> {
  const { data, info } = await decoder(bytes, maxPixels).toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({
    resolveWithObject: true,
  });
  if (info.channels !== 3 && info.channels !== 4) {
    throw new CorruptImageError(`the image decoded to ${info.channels} channels`);
  }
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Proves every pixel decodes without keeping them. Decoding to an eighth of the width lets JPEG and
 * WebP use shrink-on-load: the decoder still reads every coded block (so truncated or corrupt data
 * fails) but skips most of the inverse transform, about 4x faster than a full decode of a 1 MB photo.
 */
export async function verifyWithSharp(bytes: Buffer, maxPixels: number, width: number): Promise<void> {
  await decoder(bytes, maxPixels)
    .resize({ width: Math.max(1, Math.ceil(width / 8)), fastShrinkOnLoad: true, kernel: 'nearest' })
    .raw()
    .toBuffer();
}
