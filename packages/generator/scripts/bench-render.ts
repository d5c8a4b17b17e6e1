/*
 * Renders card photos from the sample catalog and prints the median and 90th-percentile render
 * time (the first render, which loads fonts and faces, is left out).
 *
 *   pnpm exec node packages/generator/scripts/bench-render.ts [COUNT]
 */
import { fileURLToPath } from 'node:url';
import { loadCatalog } from '@assay/catalog';
import { createRng, renderCardPhoto, sampleCardInstance, sampleCardScene } from '../src/index.ts';

const count = Number(process.argv[2] ?? 25);
const catalog = await loadCatalog(fileURLToPath(new URL('../../../catalog/sample/', import.meta.url)));
const rng = createRng(7);
const times: number[] = [];
for (let i = 0; i <= count; i++) {
  const instance = sampleCardInstance(rng, catalog);
  const scene = sampleCardScene(rng, {}, { holder: instance.holder !== null, sleeve: instance.sleeve });
  const started = performance.now();
  await renderCardPhoto(catalog, { instance, face: rng.chance(0.5) ? 'front' : 'back', scene });
  if (i > 0) times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
console.log(`${count} photos: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`);
