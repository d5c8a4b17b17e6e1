import { loadCatalog } from '@assay/catalog';
import { createRng, sampleCardInstance, sampleCardScene } from '../src/index.ts';
import { resolveFaces, renderFlatFace } from '../src/cards/card-faces.ts';
import { wrapCard } from '../src/cards/card-object.ts';
import { placeObject } from '../src/photo/placement.ts';
import { polygonArea } from '../src/photo/homography.ts';
const catalog = await loadCatalog('catalog/sample');
const rng = createRng(3);
const shares: number[] = [];
for (let i = 0; i < 200; i++) {
  const instance = sampleCardInstance(rng, catalog);
  const scene = sampleCardScene(rng, {}, { holder: instance.holder !== null, sleeve: instance.sleeve });
  const w = instance.holder ? 768 : instance.sleeve ? 630 : 600;
  const h = instance.holder ? 1146 : instance.sleeve ? 896 : 840;
  const x0 = instance.holder ? 42 : instance.sleeve ? 15 : 0;
  const y0 = instance.holder ? 252 : instance.sleeve ? 46 : 0;
  const p = placeObject({ objectWidth: w, objectHeight: h, subject: [[x0, y0], [x0 + 600, y0], [x0 + 600, y0 + 840], [x0, y0 + 840]], fill: scene.fill, centre: scene.centre, rotation: scene.rotation, tilt: scene.tilt, region: { x: 0, y: 0, width: scene.width, height: scene.height }, photoWidth: scene.width, photoHeight: scene.height });
  shares.push(polygonArea(p.subject) / scene.width / scene.height);
}
shares.sort((a, b) => a - b);
console.log([0.05, 0.25, 0.5, 0.75, 0.95].map((q) => shares[Math.floor(q * shares.length)]!.toFixed(2)).join(' '));
