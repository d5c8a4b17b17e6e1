import sharp from 'sharp';
import { readdirSync } from 'node:fs';
const root = '/work/main/catalog/sample/';
const ids = readdirSync(root + 'cards').sort();
const files = [...ids.map((id) => `${root}cards/${id}/front.png`), ...readdirSync(root + 'backs').map((b) => root + 'backs/' + b), '/work/main/packages/generator/assets/unknown-back.png'];
const cols = 10;
const comps = await Promise.all(files.map(async (f, i) => ({ input: await sharp(f).resize(150).png().toBuffer(), left: (i % cols) * 155, top: Math.floor(i / cols) * 215 })));
await sharp({ create: { width: cols * 155, height: Math.ceil(files.length / cols) * 215, channels: 3, background: '#fff' } }).composite(comps).png().toFile('/tmp/rv/montage.png');
console.log(files.length);
