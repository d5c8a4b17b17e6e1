import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffFormat } from './index.ts';
import { fixture, ftyp } from './test-support/fixtures.ts';

describe('sniffFormat', () => {
  it.each([
    ['jpeg.jpg', 'jpeg'],
    ['jpeg-orientation-6.jpg', 'jpeg'],
    ['source-rgb.png', 'png'],
    ['gif.gif', 'gif'],
    ['bmp-24.bmp', 'bmp'],
    ['bmp-os2.bmp', 'bmp'],
    ['bmp-32-alpha.bmp', 'bmp'],
    ['tiff-le.tif', 'tiff'],
    ['tiff-be.tif', 'tiff'],
    ['webp-lossless.webp', 'webp'],
    ['ico-32.ico', 'ico'],
    ['ico-png.ico', 'ico'],
    ['heic.heic', 'heic'],
    ['heic-alpha.heic', 'heic'],
    ['heif.heif', 'heif'],
  ])('recognises %s as %s', (name, format) => {
    expect(sniffFormat(fixture(name))).toBe(format);
  });

  it('goes by bytes, not by names: a PNG called photo.jpg is a PNG', () => {
    const mislabelled = { name: 'photo.jpg', bytes: fixture('source-rgb.png') };
    expect(sniffFormat(mislabelled.bytes)).toBe('png');
  });

  it('reads byte order marks of both TIFF flavours and BigTIFF', () => {
    expect(fixture('tiff-le.tif').subarray(0, 2).toString()).toBe('II');
    expect(fixture('tiff-be.tif').subarray(0, 2).toString()).toBe('MM');
    expect(sniffFormat(Buffer.from([0x49, 0x49, 0x2b, 0, 8, 0, 0, 0]))).toBe('tiff');
    expect(sniffFormat(Buffer.from([0x4d, 0x4d, 0, 0x2b, 0, 8, 0, 0]))).toBe('tiff');
  });

  it.each(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'])('calls the HEVC brand %s HEIC', (brand) => {
    expect(sniffFormat(ftyp(brand, ['mif1']))).toBe('heic');
    expect(sniffFormat(ftyp('mif1', ['miaf', brand]))).toBe('heic');
  });

  it('calls files with only generic HEIF brands HEIF', () => {
    expect(sniffFormat(ftyp('mif1', ['mif1', 'miaf']))).toBe('heif');
    expect(sniffFormat(ftyp('msf1', ['msf1']))).toBe('heif');
  });

  it('refuses AVIF, which the spec does not list, though it is HEIF underneath', async () => {
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#363' } }).avif().toBuffer();
    expect(sniffFormat(avif)).toBeNull();
    expect(sniffFormat(ftyp('avif', ['mif1', 'miaf']))).toBeNull();
    expect(sniffFormat(ftyp('mif1', ['avif']))).toBeNull();
  });

  it('refuses other ISO-BMFF files (MP4, QuickTime) and broken ftyp boxes', () => {
    expect(sniffFormat(ftyp('isom', ['isom', 'mp41']))).toBeNull();
    expect(sniffFormat(ftyp('qt  ', []))).toBeNull();
    const lying = ftyp('heic', ['mif1']);
    lying.writeUInt32BE(4096, 0); // box larger than the file
    expect(sniffFormat(lying)).toBeNull();
  });

  it('refuses look-alikes: text starting with BM, RIFF that is not WebP, cursors, empty icons', () => {
    expect(sniffFormat(Buffer.from('BMW owners club newsletter, issue 4'))).toBeNull();
    expect(sniffFormat(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    const cursor = Buffer.from(fixture('ico-32.ico'));
    cursor.writeUInt16LE(2, 2);
    expect(sniffFormat(cursor)).toBeNull();
    expect(sniffFormat(Buffer.from([0, 0, 1, 0, 0, 0]))).toBeNull();
    expect(sniffFormat(Buffer.from([0, 0, 1, 0, 200, 0, 0, 0]))).toBeNull(); // 200 entries in 8 bytes
  });

  it('refuses empty and too-short inputs', () => {
    expect(sniffFormat(new Uint8Array())).toBeNull();
    expect(sniffFormat(Uint8Array.of(0xff, 0xd8))).toBeNull();
    expect(sniffFormat(Buffer.from('GIF8'))).toBeNull();
    expect(sniffFormat(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const format = sniffFormat(bytes);
        expect(format === null || typeof format === 'string').toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
