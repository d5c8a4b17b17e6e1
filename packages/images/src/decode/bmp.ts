import { CorruptImageError } from './corrupt-image-error.ts';
import type { RawImage } from './raw-image.ts';
import { readDibHeader, type DibHeader } from './dib-header.ts';
import { decodeDibPixels } from './dib-pixels.ts';

const fileHeaderSize = 14;

/** Header of a BMP file: the 14-byte file header, then a DIB. */
export function readBmpHeader(bytes: Buffer): { header: DibHeader; dataOffset: number } {
  if (bytes.length < fileHeaderSize + 4) throw new CorruptImageError('the BMP header is truncated');
  const header = readDibHeader(bytes, fileHeaderSize, false);
  // The declared pixel offset is sometimes zero or points into the palette; the data cannot start
  // before the headers end.
  const declared = bytes.readUInt32LE(10);
  return { header, dataOffset: Math.max(declared, header.end) };
}

/** RGBA pixels narrowed to RGB when no pixel carries its own alpha. */
export function toRawImage(rgba: Buffer, width: number, height: number, hasAlpha: boolean): RawImage {
  if (hasAlpha) return { data: rgba, width, height, channels: 4 };
  const rgb = Buffer.alloc(width * height * 3);
  for (let i = 0, o = 0; i < rgba.length; i += 4, o += 3) {
    rgb[o] = rgba[i] ?? 0;
    rgb[o + 1] = rgba[i + 1] ?? 0;
    rgb[o + 2] = rgba[i + 2] ?? 0;
  }
  return { data: rgb, width, height, channels: 3 };
}

export function decodeBmp(bytes: Buffer): RawImage {
  const { header, dataOffset } = readBmpHeader(bytes);
  const { rgba, hasAlpha } = decodeDibPixels(bytes, header, dataOffset);
  return toRawImage(rgba, header.width, header.height, hasAlpha);
}
