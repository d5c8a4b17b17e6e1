import type { RawImage } from './decode/raw-image.ts';
import { openImage, type OpenImageOptions } from './decode/open-image.ts';

export type DecodedImage = RawImage;
export type DecodeImageOptions = OpenImageOptions;

/**
 * Decodes any accepted format to raw 8-bit RGB or RGBA pixels, top row first, EXIF orientation
 * applied; hand them back to sharp as `sharp(data, { raw: { width, height, channels } })`.
 * Animated and multi-page images give their first frame. Same errors as inspectImage.
 */
export async function decodeImage(bytes: Buffer, options: DecodeImageOptions = {}): Promise<DecodedImage> {
  const image = await openImage(bytes, options);
  return image.decode();
}
