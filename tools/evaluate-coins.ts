/**
 * Coin accuracy on a DEVELOPMENT seed (tuning seeds 1000–1999 only), scored as bench:accuracy scores coins.
 * Usage: pnpm exec node tools/evaluate-coins.ts [seed=1100] [requests=60] [mix=default|group]
 * (mix=group: group requests only, for count and face pairing; the benchmark uses the default mix)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureCoins } from '../test/bench/accuracy/coins.ts';

const seed = Number(process.argv[2] ?? 1100);
const requests = Number(process.argv[3] ?? 60);
const mix = process.argv[4] === 'group' ? { individual: 0, group: 1, roll: 0, pile: 0, ancient: 0, date_run: 0, set: 0 } : undefined;
if (seed < 1000 || seed > 1999) throw new Error('tune only on seeds 1000–1999');
const workDir = await mkdtemp(join(tmpdir(), 'assay-coins-dev-'));
try {
  const figures = await measureCoins({ catalogDir: new URL('../catalog/sample/', import.meta.url).pathname, seed, requests, workDir, mix, progress: (l) => process.stderr.write(`${l}\n`), onIdentity: (t, a, p, d) => t !== a && process.stdout.write(`miss ${p}: ${t} -> ${a} ${a ? '' : d}\n`) });
  const { counts, ...rest } = figures;
  process.stdout.write(`${JSON.stringify({ ...rest, identity: counts.identity })}\n`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
