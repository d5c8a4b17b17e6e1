import { readFileSync } from 'node:fs';
import { loadPhoto, matchable } from '/work/main/packages/vision/src/index.ts';
import { debugInternals as D } from '/work/main/packages/vision/src/locate/choose-outline.ts';
import { layoutFeatures } from '/work/main/packages/vision/src/features/layout-features.ts';
import { rectifyQuad } from '/work/main/packages/vision/src/geometry/rectify.ts';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from '/work/main/packages/recognizer/src/index.ts';
const refs = await computeCardReferences(await loadCatalog('/tmp/assay-catalog/'));
const references = [...refs.fronts, ...refs.backs].map((r) => matchable(r.features));
const photo = await loadPhoto(readFileSync('/tmp/assay-dev/photo-0301.jpg'));
const q: any = [{ x: 63, y: 97 }, { x: 295, y: 110 }, { x: 277, y: 451 }, { x: 40, y: 435 }];
for (const [name, f] of [['rectify', () => rectifyQuad(photo.work, q, { width: 96, height: 132 })], ['features', () => layoutFeatures(rectifyQuad(photo.work, q, { width: 96, height: 132 }).image)], ['likeness-all', () => D.likeness(photo.work, q, references)]] as const) {
  for (let i = 0; i < 50; i++) (f as any)();
  const t = performance.now();
  for (let i = 0; i < 200; i++) (f as any)();
  console.log(name, ((performance.now() - t) / 200).toFixed(3), 'ms');
}
