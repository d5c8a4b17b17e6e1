import { CorruptImageError } from './corrupt-image-error.ts';

/**
 * The device-independent bitmap (DIB) inside BMP files and ICO entries. Neither libvips nor sharp
 * reads BMP, so this is a small decoder of its own: every header version (core, OS/2 2.x, info, v2
 * to v5), 1/4/8-bit palettes, RLE8/RLE4, 16/24/32-bit with or without bit fields, top-down rows.
 */
export interface DibHeader {
  width: number;
  height: number;
  topDown: boolean;
  bitCount: number;
  compression: number;
  masks: Masks | null;
  palette: Uint8Array[];
  /** Where the palette and masks end: ICO pixel data starts here. */
  end: number;
}

export interface Masks {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

export const BI_RGB = 0;
export const BI_RLE8 = 1;
export const BI_RLE4 = 2;
export const BI_BITFIELDS = 3;
export const BI_ALPHABITFIELDS = 6;

/** Fails on data that ends before `end`: truncated files are refused, not padded. */
export function need(bytes: Uint8Array, end: number, what: string): void {
  if (end > bytes.length) throw new CorruptImageError(`the ${what} is truncated`);
}

/** Reads the header at `offset`; for an ICO entry (`icon`) the stored height covers image and mask. */
export function readDibHeader(bytes: Buffer, offset: number, icon: boolean): DibHeader {
  need(bytes, offset + 4, 'bitmap header');
  const size = bytes.readUInt32LE(offset);
  if (size < 12) throw new CorruptImageError(`a bitmap header of ${size} bytes is not valid`);
  need(bytes, offset + size, 'bitmap header');
  const core = size === 12;
  const width = core ? bytes.readUInt16LE(offset + 4) : bytes.readInt32LE(offset + 4);
  const rawHeight = core ? bytes.readUInt16LE(offset + 6) : bytes.readInt32LE(offset + 8);
  const bitCount = bytes.readUInt16LE(offset + (core ? 10 : 14));
  const compression = size >= 20 ? bytes.readUInt32LE(offset + 16) : BI_RGB;
  const colorsUsed = size >= 36 ? bytes.readUInt32LE(offset + 32) : 0;
  const os2 = size === 16 || size === 64; // OS/2 2.x: compression 3 and 4 mean Huffman and RLE24
  const topDown = rawHeight < 0;
  const height = Math.abs(icon ? rawHeight / 2 : rawHeight);
  if (width <= 0 || !Number.isInteger(height) || height <= 0) {
    throw new CorruptImageError(`a bitmap of ${width}x${height} pixels is not valid`);
  }
  checkEncoding(bitCount, compression, os2, topDown);

  let end = offset + size;
  let masks: Masks | null = null;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    // Version 2+ headers hold the masks; an info header (40 bytes) is followed by them.
    const maskAt = size >= 52 ? offset + 40 : end;
    const withAlpha = size >= 56 || compression === BI_ALPHABITFIELDS;
    need(bytes, maskAt + (withAlpha ? 16 : 12), 'bit field masks');
    masks = {
      red: bytes.readUInt32LE(maskAt),
      green: bytes.readUInt32LE(maskAt + 4),
      blue: bytes.readUInt32LE(maskAt + 8),
      alpha: withAlpha ? bytes.readUInt32LE(maskAt + 12) : 0,
    };
    if (size < 52) end += withAlpha ? 16 : 12;
  } else if (bitCount === 16) {
    masks = { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 };
  }

  const palette: Uint8Array[] = [];
  if (bitCount <= 8) {
    const entrySize = core ? 3 : 4;
    const count = Math.min(colorsUsed === 0 ? 1 << bitCount : colorsUsed, 1 << bitCount);
    need(bytes, end + count * entrySize, 'colour palette');
    for (let i = 0; i < count; i++) {
      const at = end + i * entrySize;
      palette.push(Uint8Array.of(bytes[at + 2] ?? 0, bytes[at + 1] ?? 0, bytes[at] ?? 0));
    }
    end += count * entrySize;
  }
  return { width, height, topDown, bitCount, compression, masks, palette, end };
}

function checkEncoding(bitCount: number, compression: number, os2: boolean, topDown: boolean): void {
  const ok =
    (compression === BI_RGB && [1, 4, 8, 16, 24, 32].includes(bitCount)) ||
    (compression === BI_RLE8 && bitCount === 8) ||
    (compression === BI_RLE4 && bitCount === 4) ||
    (!os2 && (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) && (bitCount === 16 || bitCount === 32));
  if (!ok) throw new CorruptImageError(`bitmaps of ${bitCount} bits with compression ${compression} are not supported`);
  if (topDown && (compression === BI_RLE8 || compression === BI_RLE4)) {
    throw new CorruptImageError('a run-length encoded bitmap cannot be stored top-down');
  }
}
