import { writeFile } from 'node:fs/promises';
import { loadCatalog } from '@assay/catalog';
import { createRng, renderToyPhoto, sampleToyScene, toyShots } from '../src/index.ts';
const catalog = await loadCatalog('/work/main/catalog/sample');
const rng = createRng(3);
for (const shot of toyShots) {
  const t = performance.now();
  const { jpeg, truth } = await renderToyPhoto(catalog, { entryId: 'titan-guardian-deluxe-figure', shot, view: 0, surface: rng.chance(0.5) ? 'box' : 'base', otherEntryId: shot === 'item' ? 'barnaby-bear' : null, seed: 5, scene: sampleToyScene(rng, shot) });
  console.log(shot, Math.round(performance.now() - t), truth.toy_count, truth.text);
  await writeFile(`/tmp/toy-${shot}.jpg`, jpeg);
}
