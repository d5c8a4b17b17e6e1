import { describe, expect, it } from 'vitest';
import { decodeImage } from '../index.ts';
import { icoOf, rejection } from '../test-support/fixtures.ts';

/**
 * Bitmaps written byte by byte for the cases no tool at hand produces: core-header palettes, masks
 * after an info header, RLE4, RLE escapes, plain 32-bit alpha, icon masks.
 */
function bmpFile(dib: Buffer, ...rest: Buffer[]): Buffer {
  const fileHeader = Buffer.alloc(14);
  fileHeader.write('BM', 0, 'latin1');
  const body = Buffer.concat([dib, ...rest]);
  fileHeader.writeUInt32LE(14 + body.length, 2);
  fileHeader.writeUInt32LE(0, 10); // zero: the decoder must find the pixels after the headers
  return Buffer.concat([fileHeader, body]);
}

function infoHeader(width: number, height: number, bitCount: number, compression = 0, colorsUsed = 0): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(bitCount, 14);
  header.writeUInt32LE(compression, 16);
  header.writeUInt32LE(colorsUsed, 32);
  return header;
}

function palette(colours: Array<[number, number, number]>, entrySize = 4): Buffer {
  const out = Buffer.alloc(colours.length * entrySize);
  colours.forEach(([r, g, b], i) => out.set([b, g, r], i * entrySize));
  return out;
}

const u32 = (...values: number[]) => Buffer.from(new Uint32Array(values).buffer);
const u16 = (...values: number[]) => Buffer.from(new Uint16Array(values).buffer);

/** Pixel (x, y) of a decoded image, y counted from the top. */
async function pixels(bytes: Buffer): Promise<{ at: (x: number, y: number) => number[]; channels: number; width: number; height: number }> {
  const image = await decodeImage(bytes);
  return {
    ...image,
    at: (x, y) => [...image.data.subarray((y * image.width + x) * image.channels, (y * image.width + x + 1) * image.channels)],
  };
}

const red: [number, number, number] = [255, 0, 0];
const green: [number, number, number] = [0, 255, 0];
const blue: [number, number, number] = [0, 0, 255];
const black = [0, 0, 0];

