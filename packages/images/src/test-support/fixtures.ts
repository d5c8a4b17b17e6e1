import { crc32, deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { AssayError } from '@assay/contract';
import sharp from 'sharp';
import type { DecodedImage } from '../decode-image.ts';

const fixtureDir = new URL('../../test-fixtures/', import.meta.url);

/** A committed fixture (see scripts/make-fixtures.ts for how each was made). */
export function fixture(name: string): Buffer {
  return readFileSync(new URL(name, fixtureDir));
}

/** The AssayError a promise rejects with; anything else (or no rejection) fails the test. */
export async function rejection(work: Promise<unknown> | (() => unknown)): Promise<AssayError> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    if (error instanceof AssayError) return error;
    throw error;
  }
  throw new Error('expected an AssayError, but nothing was thrown');
}

/** Pixels as RGBA, from an encoded file or from decoded raw pixels, for comparing the two. */
export async function rgba(image: Buffer | DecodedImage): Promise<Buffer> {
  const input = Buffer.isBuffer(image)
    ? sharp(image)
    : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  return input.ensureAlpha().raw().toBuffer();
}

/** Largest and mean difference of colour samples, largest of alpha, between two RGBA buffers. */
export function difference(a: Buffer, b: Buffer): { colour: number; meanColour: number; alpha: number } {
  if (a.length !== b.length) throw new Error(`sizes differ: ${a.length} and ${b.length}`);
  let colour = 0;
  let sum = 0;
  let alpha = 0;
  for (let i = 0; i < a.length; i++) {
    const diff = Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    if (i % 4 === 3) {
      alpha = Math.max(alpha, diff);
    } else {
      colour = Math.max(colour, diff);
      sum += diff;
    }
  }
  return { colour, meanColour: sum / ((a.length / 4) * 3), alpha };
}

/** An ICO around the given encoded entries (PNG or DIB), sizes as declared in the directory. */
export function icoOf(entries: Array<{ width: number; height: number; bits: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * entries.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach((entry, i) => {
    const at = 6 + i * 16;
    header.writeUInt8(entry.width % 256, at);
    header.writeUInt8(entry.height % 256, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(entry.bits, at + 6);
    header.writeUInt32LE(entry.data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += entry.data.length;
  });
  return Buffer.concat([header, ...entries.map((entry) => entry.data)]);
}

/** An ISO-BMFF ftyp box with the given major and compatible brands, then filler. */
export function ftyp(major: string, compatible: string[]): Buffer {
  const box = Buffer.alloc(16 + compatible.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + i * 4, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(32)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const frame = Buffer.alloc(4);
  frame.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([frame, body, crc]);
}

/** A valid 1-bit PNG of a blank width×height image: tens of KB that decode to gigabytes. */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth 1, colour type 0 (grey)
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
