/**
 * Dev: draws the located outlines (red: analysed, orange: others) and, given a generateCardSet
 * folder, the truth corners (green) over a photo, to /tmp/overlay-<name>.png.
 * Usage: pnpm exec node packages/vision/scripts/overlay.ts <dir> <photo-NNNN.jpg>...
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '../../recognizer/src/index.ts';
import { analyseCardPhoto, matchable, type Quad } from '../src/index.ts';

const [dir, ...files] = process.argv.slice(2);
const truth = JSON.parse(readFileSync(join(dir!, 'truth.json'), 'utf8')) as { photos: { file: string; corners: [number, number][] }[] }[];
const poly = (pts: [number, number][], colour: string) => `<polygon points="${pts.map((p) => p.join(',')).join(' ')}" fill="none" stroke="${colour}" stroke-width="3"/>`;
const pts = (q: Quad): [number, number][] => q.map((p) => [p.x, p.y]);
const refs = await computeCardReferences(await loadCatalog(new URL('../../../catalog/sample/', import.meta.url).pathname));
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
for (const file of files) {
  const bytes = readFileSync(join(dir!, file));
  const a = await analyseCardPhoto(bytes, { references });
  const meta = await sharp(bytes).metadata();
  const t = truth.flatMap((r) => r.photos).find((p) => p.file === file);
  const shapes = [
    t ? poly(t.corners.map((c) => [c[0], c[1]]), 'lime') : '',
    ...a.quads.slice(1).map((q) => poly(pts(q), 'orange')),
    a.card ? poly(pts(a.card.quad), 'red') : '',
    a.card?.holderLabel ? poly(pts(a.card.holderLabel.quad), 'cyan') : '',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${meta.width}" height="${meta.height}">${shapes.join('')}</svg>`;
  const drawn = await sharp(bytes).composite([{ input: Buffer.from(svg) }]).png().toBuffer();
  await sharp(drawn).resize({ width: 700 }).toFile(`/tmp/overlay-${file}.png`);
  console.log(file, JSON.stringify(a.timings), JSON.stringify(a.card?.quality));
}
