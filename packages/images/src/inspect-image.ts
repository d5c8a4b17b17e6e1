import type { ImageFormat } from '@assay/contract';
import { openImage, type OpenImageOptions } from './decode/open-image.ts';

export interface ImageInfo {
  format: ImageFormat;
  /** As displayed: EXIF orientation applied, like decodeImage. */
  width: number;
  height: number;
}

export type InspectImageOptions = OpenImageOptions;

/**
 * Checks that bytes are an accepted image that decodes completely: format by magic bytes
 * (IMAGE_FORMAT_UNSUPPORTED), size from the header against the pixel limit before decoding
 * (IMAGE_TOO_MANY_PIXELS), then every pixel decoded (IMAGE_UNDECODABLE for truncated or corrupt data).
 */
export async function inspectImage(bytes: Buffer, options: InspectImageOptions = {}): Promise<ImageInfo> {
  const image = await openImage(bytes, options);
  await image.verify();
  return { format: image.format, width: image.width, height: image.height };
}