describe('bitmap decoding', () => {
  it('reads a 1-bit palette after an OS/2 core header (3-byte entries)', async () => {
    const core = Buffer.alloc(12);
    core.writeUInt32LE(12, 0);
    core.writeUInt16LE(3, 4); // width
    core.writeUInt16LE(2, 6); // height, bottom-up
    core.writeUInt16LE(1, 8);
    core.writeUInt16LE(1, 10);
    // Rows padded to 4 bytes; bottom row first: bits 101, then 010.
    const image = await pixels(bmpFile(core, palette([red, blue], 3), Buffer.from([0b1010_0000, 0, 0, 0, 0b0100_0000, 0, 0, 0])));
    expect(image.channels).toBe(3);
    expect([image.at(0, 0), image.at(1, 0), image.at(2, 0)]).toEqual([red, blue, red]);
    expect([image.at(0, 1), image.at(1, 1), image.at(2, 1)]).toEqual([blue, red, blue]);
  });

  it('reads 16-bit 565 with the masks after an info header', async () => {
    const rows = u16(0xf800, 0x07e0, 0x001f, 0); // one row of three pixels, padded
    const image = await pixels(bmpFile(infoHeader(3, 1, 16, 3), u32(0xf800, 0x07e0, 0x001f), rows));
    expect([image.at(0, 0), image.at(1, 0), image.at(2, 0)]).toEqual([red, green, blue]);
  });

  it('treats plain 32-bit pixels whose fourth byte is zero everywhere as opaque', async () => {
    const image = await pixels(bmpFile(infoHeader(2, 1, 32), Buffer.from([255, 0, 0, 0, 0, 0, 255, 0])));
    expect(image.channels).toBe(3);
    expect([image.at(0, 0), image.at(1, 0)]).toEqual([blue, red]);
  });

  it('keeps the alpha of plain 32-bit pixels when there is some', async () => {
    const image = await pixels(bmpFile(infoHeader(2, 1, 32), Buffer.from([255, 0, 0, 128, 0, 0, 255, 0])));
    expect(image.channels).toBe(4);
    expect([image.at(0, 0), image.at(1, 0)]).toEqual([[...blue, 128], [...red, 0]]);
  });

  it('decodes RLE4 runs, literals, line ends, moves and the end marker', async () => {
    const data = Buffer.from([
      // bottom row: run of 3 alternating 1,2 ; literal of 3 nibbles 0,1,2 (padded to a word)
      3, 0x12, 0, 3, 0x01, 0x20, 0, 0,
      // next row: move 2 right and 1 up (to the top row), run of 2 of colour 1
      0, 2, 2, 1, 2, 0x11,
      0, 1, // end of bitmap
    ]);
    const image = await pixels(bmpFile(infoHeader(6, 3, 4, 2, 3), palette([[9, 9, 9], red, blue]), data));
    expect([0, 1, 2, 3, 4, 5].map((x) => image.at(x, 2))).toEqual([red, blue, red, [9, 9, 9], red, blue]);
    // The middle row was jumped over: never painted, so black.
    expect([0, 1, 2, 3, 4, 5].map((x) => image.at(x, 1))).toEqual(Array(6).fill(black));
    expect(image.at(2, 0)).toEqual(red);
    expect(image.at(3, 0)).toEqual(red);
    expect(image.at(4, 0)).toEqual(black);
  });

  it('shows out-of-range palette indexes as black instead of failing', async () => {
    const image = await pixels(bmpFile(infoHeader(2, 1, 8, 0, 1), palette([green]), Buffer.from([0, 7, 0, 0])));
    expect([image.at(0, 0), image.at(1, 0)]).toEqual([green, black]);
  });

  it.each([
    ['JPEG inside BMP', bmpFile(infoHeader(1, 1, 0, 4), Buffer.alloc(4))],
    ['a zero width', bmpFile(infoHeader(0, 1, 24), Buffer.alloc(4))],
    ['missing pixel rows', bmpFile(infoHeader(4, 4, 24), Buffer.alloc(20))],
    ['a top-down RLE bitmap', bmpFile(infoHeader(2, -2, 8, 1), palette([red]), Buffer.from([2, 0, 0, 1]))],
    ['RLE data that runs out', bmpFile(infoHeader(2, 2, 8, 1), palette([red]), Buffer.from([2, 0]))],
    ['a 7-bit bitmap', bmpFile(infoHeader(2, 2, 7), Buffer.alloc(16))],
  ])('refuses %s as IMAGE_UNDECODABLE', async (_, bytes) => {
    expect((await rejection(decodeImage(bytes))).code).toBe('IMAGE_UNDECODABLE');
  });

  it('makes pixels under the icon AND mask transparent', async () => {
    const dib = infoHeader(2, 4, 4); // an icon's DIB height counts image and mask: 2 rows each
    const xor = Buffer.from([0x12, 0, 0, 0, 0x21, 0, 0, 0]);
    const and = Buffer.from([0b0100_0000, 0, 0, 0, 0, 0, 0, 0]); // bottom row, right pixel
    const colours = palette([[0, 0, 0], red, blue, ...Array<[number, number, number]>(13).fill([0, 0, 0])]);
    const ico = icoOf([{ width: 2, height: 2, bits: 4, data: Buffer.concat([dib, colours, xor, and]) }]);
    const image = await pixels(ico);
    expect(image.channels).toBe(4);
    expect(image.at(0, 1)).toEqual([...red, 255]);
    expect(image.at(1, 1)[3]).toBe(0);
    expect(image.at(0, 0)).toEqual([...blue, 255]);
    expect(image.at(1, 0)).toEqual([...red, 255]);
  });

  it('decodes the largest image of an icon', async () => {
    const { default: sharp } = await import('sharp');
    const png = (size: number) => sharp({ create: { width: size, height: size, channels: 4, background: '#fff' } }).png().toBuffer();
    const ico = icoOf([
      { width: 16, height: 16, bits: 32, data: await png(16) },
      { width: 48, height: 48, bits: 32, data: await png(48) },
      { width: 32, height: 32, bits: 32, data: await png(32) },
    ]);
    expect(await decodeImage(ico)).toMatchObject({ width: 48, height: 48 });
  });
});
