import sharp from 'sharp';
import { coinObverseSvg, coinReverseSvg } from '../src/sample-catalog/coins/coin-face.ts';
import { sampleCoins } from '../src/sample-catalog/coins/coin-list.ts';
const tiles: Buffer[] = [];
for (const coin of sampleCoins) {
  tiles.push(await sharp(Buffer.from(coinObverseSvg(coin))).png().toBuffer());
  tiles.push(await sharp(Buffer.from(coinReverseSvg(coin))).png().toBuffer());
}
const cols = 12;
const rows = Math.ceil(tiles.length / cols);
const sheet = await sharp({ create: { width: cols * 256, height: rows * 256, channels: 3, background: '#333' } })
  .composite(tiles.map((t, i) => ({ input: t, left: (i % cols) * 256, top: Math.floor(i / cols) * 256 }))).png().toBuffer();
await sharp(sheet).resize({ width: 1800 }).png().toFile('/tmp/gen/coins.png');
await sharp(sheet).extract({ left: 0, top: 0, width: 1024, height: 512 }).png().toFile('/tmp/gen/coins-zoom.png');
const pal = await Promise.all(tiles.map(async (t) => (await sharp(t).png({ palette: true, effort: 10 }).toBuffer()).length));
const full = await Promise.all(tiles.map(async (t) => (await sharp(t).png({ compressionLevel: 9, effort: 10 }).toBuffer()).length));
console.log(tiles.length, 'palette', pal.reduce((a, b) => a + b, 0), 'full', full.reduce((a, b) => a + b, 0));
