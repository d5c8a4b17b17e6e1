import type { ImageFormat } from '@assay/contract';

const contentTypes: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  webp: 'image/webp',
  ico: 'image/vnd.microsoft.icon',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** The media type of an accepted format, e.g. for storing the image. */
export function imageContentType(format: ImageFormat): string {
  return contentTypes[format];
}
