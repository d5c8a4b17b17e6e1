import { BI_RLE4, BI_RLE8, need, type DibHeader } from './dib-header.ts';

/** Turns a channel mask into a function that scales the masked value to 0..255. */
function channel(mask: number): ((pixel: number) => number) | null {
  if (mask === 0) return null;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return (pixel) => Math.round((((pixel & mask) >>> shift) * 255) / max);
}

export interface DibPixels {
  rgba: Buffer;
  /** Whether any pixel's alpha came from the bitmap itself (not assumed opaque). */
  hasAlpha: boolean;
}

/** Decodes the pixels of a bitmap whose data starts at `dataOffset`, into top-down RGBA. */
export function decodeDibPixels(bytes: Buffer, header: DibHeader, dataOffset: number): DibPixels {
  const { width, height } = header;
  const rle = header.compression === BI_RLE8 || header.compression === BI_RLE4;
  const stride = Math.floor((header.bitCount * width + 31) / 32) * 4;
  // Checked before allocating, so a lying header costs nothing.
  if (!rle) need(bytes, dataOffset + stride * height, 'pixel data');
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  if (rle) {
    decodeRle(bytes, header, dataOffset, rgba);
    return { rgba, hasAlpha: false };
  }
  const masks = header.masks;
  const red = masks && channel(masks.red);
  const green = masks && channel(masks.green);
  const blue = masks && channel(masks.blue);
  // Plain 32-bit bitmaps officially have no alpha, yet many writers (icons above all) put it in the
  // fourth byte; like browsers, any 32-bit alpha counts unless it is zero everywhere.
  const alpha = masks ? channel(masks.alpha) : header.bitCount === 32 ? (pixel: number) => pixel >>> 24 : null;
  let nonZeroAlpha = false;
  for (let row = 0; row < height; row++) {
    const y = header.topDown ? row : height - 1 - row;
    const line = dataOffset + row * stride;
    let out = y * width * 4;
    for (let x = 0; x < width; x++, out += 4) {
      if (header.bitCount <= 8) {
        const bit = x * header.bitCount;
        const byte = bytes[line + (bit >> 3)] ?? 0;
        const index = (byte >> (8 - header.bitCount - (bit & 7))) & ((1 << header.bitCount) - 1);
        // Out-of-range indexes show black, as browsers do, rather than failing the image.
        const colour = header.palette[index];
        if (colour) rgba.set(colour, out);
      } else if (header.bitCount === 24) {
        rgba[out] = bytes[line + x * 3 + 2] ?? 0;
        rgba[out + 1] = bytes[line + x * 3 + 1] ?? 0;
        rgba[out + 2] = bytes[line + x * 3] ?? 0;
      } else {
        const pixel = header.bitCount === 16 ? bytes.readUInt16LE(line + x * 2) : bytes.readUInt32LE(line + x * 4);
        rgba[out] = red ? red(pixel) : (pixel >>> 16) & 255;
        rgba[out + 1] = green ? green(pixel) : (pixel >>> 8) & 255;
        rgba[out + 2] = blue ? blue(pixel) : pixel & 255;
        if (alpha) {
          const a = alpha(pixel);
          rgba[out + 3] = a;
          if (a !== 0) nonZeroAlpha = true;
        }
      }
    }
  }
  const hasAlpha = alpha !== null && nonZeroAlpha;
  if (alpha !== null && !nonZeroAlpha) {
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  }
  return { rgba, hasAlpha };
}

/** RLE8/RLE4: runs and literal stretches, with escapes for end of line, end of image and moves. */
function decodeRle(bytes: Buffer, header: DibHeader, offset: number, rgba: Buffer): void {
  const { width, height, palette } = header;
  const four = header.compression === BI_RLE4;
  let x = 0;
  let row = 0; // counted from the bottom
  let at = offset;
  const put = (index: number) => {
    if (x < width && row < height) {
      const colour = palette[index];
      if (colour) rgba.set(colour, ((height - 1 - row) * width + x) * 4);
    }
    x++;
  };
  while (row < height) {
    need(bytes, at + 2, 'run-length data');
    const count = bytes[at] ?? 0;
    const value = bytes[at + 1] ?? 0;
    at += 2;
    if (count > 0) {
      for (let i = 0; i < count; i++) put(four ? (i % 2 === 0 ? value >> 4 : value & 15) : value);
    } else if (value === 0) {
      x = 0;
      row++;
    } else if (value === 1) {
      return;
    } else if (value === 2) {
      need(bytes, at + 2, 'run-length data');
      x += bytes[at] ?? 0;
      row += bytes[at + 1] ?? 0;
      at += 2;
    } else {
      // A literal stretch of `value` pixels, padded to a 16-bit boundary.
      const length = four ? Math.ceil(value / 2) : value;
      need(bytes, at + length, 'run-length data');
      for (let i = 0; i < value; i++) {
        const byte = bytes[at + (four ? i >> 1 : i)] ?? 0;
        put(four ? (i % 2 === 0 ? byte >> 4 : byte & 15) : byte);
      }
      at += length + (length % 2);
    }
  }
}

/** Applies an icon's 1-bit AND mask (set bits are transparent), stored bottom-up after the pixels. */
export function applyIconMask(bytes: Buffer, header: DibHeader, maskOffset: number, rgba: Buffer): boolean {
  const { width, height } = header;
  const stride = Math.floor((width + 31) / 32) * 4;
  // Some writers leave the mask out of 32-bit icons; their alpha says it all.
  if (maskOffset + stride * height > bytes.length) return false;
  let any = false;
  for (let row = 0; row < height; row++) {
    const y = header.topDown ? row : height - 1 - row;
    for (let x = 0; x < width; x++) {
      const byte = bytes[maskOffset + row * stride + (x >> 3)] ?? 0;
      if ((byte >> (7 - (x & 7))) & 1) {
        rgba[(y * width + x) * 4 + 3] = 0;
        any = true;
      }
    }
  }
  return any;
}
