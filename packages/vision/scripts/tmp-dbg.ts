import { readFileSync } from 'node:fs';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '/work/main/packages/recognizer/src/index.ts';
import { loadPhoto, locateQuads, matchable } from '/work/main/packages/vision/src/index.ts';
import { chooseOutline } from '/work/main/packages/vision/src/locate/choose-outline.ts';
import { edgeMap } from '/work/main/packages/vision/src/locate/edge-map.ts';
import { orderPortrait, scaleQuad } from '/work/main/packages/vision/src/geometry/point.ts';
const refs = await computeCardReferences(await loadCatalog('/tmp/assay-catalog/'));
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const truth = JSON.parse(readFileSync('/tmp/assay-dev/truth.json', 'utf8')).flatMap((r: any) => r.photos);
for (const file of process.argv.slice(2)) {
  const t = truth.find((p: any) => p.file === file);
  const photo = await loadPhoto(readFileSync('/tmp/assay-dev/' + file));
  const edges = edgeMap(photo.work);
  const tq = scaleQuad(orderPortrait(t.corners.map((c: number[]) => ({ x: c[0], y: c[1] }))), 1 / photo.scale);
  const loc = locateQuads(photo.work)[0]!;
  const r = (q: any) => JSON.stringify(q.map((p: any) => [Math.round(p.x), Math.round(p.y)]));
  console.log(file, 'truth', chooseOutline(photo.work, edges, [tq], []).likeness, 'truthlike', chooseOutline(photo.work, { ...edges, threshold: 1e9 }, [tq], references).likeness.toFixed(3), r(tq));
  const c = chooseOutline(photo.work, edges, loc.outlines, references);
  console.log('  chosen', c.likeness.toFixed(3), r(c.quad), 'start', r(loc.outlines[0]));
}
