import { writeFile } from 'node:fs/promises';
import { loadCatalog } from '@assay/catalog';
import { createRng } from '../src/random.ts';
import * as L from '../src/coins/coin-layout.ts';
import { sampleCoinScene } from '../src/coins/coin-scene.ts';
import { renderCoinPhoto } from '../src/coins/render-coin-photo.ts';
import { sampleCoinInstance } from '../src/coins/coin-instance.ts';
const catalog = await loadCatalog('/work/main/catalog/sample');
const rng = createRng(5);
const layouts = [
  L.individualLayout(rng, catalog, sampleCoinInstance(rng, catalog), 'a'),
  L.groupLayout(rng, catalog, 6, 'b'),
  L.rollLayout(rng, catalog, true, 'c'),
  L.rollLayout(rng, catalog, false, 'd'),
  L.pileLayout(rng, catalog, 24, 'e'),
  L.ancientLayout(rng, catalog, 'f'),
  L.dateRunLayout(rng, catalog, 6, 'g'),
  L.setLayout(rng, catalog, 'h'),
];
for (const layout of layouts) for (const side of ['obverse', 'reverse'] as const) {
  const scene = sampleCoinScene(rng, layout.presentation);
  const t = performance.now();
  const { jpeg, truth } = await renderCoinPhoto(catalog, { layout, side, scene });
  console.log(layout.presentation, side, Math.round(performance.now() - t), 'ms', truth.coins.length, truth.coins.filter(c=>c.readable).length);
  await writeFile(`/tmp/coin-${layout.id}-${side}.jpg`, jpeg);
}
