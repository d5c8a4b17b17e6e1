import { CorruptImageError } from './corrupt-image-error.ts';
import type { RawImage } from './raw-image.ts';
import { readDibHeader, type DibHeader } from './dib-header.ts';
import { applyIconMask, decodeDibPixels } from './dib-pixels.ts';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image an ICO shows best: a PNG (decoded elsewhere) or a DIB with its AND mask. */
export type IcoImage = { kind: 'png'; png: Buffer } | { kind: 'dib'; entry: Buffer; header: DibHeader };

/**
 * Picks the largest entry of the icon directory (the most detail for assessment), the deepest
 * colour on a tie. The sizes in the directory are only a hint; the entry's own header is what counts.
 */
export function readIco(bytes: Buffer): IcoImage {
  if (bytes.length < 6) throw new CorruptImageError('the ICO header is truncated');
  const count = bytes.readUInt16LE(4);
  let best: { area: number; bits: number; offset: number; size: number } | null = null;
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 16;
    if (at + 16 > bytes.length) throw new CorruptImageError('the ICO directory is truncated');
    const width = bytes[at] || 256;
    const height = bytes[at + 1] || 256;
    const candidate = {
      area: width * height,
      bits: bytes.readUInt16LE(at + 6),
      size: bytes.readUInt32LE(at + 8),
      offset: bytes.readUInt32LE(at + 12),
    };
    if (best === null || candidate.area > best.area || (candidate.area === best.area && candidate.bits > best.bits)) {
      best = candidate;
    }
  }
  if (best === null) throw new CorruptImageError('the ICO has no images');
  if (best.offset + best.size > bytes.length || best.size < 4) {
    throw new CorruptImageError('an ICO entry lies outside the file');
  }
  const entry = bytes.subarray(best.offset, best.offset + best.size);
  if (entry.subarray(0, 8).equals(pngSignature)) return { kind: 'png', png: entry };
  return { kind: 'dib', entry, header: readDibHeader(entry, 0, true) };
}

/** Icons always come out with alpha: transparency is what an icon's mask is for. */
export function decodeIcoDib(image: { entry: Buffer; header: DibHeader }): RawImage {
  const { entry, header } = image;
  const { rgba, hasAlpha } = decodeDibPixels(entry, header, header.end);
  if (!hasAlpha) {
    const stride = Math.floor((header.bitCount * header.width + 31) / 32) * 4;
    applyIconMask(entry, header, header.end + stride * header.height, rgba);
  }
  return { data: rgba, width: header.width, height: header.height, channels: 4 };
}
