/**
 * Coin accuracy on a DEVELOPMENT seed (tuning seeds 1000–1999 only), scored as bench:accuracy scores coins.
 * Usage: pnpm exec node tools/evaluate-coins.ts [seed=1100] [requests=60] [group] [tilt=DEGREES] [warmth=W]
 * group: group requests only, for count and face pairing; the benchmark uses the default mix.
 * The others widen one axis of the tuning world, a development world for what that axis does to the
 * engine; every draw is the tuning world's, so each photo is the tuning photo with that axis moved:
 * - tilt=D: the camera tilted up to D degrees either way, most photos near square on (tuning: σ 3°);
 * - warmth=W: the light's colour from −W (cool) to +W (warm) (tuning: −0.8 to +1).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tuningConditions, type PhotoConditions } from '@assay/generator';
import { measureCoins } from '../test/bench/accuracy/coins.ts';

const seed = Number(process.argv[2] ?? 1100);
const requests = Number(process.argv[3] ?? 60);
const options = process.argv.slice(4);
const mix = options.includes('group') ? { individual: 0, group: 1, roll: 0, pile: 0, ancient: 0, date_run: 0, set: 0 } : undefined;
const widened = (name: string) => Number(options.find((o) => o.startsWith(`${name}=`))?.slice(name.length + 1) ?? Number.NaN);
const [tilt, warmth] = [widened('tilt'), widened('warmth')];
const clipped = (v: number, max: number) => Math.max(-max, Math.min(max, v));
const conditions: PhotoConditions | undefined = Number.isNaN(tilt) && Number.isNaN(warmth) ? undefined : {
  ...tuningConditions,
  ...(Number.isNaN(tilt) ? {} : { coinTilt: (rng) => [clipped(rng.normal(0, tilt / 2.2), tilt), clipped(rng.normal(0, tilt / 2.2), tilt)] }),
  // The tuning draw's place in −0.8..1, moved to the same place in −W..W.
  ...(Number.isNaN(warmth) ? {} : { lighting: (rng) => { const light = tuningConditions.lighting(rng); return { ...light, warmth: ((light.warmth + 0.8) / 1.8) * 2 * warmth - warmth }; } }),
};
if (seed < 1000 || seed > 1999) throw new Error('tune only on seeds 1000–1999');
const workDir = await mkdtemp(join(tmpdir(), 'assay-coins-dev-'));
try {
  const figures = await measureCoins({ catalogDir: new URL('../catalog/sample/', import.meta.url).pathname, seed, requests, workDir, mix, conditions, progress: (l) => process.stderr.write(`${l}\n`), onIdentity: (t, a, p, d) => t !== a && process.stdout.write(`miss ${p}: ${t} -> ${a} ${a ? '' : d}\n`) });
  const { counts, ...rest } = figures;
  process.stdout.write(`${JSON.stringify({ ...rest, identity: counts.identity })}\n`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
