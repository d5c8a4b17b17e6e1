import type { ImageFormat } from '@assay/contract';

const hevcBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const avifBrands = new Set(['avif', 'avis']);
const genericHeifBrands = new Set(['mif1', 'msf1', 'mif2', 'miaf']);
/** DIB header sizes a real BMP can have: core (OS/2 1.x), OS/2 2.x, info, v2, v3, v4, v5. */
const dibHeaderSizes = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((value, i) => bytes[at + i] === value);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function u32le(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16)) + (bytes[at + 3] ?? 0) * 2 ** 24;
}

function u32be(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) * 2 ** 24 + (((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0));
}

/**
 * ISO-BMFF files name their kind in the ftyp box's brands. Any HEVC brand makes it HEIC; a file that
 * claims AVIF (and no HEVC) is AVIF, which the spec does not accept, even though AVIF is built on
 * HEIF; a file with only generic HEIF brands (mif1, msf1, miaf) is HEIF, whatever codec it uses.
 */
function sniffIsoBmff(bytes: Uint8Array): ImageFormat | null {
  const size = u32be(bytes, 0);
  if (size < 16 || size % 4 !== 0 || size > bytes.length) return null;
  const brands = [ascii(bytes, 8, 4)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, 4));
  if (brands.some((brand) => hevcBrands.has(brand))) return 'heic';
  if (brands.some((brand) => avifBrands.has(brand))) return null;
  if (brands.some((brand) => genericHeifBrands.has(brand))) return 'heif';
  return null;
}

/** An ICO starts with reserved 0, type 1 and an entry count; the directory must fit in the file. */
function looksLikeIco(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, [0, 0, 1, 0]) || bytes.length < 6) return false;
  const count = (bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8);
  if (count === 0 || 6 + count * 16 > bytes.length) return false;
  // Each entry's reserved byte is 0 and its data starts after the directory.
  for (let i = 0; i < count; i++) {
    const entry = 6 + i * 16;
    if (bytes[entry + 3] !== 0 || u32le(bytes, entry + 12) < 6 + count * 16) return false;
  }
  return true;
}

/**
 * The format of an image, decided by its leading bytes alone (never by a file name or a declared
 * content type, which clients get wrong). Null when it is none of the accepted formats.
 */
export function sniffFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  // "BM" alone is too weak a signature (plain text starts with it), so the DIB header size must fit.
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 18 && dibHeaderSizes.has(u32le(bytes, 14))) return 'bmp';
  // Classic TIFF (42) and BigTIFF (43), in both byte orders.
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (looksLikeIco(bytes)) return 'ico';
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === 'ftyp') return sniffIsoBmff(bytes);
  return null;
}
