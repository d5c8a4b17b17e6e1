import { readFileSync } from 'node:fs';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '../../recognizer/src/index.ts';
import { loadPhoto, locateQuads, matchable, refineQuad, type Quad } from '../src/index.ts';
import { chooseOutline } from '../src/locate/choose-outline.ts';
import { scaleQuad } from '../src/geometry/point.ts';
import { edgeMap } from '../src/locate/edge-map.ts';
const dir = process.argv[2]!;
const truth = JSON.parse(readFileSync(dir + '/truth.json', 'utf8')).flatMap((r: any) => r.photos);
const refs = await computeCardReferences(await loadCatalog('catalog/sample'));
const layouts = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const r = (q: Quad) => JSON.stringify(q.map((p) => [Math.round(p.x), Math.round(p.y)]));
for (const f of process.argv.slice(3)) {
  const t = truth.find((p: any) => p.file === f);
  const photo = await loadPhoto(readFileSync(dir + '/' + f));
  const k = photo.original.width / photo.work.width;
  const located = locateQuads(photo.work);
  console.log(f, 'truth', JSON.stringify(t.corners.map((p: number[]) => p.map(Math.round))), 'k', k.toFixed(2));
  for (const o of located[0]!.outlines) console.log('  outline', r(scaleQuad(o, k)));
  const ch = chooseOutline(photo.work, edgeMap(photo.work), located[0]!.outlines, layouts);
  console.log('  chosen', r(scaleQuad(ch.quad, k)), ch.likeness.toFixed(3));
  const s = photo.scale;
  const ref = refineQuad(photo.full, scaleQuad(ch.quad, s), s * 3 + 2);
  console.log('  refined', r(scaleQuad(ref, photo.original.width / photo.full.width)));
}
