/**
 * Coin photo diagnostics on a DEVELOPMENT seed (1000–1999 only): generates a coin set once into
 * /tmp (cached), analyses every photo in this process and reports the median analysis time per
 * stage and each group photo whose readable coins differ from the coins shown.
 * With a second analyser (a copy of an older packages/coins/src), the two run alternately on every
 * photo, so a speed comparison sees the same machine load: ASSAY_AB_BASE=/path/to/analyse-coin-photo.ts
 * Usage: pnpm exec node tools/diag-coin-photos.ts [seed=1100] [requests=60] [mix=default|group]
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { analyseCoinPhoto, type CoinPhotoAnalysis } from '@assay/coins/diagnostics';
import { generateCoinSet, type CoinSetRequest } from '@assay/generator';

const [seedArg = '1100', countArg = '60', mixArg = 'default'] = process.argv.slice(2);
const seed = Number(seedArg);
if (!(seed >= 1000 && seed <= 1999)) throw new Error('development seeds are 1000–1999 only');
const mix = mixArg === 'group' ? { individual: 0, group: 1, roll: 0, pile: 0, ancient: 0, date_run: 0, set: 0 } : undefined;
const dir = `/tmp/assay-coin-diag-${seed}-${mixArg}-${countArg}`;
if (!existsSync(join(dir, 'truth.json'))) {
  const catalog = await loadCatalog(new URL('../catalog/sample/', import.meta.url).pathname);
  await generateCoinSet({ catalog, seed, count: Number(countArg), outDir: dir, mix });
}
const truth = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as CoinSetRequest[];
type Analyse = (bytes: Buffer) => Promise<CoinPhotoAnalysis>;
const base: Analyse | null = process.env.ASSAY_AB_BASE ? ((await import(process.env.ASSAY_AB_BASE)) as { analyseCoinPhoto: Analyse }).analyseCoinPhoto : null;

const times: number[] = [];
const baseTimes: number[] = [];
// CPU time too: on a shared machine it is far steadier than the wall clock.
const cpu: number[] = [];
const baseCpu: number[] = [];
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const stages: Record<string, number[]> = {};
const byKind: Record<string, number[]> = {};
let groupPhotos = 0;
let countRight = 0;
let differing = 0;
for (const request of truth) {
  for (const photo of request.photos) {
    const bytes = await readFile(join(dir, photo.file));
    const runNew = async () => {
      const [t, c] = [performance.now(), process.cpuUsage()];
      const a = await analyseCoinPhoto(bytes);
      times.push(performance.now() - t);
      cpu.push(cpuMs(c));
      return a;
    };
    const runBase = async () => {
      const [t, c] = [performance.now(), process.cpuUsage()];
      const a = await base!(bytes);
      baseTimes.push(performance.now() - t);
      baseCpu.push(cpuMs(c));
      return a;
    };
    // Alternate which runs first, so neither always meets a warm cache.
    let analysis: CoinPhotoAnalysis;
    let before: CoinPhotoAnalysis | null = null;
    if (base && times.length % 2 === 0) [before, analysis] = [await runBase(), await runNew()];
    else [analysis, before] = [await runNew(), base ? await runBase() : null];
    for (const [k, v] of Object.entries(analysis.timings)) (stages[k] ??= []).push(v);
    (byKind[photo.presentation] ??= []).push(times[times.length - 1]!);
    const summary = (a: CoinPhotoAnalysis) => a.coins.map((c) => `${c.x},${c.y},${c.r},${c.readable}`).join(' ');
    if (before && summary(before) !== summary(analysis)) {
      differing++;
      process.stdout.write(`differs ${photo.file} (${photo.presentation})\n  before ${describe(before)}\n  after  ${describe(analysis)}\n`);
    }
    if (photo.presentation !== 'group') continue;
    groupPhotos++;
    const readable = analysis.coins.filter((c) => c.readable).length;
    if (readable === photo.coins.length) {
      countRight++;
      continue;
    }
    process.stdout.write(`count ${photo.file} ${readable}/${photo.coins.length}\n  truth ${photo.coins.map((c) => `${c.centre.map(Math.round).join(',')} r${Math.round(c.radius)}`).join(' | ')}\n  found ${describe(analysis)}\n`);
  }
}
const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1] ?? 0;
const ms = (v: number) => Math.round(v * 10) / 10;
process.stdout.write(`${JSON.stringify({
  seed, mix: mixArg, photos: times.length, group_count: `${countRight}/${groupPhotos}`,
  median_ms: ms(median(times)), median_cpu_ms: ms(median(cpu)),
  ...(base ? { base_median_ms: ms(median(baseTimes)), base_median_cpu_ms: ms(median(baseCpu)), differing } : {}),
  by_kind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, `${v.length}: ${ms(median(v))}`])),
  stages: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, ms(median(v))])),
})}\n`);

function describe(a: CoinPhotoAnalysis): string {
  return a.coins.map((c) => `${Math.round(c.x)},${Math.round(c.y)} r${Math.round(c.r)} s${c.support} i${c.irregularity}${c.readable ? '' : ' UNREADABLE'}${c.inFrame ? '' : ' out'}`).join(' | ');
}
