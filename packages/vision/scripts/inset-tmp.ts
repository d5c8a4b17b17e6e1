import { loadCatalog } from '@assay/catalog';
import sharp from 'sharp';
const catalog = await loadCatalog('catalog/sample');
for (const card of catalog.cards.slice(0, 4)) {
  const file = catalog.entryFile('cards', card.id, card.images.front);
  const { data, info } = await sharp(file).resize(600, 840, { fit: 'fill', kernel: 'lanczos3' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const W = info.width, H = info.height;
  const px = (x: number, y: number) => [0, 1, 2].map((c) => data[(y * W + x) * 3 + c]!);
  const run = (side: string) => { const out: number[] = []; for (let k = 1; k <= 15; k++) { const horiz = side === 'l' || side === 'r'; const len = horiz ? H : W; const depth = horiz ? W : H; const across = Math.floor(len * (0.2 + 0.6 * k / 16)); const p = (d: number) => { const al = side === 'r' || side === 'b' ? depth - 1 - d : d; return horiz ? px(al, across) : px(across, al); }; const ref = p(2); let d = 3; while (d < depth * 0.3) { const q = p(d); if (Math.abs(q[0]! - ref[0]!) + Math.abs(q[1]! - ref[1]!) + Math.abs(q[2]! - ref[2]!) > 60) break; d++; } out.push(d); } return out.sort((a, b) => a - b)[7]; };
  console.log(card.id, (await sharp(file).metadata()).width, card.frame, run('l'), run('r'), run('t'), run('b'));
}
