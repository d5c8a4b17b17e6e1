import { spawn, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { link, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assayCommand } from '../../support/assay-command.ts';
import { nearestRank } from '../lib/nearest-rank.ts';
import { writeMixedBatch } from './mixed-batch.ts';

const root = new URL('../../../', import.meta.url).pathname;

/**
 * `assay run` over a mixed batch of `items` items (cards, coins and toys in equal parts, several
 * photos each; with slabbedCards half the cards in slabs; see writeMixedBatch) in a fresh folder and a fresh embedded database, as a child
 * process: its peak resident set size (VmHWM, threads included), how long it took, and the batch.
 * Beside the peak, when it came (seconds into the run) and the resident set's median and 90th
 * percentile over the run (VmRSS every 250 ms): a peak that grows with the batch while the level
 * stays put is a rarer spike reached, not memory kept.
 */
export async function measureRunRss({ items, concurrency, slabbedCards = false, log }: { items: number; concurrency: number; slabbedCards?: boolean; log: (line: string) => void }) {
  const work = await mkdtemp(join(tmpdir(), 'assay-bench-run-'));
  try {
    const photosDir = join(work, 'photos');
    const batch = await writeMixedBatch({ inbox: join(work, 'inbox'), photosDir, items, slabbedCards });
    const aCardPhoto = join(photosDir, (await readdir(photosDir)).find((name) => name.startsWith('card-'))!);
    // Only what the run needs: a fresh data folder, the engine's defaults, no database URL unless asked.
    const assay = assayCommand();
    const env: Record<string, string> = { ...assay.env, PATH: process.env.PATH ?? '', ASSAY_DATA_DIR: join(work, 'data'), LOG_LEVEL: 'warn' };
    if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
    // The catalog is imported once per deployment, not per run: import it first, in a process of its own.
    const imported = spawnSync(process.execPath, [...assay.args, 'catalog', 'import', join(root, 'catalog/sample')], { env, encoding: 'utf8' });
    if (imported.status !== 0) throw new Error(`assay catalog import failed: ${imported.stderr}`);
    // A deployed Assay has compiled its TypeScript once (Node's compile cache, see the README's
    // memory settings); the first run after an install or upgrade also holds the compiler. One item warms it.
    await mkdir(join(work, 'warm-up', 'cards', 'item-0'), { recursive: true });
    await link(aCardPhoto, join(work, 'warm-up', 'cards', 'item-0', 'front.jpg'));
    await writeFile(join(work, 'warm-up', 'cards', 'item-0', 'item.json'), '{}');
    const warmUp = spawnSync(process.execPath, [...assay.args, 'run', join(work, 'warm-up'), '--json'], { env, encoding: 'utf8' });
    if (warmUp.status !== 0) throw new Error(`the warm-up assay run failed: ${warmUp.stderr}`);
    const started = performance.now();
    const child = spawn(process.execPath, [...assay.args, 'run', join(work, 'inbox'), '--json', '--concurrency', String(concurrency)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    let peakKb = 0;
    let peakAtS = 0;
    const residentKb: number[] = [];
    let lastLog = 0;
    const sample = setInterval(async () => {
      try {
        const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
        const highWaterKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
        if (highWaterKb > peakKb) {
          peakKb = highWaterKb;
          peakAtS = (performance.now() - started) / 1000;
        }
        residentKb.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
        if (performance.now() - lastLog > 30_000) {
          lastLog = performance.now();
          log(`  ${items} items: ${Math.round((performance.now() - started) / 1000)} s, peak RSS so far ${Math.round(peakKb / 1024)} MB`);
        }
      } catch {
        // The process has exited between two samples.
      }
    }, 250);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearInterval(sample);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`assay run exited with ${code}: ${stderr}`);
    const summary = JSON.parse(stdout.trim()) as { items: number; assessed: number };
    if (summary.items !== items) throw new Error(`assay run stored ${summary.items} of ${items} items`);
    residentKb.sort((a, b) => a - b);
    const mb = (kb: number) => Math.round(kb / 1024);
    return {
      items,
      batch,
      peak_rss_mb: mb(peakKb),
      peak_at_s: Math.round(peakAtS),
      rss_median_mb: mb(nearestRank(residentKb, 0.5)),
      rss_p90_mb: mb(nearestRank(residentKb, 0.9)),
      seconds: Math.round(seconds),
      items_per_s: Math.round((items / seconds) * 10) / 10,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
