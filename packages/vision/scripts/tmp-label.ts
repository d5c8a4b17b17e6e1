import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '/work/main/packages/recognizer/src/index.ts';
import { analyseCardPhoto, matchable } from '/work/main/packages/vision/src/index.ts';
const refs = await computeCardReferences(await loadCatalog('/tmp/assay-catalog/'));
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const tiles: Buffer[] = [];
for (const f of process.argv.slice(2)) {
  const a = await analyseCardPhoto(readFileSync('/tmp/assay-dev/' + f), { references });
  const g = a.card?.holderLabel?.gray;
  console.log(f, g ? `${g.width}x${g.height}` : 'no label');
  if (g) tiles.push(await sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } }).resize({ width: 600, height: 200, fit: 'fill' }).png().toBuffer());
}
await sharp({ create: { width: 600, height: 200 * tiles.length, channels: 3, background: '#fff' } }).composite(tiles.map((input, i) => ({ input, left: 0, top: i * 200 }))).png().toFile('/tmp/labels.png');
