/*
 * Renders card photos from the sample catalog and prints the median and 90th-percentile render
 * time (the first render, which loads fonts and faces, is left out), and the median CPU time,
 * which other work on a shared machine inflates less than wall time.
 *
 *   pnpm exec node packages/generator/scripts/bench-render.ts [COUNT] [cards|coins|toys]
 */
import { fileURLToPath } from 'node:url';
import { loadCatalog } from '@assay/catalog';
import {
  coinPresentations, createRng, planCoinRequest, planToyRequest, defaultToySetMix, renderCardPhoto, renderCoinPhoto, renderToyPhoto,
  sampleCardInstance, sampleCardScene,
} from '../src/index.ts';

const count = Number(process.argv[2] ?? 25);
const kind = process.argv[3] ?? 'cards';
const catalog = await loadCatalog(fileURLToPath(new URL('../../../catalog/sample/', import.meta.url)));
const rng = createRng(7);
const times: number[] = [];
const cpu: number[] = [];
for (let i = 0; i <= count; i++) {
  let render: () => Promise<unknown>;
  if (kind === 'coins') {
    // Every presentation in turn, the first photo of each request.
    const shot = planCoinRequest(rng, catalog, coinPresentations[i % coinPresentations.length]!, `b${i}`)[0]!;
    render = () => renderCoinPhoto(catalog, shot);
  } else if (kind === 'toys') {
    const plan = planToyRequest(rng, catalog, { ...defaultToySetMix, packaging: 0.6, modelNumber: 0.6, makerMark: 0.6 });
    const request = plan[i % plan.length]!;
    render = () => renderToyPhoto(catalog, request);
  } else {
    const instance = sampleCardInstance(rng, catalog);
    const scene = sampleCardScene(rng, {}, { holder: instance.holder !== null, sleeve: instance.sleeve });
    render = () => renderCardPhoto(catalog, { instance, face: rng.chance(0.5) ? 'front' : 'back', scene });
  }
  const [started, cpuStarted] = [performance.now(), process.cpuUsage()];
  await render();
  if (i === 0) continue;
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpuStarted);
  cpu.push((used.user + used.system) / 1000);
}
const at = (values: number[], q: number) => Math.round([...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!);
console.log(`${count} ${kind} photos: median ${at(times, 0.5)} ms, p90 ${at(times, 0.9)} ms, max ${at(times, 1)} ms; median CPU ${at(cpu, 0.5)} ms`);
