import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaddleTextReader } from '../index.ts';
import type { TextImage } from './text-reader.ts';

const labelLines = ['PSG 10 GEM MINT', 'CERT 48213907'];

/** A label-like crop rendered from SVG in DejaVu Sans: `lines` of `size` px print, one per row. */
async function renderLabel(lines: string[], { size = 28, ink = '#161616', paper = '#f2f2ee' } = {}): Promise<TextImage> {
  const [width, height] = [Math.round(size * 11), Math.round(size * (1.5 * lines.length + 1))];
  const rows = lines
    .map((line, i) => `<text x="${size * 0.6}" y="${size * (1.5 * i + 1.7)}" font-family="DejaVu Sans" font-size="${size}" fill="${ink}">${line}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${paper}"/>${rows}</svg>`;
  return asTextImage(sharp(Buffer.from(svg)));
}

async function asTextImage(image: Sharp): Promise<TextImage> {
  const { data, info } = await image.greyscale().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('the PaddleOCR text reader', () => {
  const reader = createPaddleTextReader();
  afterAll(() => reader.close());

  it('reads both lines of a label, top line first, dark print on light', async () => {
    expect(await reader.read(await renderLabel(labelLines))).toBe('PSG 10 GEM MINT\nCERT 48213907');
  });

  it('reads light print on a dark label as it is', async () => {
    expect(await reader.read(await renderLabel(labelLines, { ink: '#ececec', paper: '#16181d' }))).toBe('PSG 10 GEM MINT\nCERT 48213907');
  });

  it('reads a small crop (print 14 px tall) upscaled three times, as labels found in photos are', async () => {
    const small = await renderLabel(labelLines, { size: 14 });
    const upscaled = await asTextImage(sharp(small.data, { raw: { width: small.width, height: small.height, channels: 1 } }).resize(small.width * 3, small.height * 3, { kernel: 'cubic' }));
    expect(await reader.read(upscaled)).toBe('PSG 10 GEM MINT\nCERT 48213907');
    expect(await reader.read(small)).toBe('PSG 10 GEM MINT\nCERT 48213907');
  });

  it('orders words side by side on one line left to right', async () => {
    const size = 26;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="90"><rect width="600" height="90" fill="#ffffff"/>
      <text x="20" y="55" font-family="DejaVu Sans" font-size="${size}" fill="#000">MODEL</text>
      <text x="380" y="55" font-family="DejaVu Sans" font-size="${size}" fill="#000">TX-2041</text></svg>`;
    expect(await reader.read(await asTextImage(sharp(Buffer.from(svg))))).toBe('MODEL TX-2041');
  });

  it('answers nothing for a crop without print', async () => {
    const blank = { width: 300, height: 80, data: new Uint8Array(300 * 80).fill(235) };
    expect(await reader.read(blank)).toBe('');
  });

  it('scales a crop to the width a read asks for', async () => {
    expect(await reader.read(await renderLabel(['CERT 70315526']), { width: 700 })).toBe('CERT 70315526');
  });

  it('says where each line was read, in the crop\'s own pixels whatever width it was read at, with a confidence per character', async () => {
    const crop = await renderLabel(labelLines);
    for (const width of [undefined, crop.width * 2]) {
      const lines = await reader.readLines(crop, { width });
      expect(lines.map((l) => l.text)).toEqual(labelLines);
      const [first, second] = lines;
      // The rows are drawn from 28 px down to 98 px (1.5 lines apart, print 28 px): the boxes cover them, in order.
      expect(first!.box.y1).toBeLessThanOrEqual(second!.box.y0 + 4);
      expect(second!.box.y1).toBeLessThanOrEqual(crop.height);
      expect(first!.box.x0).toBeLessThan(28);
      for (const line of lines) {
        expect(line.characterScores).toHaveLength(line.text.length);
        expect(Math.min(...line.characterScores)).toBeGreaterThan(0.5);
      }
    }
  });

  it('reads a crop as one line where its print is already known to be, without looking for it', async () => {
    const line = await reader.readLine(await renderLabel(['1964 D']));
    // The crop is wide for its print (a label's), which the space between the words is lost in.
    expect(line.text.replaceAll(' ', '')).toBe('1964D');
    expect(line.characterScores).toHaveLength(line.text.length);
  });

  it('weighs words asked for against the print: the one printed fits as well as the free reading, others cost more the more they differ', async () => {
    const line = await reader.readLine(await renderLabel(['1964 D']), ['1964', '1984', '2020', '1964D', '☃']);
    const cost = Object.fromEntries(line.spotted.map((s) => [s.word, s.cost]));
    expect(line.spotted.map((s) => s.word)).toEqual(['1964', '1984', '2020', '1964D', '☃']);
    expect(cost['1964']).toBeCloseTo(0, 1);
    expect(cost['1964D']).toBeCloseTo(0, 1);
    // One digit off costs the print's confidence in that digit; three off cost more.
    expect(cost['1984']).toBeLessThan(-2);
    expect(cost['2020']).toBeLessThan(cost['1984']! - 2);
    // A character the recogniser does not know cannot be read at all.
    expect(cost['☃']).toBe(Number.NEGATIVE_INFINITY);
    // Asking for words leaves the free reading as it is.
    expect(line.text.replaceAll(' ', '')).toBe('1964D');
  });

  it('answers each of several reads started at once with its own crop', async () => {
    const numbers = ['48213907', '70315526', '91827364', '10293847'];
    const crops = await Promise.all(numbers.map((n) => renderLabel([`CERT ${n}`])));
    expect(await Promise.all(crops.map((crop) => reader.read(crop)))).toEqual(numbers.map((n) => `CERT ${n}`));
  });

  it('loads onnxruntime with the first read or warm(), never with the package', async () => {
    // A process of its own: this one has loaded onnxruntime for the reads above.
    const script = `
      import { readFileSync } from 'node:fs';
      const loaded = () => readFileSync('/proc/self/maps', 'utf8').includes('onnxruntime');
      const { createPaddleTextReader } = await import(${JSON.stringify(new URL('../index.ts', import.meta.url).pathname)});
      const reader = createPaddleTextReader();
      const before = loaded();
      await reader.warm();
      console.log(JSON.stringify({ before, after: loaded() }));
      await reader.close();`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual({ before: false, after: true });
  });

  it('answers reads queued before close(), refuses those after it, and closes twice safely', async () => {
    const own = createPaddleTextReader();
    await own.warm();
    const crop = await renderLabel(['CERT 48213907']);
    const queued = own.read(crop);
    await own.close();
    expect(await queued).toBe('CERT 48213907');
    await expect(own.read(crop)).rejects.toThrow(/closed/);
    await expect(own.close()).resolves.toBeUndefined();
  });
});
