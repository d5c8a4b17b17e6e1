import sharp from 'sharp';
import { cardFrontSvg } from '../src/sample-catalog/cards/card-front.ts';
import { cardBackSvg } from '../src/sample-catalog/cards/card-backs.ts';
import { sampleCards, sampleGames } from '../src/sample-catalog/cards/card-list.ts';
const tiles: Buffer[] = [];
for (const card of sampleCards) {
  const game = sampleGames.find((g) => g.id === card.game)!;
  tiles.push(await sharp(Buffer.from(cardFrontSvg(card, game))).png().toBuffer());
}
for (const b of ['aetherium', 'starfall', 'kaiju', 'mythic-tides'] as const) tiles.push(await sharp(Buffer.from(cardBackSvg(b))).png().toBuffer());
const cols = 10;
const rows = Math.ceil(tiles.length / cols);
await sharp({ create: { width: cols * 300, height: rows * 420, channels: 3, background: '#888' } })
  .composite(tiles.map((t, i) => ({ input: t, left: (i % cols) * 300, top: Math.floor(i / cols) * 420 })))
  .png().toBuffer().then((b) => sharp(b).resize({ width: 1500 }).png().toFile('/tmp/gen/sheet.png'));
await sharp(tiles[0]).png().toFile('/tmp/gen/card0.png');
const sizes = await Promise.all(tiles.map(async (t) => (await sharp(t).png({ palette: true, quality: 90, effort: 10 }).toBuffer()).length));
console.log('palette sizes', sizes.reduce((a, b) => a + b, 0), Math.max(...sizes));
console.log('full sizes', tiles.reduce((a, t) => a + t.length, 0));
