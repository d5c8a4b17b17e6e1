import { AssayError } from '@assay/contract';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage } from './index.ts';
import { fixture, icoOf, pngBomb, rejection } from './test-support/fixtures.ts';

function patched(name: string, patch: (bytes: Buffer) => void): Buffer {
  const bytes = Buffer.from(fixture(name));
  patch(bytes);
  return bytes;
}

const bomb = pngBomb(20_000, 20_000);

describe('inspectImage', () => {
  it.each([
    ['jpeg.jpg', 'jpeg', 37, 23],
    ['jpeg-orientation-6.jpg', 'jpeg', 23, 37],
    ['source-rgba.png', 'png', 37, 23],
    ['gif.gif', 'gif', 37, 23],
    ['webp-lossless.webp', 'webp', 37, 23],
    ['tiff-le.tif', 'tiff', 37, 23],
    ['tiff-be.tif', 'tiff', 37, 23],
    ['bmp-24.bmp', 'bmp', 37, 23],
    ['bmp-8-rle.bmp', 'bmp', 37, 23],
    ['ico-32.ico', 'ico', 37, 23],
    ['ico-png.ico', 'ico', 37, 23],
    ['heic.heic', 'heic', 37, 23],
    ['heif.heif', 'heif', 37, 23],
  ])('reads %s as %s, %ix%i', async (name, format, width, height) => {
    expect(await inspectImage(fixture(name))).toEqual({ format, width, height });
  });

  it('refuses bytes in no accepted format', async () => {
    const error = await rejection(inspectImage(Buffer.from('just some text, not a picture'), { imageIndex: 2 }));
    expect(error.code).toBe('IMAGE_FORMAT_UNSUPPORTED');
    expect(error.context.image_index).toBe(2);
  });

  it('refuses AVIF and SVG', async () => {
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } }).avif().toBuffer();
    expect((await rejection(inspectImage(avif))).code).toBe('IMAGE_FORMAT_UNSUPPORTED');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
    expect((await rejection(inspectImage(svg))).code).toBe('IMAGE_FORMAT_UNSUPPORTED');
  });

  it('reports no bytes as IMAGE_EMPTY', async () => {
    expect((await rejection(inspectImage(Buffer.alloc(0)))).code).toBe('IMAGE_EMPTY');
  });

  it.each([
    'jpeg.jpg',
    'source-rgb.png',
    'gif.gif',
    'webp-lossless.webp',
    'tiff-le.tif',
    'bmp-24.bmp',
    'bmp-8-rle.bmp',
    'ico-32.ico',
    'ico-png.ico',
    'heic.heic',
    'heif.heif',
  ])('refuses %s cut short as IMAGE_UNDECODABLE', async (name) => {
    const bytes = fixture(name);
    for (const fraction of [0.5, 0.9]) {
      const error = await rejection(inspectImage(bytes.subarray(0, Math.floor(bytes.length * fraction)), { imageIndex: 1 }));
      expect(error.code).toBe('IMAGE_UNDECODABLE');
      expect(error.context.image_index).toBe(1);
    }
  });

  it('refuses a PNG whose pixel data is corrupt', async () => {
    const bytes = patched('source-rgb.png', (b) => b.fill(0x55, b.indexOf('IDAT') + 40, b.indexOf('IDAT') + 80));
    expect((await rejection(inspectImage(bytes))).code).toBe('IMAGE_UNDECODABLE');
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const error = await rejection(inspectImage(bomb, { imageIndex: 0 }));
    expect(error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(error.context).toMatchObject({ image_index: 0, width: 20_000, height: 20_000, max_pixels: 100_000_000 });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it.each([
    [
      'a JPEG',
      () =>
        patched('jpeg.jpg', (b) => {
          const sof = b.indexOf(Buffer.from([0xff, 0xc0]));
          b.writeUInt16BE(30_000, sof + 5);
          b.writeUInt16BE(30_000, sof + 7);
        }),
    ],
    [
      'a GIF',
      () =>
        patched('gif.gif', (b) => {
          const frame = b.indexOf(0x2c, 13);
          for (const at of [6, frame + 5]) {
            b.writeUInt16LE(65_535, at);
            b.writeUInt16LE(65_535, at + 2);
          }
        }),
    ],
    [
      'a BMP',
      () =>
        patched('bmp-24.bmp', (b) => {
          b.writeInt32LE(20_000, 18);
          b.writeInt32LE(-20_000, 22);
        }),
    ],
    [
      'a HEIC',
      () =>
        patched('heic.heic', (b) => {
          for (let at = b.indexOf('ispe'); at !== -1; at = b.indexOf('ispe', at + 1)) {
            b.writeUInt32BE(20_000, at + 8);
            b.writeUInt32BE(20_000, at + 12);
          }
        }),
    ],
    ['an ICO holding a PNG', () => icoOf([{ width: 0, height: 0, bits: 1, data: bomb }])],
  ])('refuses %s declaring too many pixels', async (_, make) => {
    const started = Date.now();
    expect((await rejection(inspectImage(make()))).code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('takes a lower pixel limit', async () => {
    const bytes = fixture('heic.heic');
    expect((await rejection(inspectImage(bytes, { maxPixels: 37 * 23 - 1 }))).code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect((await inspectImage(bytes, { maxPixels: 37 * 23 })).width).toBe(37);
  });
});

describe('inspectImage on hostile bytes', () => {
  const imageCodes = new Set(['IMAGE_EMPTY', 'IMAGE_FORMAT_UNSUPPORTED', 'IMAGE_UNDECODABLE', 'IMAGE_TOO_MANY_PIXELS']);
  // A small pixel limit keeps mutated headers from asking for big (if legitimate) allocations.
  const maxPixels = 1_000_000;

  async function settles(bytes: Uint8Array): Promise<void> {
    try {
      await inspectImage(Buffer.from(bytes), { maxPixels });
    } catch (error) {
      if (!(error instanceof AssayError) || !imageCodes.has(error.code)) throw error;
    }
  }

  it('throws nothing but image errors on random bytes', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), settles), { numRuns: 200 });
  });

  it('throws nothing but image errors on random bytes behind a real signature', async () => {
    const signatures = ['jpeg.jpg', 'source-rgb.png', 'gif.gif', 'bmp-8-rle.bmp', 'ico-4.ico', 'heic.heic', 'tiff-le.tif', 'webp-lossless.webp'].map(
      (name) => fixture(name).subarray(0, 40),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 400 }), (head, tail) =>
        settles(Buffer.concat([head, tail])),
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    'jpeg.jpg',
    'source-rgba.png',
    'gif.gif',
    'webp-lossless.webp',
    'tiff-be.tif',
    'bmp-4.bmp',
    'bmp-8-rle.bmp',
    'bmp-16-565.bmp',
    'bmp-32-alpha.bmp',
    'bmp-os2.bmp',
    'ico-4.ico',
    'ico-32.ico',
    'ico-png.ico',
    'heic-alpha.heic',
  ])('throws nothing but image errors on mutations of %s', async (name) => {
    const original = fixture(name);
    const mutation = fc.record({
      writes: fc.array(fc.tuple(fc.nat(original.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
      cut: fc.option(fc.nat(original.length), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(mutation, ({ writes, cut }) => {
        const bytes = Buffer.from(original.subarray(0, cut));
        for (const [at, value] of writes) if (at < bytes.length) bytes[at] = value;
        return settles(bytes);
      }),
      { numRuns: 40 },
    );
  });
});
