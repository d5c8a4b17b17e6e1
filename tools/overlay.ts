/**
 * Dev: draws the located outlines (red: analysed, orange: others) and, given a generateCardSet
 * folder, the truth corners (green) over a photo, side by side to /tmp/overlay.png.
 * Usage: pnpm exec node tools/overlay.ts <dir> <photo-NNNN.jpg>...
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '@assay/cards';
import { analyseCardPhoto, chooseOutline, locateQuads, matchable } from '@assay/cards/diagnostics';
import { edgeMap, loadPhoto, scaleQuad, type Quad } from '@assay/pixels';

const [dir, ...files] = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const truth = JSON.parse(readFileSync(join(dir!, 'truth.json'), 'utf8')) as { photos: { file: string; corners: [number, number][] }[] }[];
const poly = (pts: [number, number][], colour: string) => `<polygon points="${pts.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${colour}" stroke-width="3"/>`;
const pts = (q: Quad): [number, number][] => q.map((p) => [p.x, p.y]);
const refs = await computeCardReferences(await loadCatalog(process.env.ASSAY_CATALOG ?? new URL('../catalog/sample/', import.meta.url).pathname));
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const tiles: Buffer[] = [];
for (const file of files) {
  const bytes = readFileSync(join(dir!, file));
  const a = await analyseCardPhoto(bytes, { references });
  const meta = await sharp(bytes).metadata();
  const t = truth.flatMap((r) => r.photos).find((p) => p.file === file);
  // Every outline offered for the main item, with its likeness, when -a is given.
  const photo = await loadPhoto(bytes);
  const outlines = process.argv.includes('-a') ? (locateQuads(photo.work)[0]?.outlines ?? []).map((q) => scaleQuad(q, photo.scale)) : [];
  for (const q of outlines) console.log('  outline', chooseOutline(photo.work, edgeMap(photo.work), [scaleQuad(q, 1 / photo.scale)], references).likeness.toFixed(3), JSON.stringify(q.map((p) => [Math.round(p.x), Math.round(p.y)])));
  const shapes = [
    ...outlines.map((q) => poly(pts(q), 'yellow')),
    t ? poly(t.corners.map((c) => [c[0], c[1]]), 'lime') : '',
    ...a.quads.slice(1).map((q) => poly(pts(q), 'orange')),
    a.card ? poly(pts(a.card.quad), 'red') : '',
    a.card?.holderLabel ? poly(pts(a.card.holderLabel.quad), 'cyan') : '',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${meta.width}" height="${meta.height}">${shapes.join('')}</svg>`;
  const drawn = await sharp(bytes).composite([{ input: Buffer.from(svg) }]).png().toBuffer();
  tiles.push(await sharp(drawn).resize({ height: 420 }).png().toBuffer());
  console.log(file, JSON.stringify(a.timings), JSON.stringify(a.card?.quality));
}
// All photos side by side in one image, to look at together.
const sizes = await Promise.all(tiles.map((t) => sharp(t).metadata()));
let left = 0;
const placed = tiles.map((input, i) => ({ input, left: (left += i ? sizes[i - 1]!.width : 0), top: 0 }));
const width = sizes.reduce((a, m) => a + m.width, 0);
await sharp({ create: { width, height: 420, channels: 3, background: '#fff' } }).composite(placed).png().toFile('/tmp/overlay.png');
