import sharp from 'sharp';
import { paintSurface } from '../src/photo/surfaces.ts';
const tiles = [];
for (const [i, kind] of (['wood', 'wood', 'wood', 'fabric', 'desk', 'playmat', 'cardboard', 'wood'] as const).entries()) {
  tiles.push(await sharp(paintSurface(kind, 400, 300, i * 13 + 1), { raw: { width: 400, height: 300, channels: 3 } }).png().toBuffer());
}
await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#fff' } }).composite(tiles.map((t, i) => ({ input: t, left: (i % 4) * 400, top: Math.floor(i / 4) * 300 }))).png().toFile('/tmp/gen/surfaces.png');
