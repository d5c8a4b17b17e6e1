import sharp from 'sharp';
import { toyItemSvg, toyPackagingSvg } from '../src/sample-catalog/toys/toy-packaging.ts';
import { sampleToys } from '../src/sample-catalog/toys/toy-list.ts';
const tiles: Buffer[] = [];
for (const toy of sampleToys) {
  for (const svg of [toyItemSvg(toy, 'front'), toyItemSvg(toy, 'side'), toyPackagingSvg(toy)]) tiles.push(await sharp(Buffer.from(svg)).png().toBuffer());
}
const cols = 12;
const rows = Math.ceil(tiles.length / cols);
const sheet = await sharp({ create: { width: cols * 256, height: rows * 256, channels: 3, background: '#333' } })
  .composite(tiles.map((t, i) => ({ input: t, left: (i % cols) * 256, top: Math.floor(i / cols) * 256 }))).png().toBuffer();
await sharp(sheet).extract({ left: 0, top: 0, width: 3072, height: 1280 }).resize({ width: 1800 }).png().toFile('/tmp/gen/toys1.png');
await sharp(sheet).extract({ left: 0, top: 1280, width: 3072, height: rows * 256 - 1280 }).resize({ width: 1800 }).png().toFile('/tmp/gen/toys2.png');
const full = await Promise.all(tiles.map(async (t) => (await sharp(t).png({ compressionLevel: 9, effort: 10 }).toBuffer()).length));
console.log(tiles.length, 'full', full.reduce((a, b) => a + b, 0));
