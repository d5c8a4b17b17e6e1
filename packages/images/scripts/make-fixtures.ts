/**
 * Regenerates packages/images/test-fixtures/. The fixtures are committed, so tests never need the
 * tools used here: sharp (a dependency), plus ImageMagick's `convert` and libheif's `heif-enc`
 * (Debian: `apt-get install -y imagemagick libheif-examples`). BMP, ICO and HEIC come from those
 * independent encoders on purpose, so our own decoders are checked against someone else's writer.
 *
 * Run from the repository root: `pnpm exec node packages/images/scripts/make-fixtures.ts`
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { icoOf } from '../src/test-support/fixtures.ts';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-fixtures');
const width = 37; // odd sizes exercise row padding and chroma subsampling edges
const height = 23;

type Rgba = [number, number, number, number];

function raw(pixel: (x: number, y: number) => Rgba): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4);
  }
  return data;
}

async function writePng(name: string, pixels: Buffer, channels: 3 | 4): Promise<string> {
  const input = sharp(pixels, { raw: { width, height, channels: 4 } });
  const file = join(out, name);
  await (channels === 3 ? input.removeAlpha() : input).png({ palette: false }).toFile(file);
  return file;
}

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'inherit' });
}

/** Distinct colours for indexes below 256 (67 is odd, so i * 67 mod 256 never repeats). */
function paletteColour(i: number): Rgba {
  return [(i * 67) % 256, 255 - ((i * 29) % 256), (i * 151) % 256, 255];
}

/** Same pixels, rows stored top-down (negative height), which no common tool writes. */
function topDown(bmp: Buffer): Buffer {
  const dataOffset = bmp.readUInt32LE(10);
  const rows = bmp.readInt32LE(22);
  const stride = Math.ceil((bmp.readUInt16LE(28) * bmp.readInt32LE(18)) / 32) * 4;
  const copy = Buffer.from(bmp);
  for (let y = 0; y < rows; y++) {
    bmp.copy(copy, dataOffset + (rows - 1 - y) * stride, dataOffset + y * stride, dataOffset + (y + 1) * stride);
  }
  copy.writeInt32LE(-rows, 22);
  return copy;
}

/**
 * A HEIF that declares only the generic brands (mif1, miaf), as some cameras write. The ftyp box keeps
 * its size because item locations in the file are absolute offsets.
 */
function genericHeifBrands(heic: Buffer): Buffer {
  const copy = Buffer.from(heic);
  const ftypSize = copy.readUInt32BE(0);
  copy.write('mif1', 8, 'latin1');
  for (let at = 16; at + 4 <= ftypSize; at += 4) copy.write(at === 16 ? 'mif1' : 'miaf', at, 'latin1');
  return copy;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const rgb: (x: number, y: number) => Rgba = (x, y) => [(x * 7) % 256, (y * 11) % 256, (x * y * 3) % 256, 255];
const srcRgb = await writePng('source-rgb.png', raw(rgb), 3);
const srcRgba = await writePng(
  'source-rgba.png',
  raw((x, y) => {
    const [r, g, b] = rgb(x, y);
    return [r, g, b, Math.min(255, x * 6 + y * 3)];
  }),
  4,
);
const src16 = await writePng('source-16.png', raw((x, y) => paletteColour(((x >> 2) + (y >> 2) * 3) % 16)), 3);
const src200 = await writePng('source-200.png', raw((x, y) => paletteColour((x * 5 + y * 7) % 200)), 3);
const src2 = await writePng(
  'source-2.png',
  raw((x, y) => (((x ^ y) & 4) !== 0 ? [240, 200, 10, 255] : [20, 40, 60, 255])),
  3,
);

await sharp(srcRgb).jpeg({ quality: 90 }).toFile(join(out, 'jpeg.jpg'));
// EXIF orientation 6 (rotate 90° clockwise to display): decoded size must come out 23x37.
await sharp(srcRgb).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toFile(join(out, 'jpeg-orientation-6.jpg'));
await sharp(src16).gif().toFile(join(out, 'gif.gif'));
await sharp(srcRgba).webp({ lossless: true }).toFile(join(out, 'webp-lossless.webp'));
await sharp(srcRgb).tiff({ compression: 'lzw' }).toFile(join(out, 'tiff-le.tif'));
run('convert', [srcRgb, '-define', 'tiff:endian=msb', '-compress', 'None', join(out, 'tiff-be.tif')]);

run('convert', [srcRgb, '-type', 'TrueColor', `BMP3:${join(out, 'bmp-24.bmp')}`]);
run('convert', [srcRgba, `BMP:${join(out, 'bmp-32-alpha.bmp')}`]);
run('convert', [src200, '-type', 'Palette', '-compress', 'None', `BMP3:${join(out, 'bmp-8.bmp')}`]);
run('convert', [src200, '-type', 'Palette', '-compress', 'RLE', `BMP3:${join(out, 'bmp-8-rle.bmp')}`]);
run('convert', [src16, '-type', 'Palette', '-compress', 'None', `BMP3:${join(out, 'bmp-4.bmp')}`]);
run('convert', [src2, '-type', 'Palette', '-compress', 'None', `BMP3:${join(out, 'bmp-1.bmp')}`]);
run('convert', [srcRgb, '-type', 'TrueColor', '-define', 'bmp:subtype=RGB565', join(out, 'bmp-16-565.bmp')]);
run('convert', [srcRgb, '-type', 'TrueColor', '-define', 'bmp:subtype=RGB555', join(out, 'bmp-16-555.bmp')]);
run('convert', [srcRgb, '-type', 'TrueColor', `BMP2:${join(out, 'bmp-os2.bmp')}`]);
writeFileSync(join(out, 'bmp-24-top-down.bmp'), topDown(readFileSync(join(out, 'bmp-24.bmp'))));

run('convert', [srcRgba, join(out, 'ico-32.ico')]);
run('convert', [src16, '-type', 'Palette', join(out, 'ico-4.ico')]);
writeFileSync(
  join(out, 'ico-png.ico'),
  icoOf([{ width, height, bits: 32, data: readFileSync(srcRgba) }]),
);

run('heif-enc', ['-q', '90', srcRgb, '-o', join(out, 'heic.heic')]);
run('heif-enc', ['-q', '90', srcRgba, '-o', join(out, 'heic-alpha.heic')]);
writeFileSync(join(out, 'heif.heif'), genericHeifBrands(readFileSync(join(out, 'heic.heic'))));
// What libheif's own tool (native libde265) decodes: the yardstick for our wasm decoding, since
// HEVC is lossy and its pixels cannot be compared with the source.
run('heif-convert', [join(out, 'heic.heic'), join(out, 'heic.reference.png')]);
run('heif-convert', [join(out, 'heic-alpha.heic'), join(out, 'heic-alpha.reference.png')]);
