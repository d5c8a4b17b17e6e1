import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from './index.ts';
import { difference, fixture, rgba } from './test-support/fixtures.ts';

/**
 * Each fixture against what it must show: the source it was made from where the format is lossless
 * (exact), libheif's own decoder for HEVC, and loose bounds for JPEG and 16-bit colour.
 */
const cases: Array<{ file: string; reference: string; channels: 3 | 4; maxColour: number; maxMean?: number }> = [
  { file: 'source-rgb.png', reference: 'source-rgb.png', channels: 3, maxColour: 0 },
  { file: 'source-rgba.png', reference: 'source-rgba.png', channels: 4, maxColour: 0 },
  { file: 'gif.gif', reference: 'source-16.png', channels: 4, maxColour: 0 },
  { file: 'webp-lossless.webp', reference: 'source-rgba.png', channels: 4, maxColour: 0 },
  { file: 'tiff-le.tif', reference: 'source-rgb.png', channels: 3, maxColour: 0 },
  { file: 'tiff-be.tif', reference: 'source-rgb.png', channels: 3, maxColour: 0 },
  { file: 'jpeg.jpg', reference: 'source-rgb.png', channels: 3, maxColour: 255, maxMean: 20 },
  { file: 'bmp-24.bmp', reference: 'source-rgb.png', channels: 3, maxColour: 0 },
  { file: 'bmp-24-top-down.bmp', reference: 'source-rgb.png', channels: 3, maxColour: 0 },
  { file: 'bmp-os2.bmp', reference: 'source-rgb.png', channels: 3, maxColour: 0 },
  { file: 'bmp-32-alpha.bmp', reference: 'source-rgba.png', channels: 4, maxColour: 0 },
  { file: 'bmp-16-565.bmp', reference: 'source-rgb.png', channels: 3, maxColour: 8 },
  { file: 'bmp-16-555.bmp', reference: 'source-rgb.png', channels: 3, maxColour: 8 },
  { file: 'bmp-8.bmp', reference: 'source-200.png', channels: 3, maxColour: 0 },
  { file: 'bmp-8-rle.bmp', reference: 'source-200.png', channels: 3, maxColour: 0 },
  { file: 'bmp-4.bmp', reference: 'source-16.png', channels: 3, maxColour: 0 },
  { file: 'bmp-1.bmp', reference: 'source-2.png', channels: 3, maxColour: 0 },
  { file: 'ico-32.ico', reference: 'source-rgba.png', channels: 4, maxColour: 0 },
  { file: 'ico-4.ico', reference: 'source-16.png', channels: 4, maxColour: 0 },
  { file: 'ico-png.ico', reference: 'source-rgba.png', channels: 4, maxColour: 0 },
  { file: 'heic.heic', reference: 'heic.reference.png', channels: 3, maxColour: 3 },
  { file: 'heic-alpha.heic', reference: 'heic-alpha.reference.png', channels: 4, maxColour: 3 },
  { file: 'heif.heif', reference: 'heic.reference.png', channels: 3, maxColour: 3 },
];

describe('decodeImage', () => {
  it.each(cases)('decodes $file to the pixels of $reference', async ({ file, reference, channels, maxColour, maxMean }) => {
    const image = await decodeImage(fixture(file));
    expect(image).toMatchObject({ width: 37, height: 23, channels });
    expect(image.data.length).toBe(37 * 23 * channels);
    const diff = difference(await rgba(image), await rgba(fixture(reference)));
    expect(diff.colour).toBeLessThanOrEqual(maxColour);
    expect(diff.meanColour).toBeLessThanOrEqual(maxMean ?? maxColour);
    expect(diff.alpha).toBeLessThanOrEqual(1);
  });

  it('applies EXIF orientation, so the item stands as photographed', async () => {
    const image = await decodeImage(fixture('jpeg-orientation-6.jpg'));
    expect(image).toMatchObject({ width: 23, height: 37 });
    const upright = await sharp(fixture('source-rgb.png')).rotate(90).png().toBuffer();
    expect(difference(await rgba(image), await rgba(upright)).meanColour).toBeLessThan(20);
  });

  it('decodes HEIF coded with AV1 (no HEVC, no AVIF brand) through sharp', async () => {
    const avif = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#2a6' } }).avif().toBuffer();
    // Same bytes with only the generic brands: a HEIF file whose codec the wasm libheif lacks.
    const size = avif.readUInt32BE(0);
    for (let at = 8; at + 4 <= size; at += 4) if (at !== 12) avif.write(at <= 16 ? 'mif1' : 'miaf', at, 'latin1');
    const image = await decodeImage(avif);
    expect(image).toMatchObject({ width: 16, height: 12, channels: 3 });
    const [r = 0, g = 0, b = 0] = image.data;
    expect(Math.max(Math.abs(r - 0x22), Math.abs(g - 0xaa), Math.abs(b - 0x66))).toBeLessThan(8);
  });

  it('gives pixels sharp takes back as raw input', async () => {
    const image = await decodeImage(fixture('heic.heic'));
    const png = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
      .png()
      .toBuffer();
    expect((await sharp(png).metadata()).width).toBe(37);
  });
});
