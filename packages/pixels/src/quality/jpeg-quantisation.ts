/**
 * The table mean above which a photo counts as heavily compressed: saved below quality 30. libjpeg
 * scales the standard table by 5000/quality below quality 50, which gives a mean of 95.7 at quality
 * 30 and 99.1 at 29; this lies between. Other encoders' tables differ, so their boundary may fall a
 * step of quality either side; nothing else is decided by it.
 */
export const heavyCompressionQuantisation = 97;

/**
 * How coarsely a JPEG was quantised: the mean of its luminance quantisation table (table 0), read
 * from the file's DQT segments; null for anything else (PNG, a JPEG without tables). The table is
 * what the encoder's quality setting chose, so it says how much detail was thrown away without
 * guessing from the pixels: about 58 for the standard table (quality 50), under 25 at quality 80 and
 * up, over 100 below quality 30. Reads only the headers: microseconds.
 */
export function jpegQuantisation(bytes: Uint8Array): number | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at++;
      continue;
    }
    // Start of scan or end of image: the tables come before either.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker === 0xdb) {
      const table = lumaTable(bytes, at + 4, at + 2 + length);
      if (table !== null) return table;
    }
    at += 2 + length;
  }
  return null;
}

/** Mean of table 0 among the tables of one DQT segment (from..to), or null when it holds other tables only. */
function lumaTable(bytes: Uint8Array, from: number, to: number): number | null {
  let at = from;
  while (at < to && at < bytes.length) {
    const precision = bytes[at]! >> 4;
    const id = bytes[at]! & 0x0f;
    const size = precision === 0 ? 1 : 2;
    if (at + 1 + 64 * size > bytes.length) return null;
    if (id === 0) {
      let sum = 0;
      for (let i = 0; i < 64; i++) sum += size === 1 ? bytes[at + 1 + i]! : (bytes[at + 1 + 2 * i]! << 8) | bytes[at + 2 + 2 * i]!;
      return sum / 64;
    }
    at += 1 + 64 * size;
  }
  return null;
}
