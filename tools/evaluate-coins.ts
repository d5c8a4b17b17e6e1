/**
 * Coin accuracy on a DEVELOPMENT seed (tuning seeds 1000–1999 only), scored as bench:accuracy scores coins.
 * Usage: pnpm exec node tools/evaluate-coins.ts [seed=1100] [requests=60] [group] [without=PREFIX,…] [AXIS=VALUE …]
 * group: group requests only, for count and face pairing; the benchmark uses the default mix.
 * without: the entries whose ids start so are shown in the photos but not given to the engine, as
 * coins a user's catalog does not list: their coins are right answered as none of the catalog's
 * (`unlisted_unnamed`). Leave out every entry of a design (e.g. `without=peace-dollar,buffalo-nickel`),
 * or its coins are still that design's.
 * Each AXIS=VALUE widens one axis of the tuning world (any number together): a development world
 * for what that axis does to the engine. Every draw is the tuning world's, moved to the same place
 * in the wider range, so each photo is the tuning photo with those axes moved:
 * - tilt=D: the camera tilted up to D degrees either way, most photos near square on (tuning: σ 3°);
 * - warmth=W: the light's colour from −W (cool) to +W (warm) (tuning: −0.8 to +1);
 * - exposure=E: exposure from E to 2 − E, e.g. 0.7 (tuning: 0.88 to 1.08);
 * - jpeg=Q: JPEG quality from Q to 95 (tuning: 80 to 95);
 * - far=K: coins down to a K-th of the tuning world's fill, evenly in log (tuning: K = 1);
 * - shadow=H: a lamp's hard shadows, H of the way from the tuning world's soft ones to the held-out
 *   world's reach (offset to 8 % of the item, softness down to 0.2 %, opacity to 0.75; H = 1 is all of it).
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
/** A tuning draw's place in [a, b] moved to the same place in [c, d]. */
const moved = (v: number, [a, b]: [number, number], [c, d]: [number, number]) => c + ((v - a) / (b - a)) * (d - c);
const clipped = (v: number, max: number) => Math.max(-max, Math.min(max, v));
/** Each axis widens the conditions it is given (so the light's two axes compose). */
const axes: Record<string, (value: number, base: PhotoConditions) => Partial<PhotoConditions>> = {
  tilt: (max) => ({ coinTilt: (rng) => [clipped(rng.normal(0, max / 2.2), max), clipped(rng.normal(0, max / 2.2), max)] }),
  warmth: (w, base) => ({ lighting: (rng) => { const light = base.lighting(rng); return { ...light, warmth: moved(light.warmth, [-0.8, 1], [-w, w]) }; } }),
  exposure: (e, base) => ({ lighting: (rng) => { const light = base.lighting(rng); return { ...light, exposure: moved(light.exposure, [0.88, 1.08], [e, 2 - e]) }; } }),
  jpeg: (q) => ({ jpegQuality: (rng) => Math.round(moved(tuningConditions.jpegQuality(rng), [80, 95], [q, 95])) }),
  shadow: (h) => ({
    shadow: (rng) => {
      const soft = tuningConditions.shadow(rng);
      return { angle: soft.angle, distance: moved(soft.distance, [0.006, 0.03], [0.006, 0.03 + h * 0.05]), softness: moved(soft.softness, [0.01, 0.04], [0.01 - h * 0.008, 0.04]), opacity: moved(soft.opacity, [0.25, 0.55], [0.25, 0.55 + h * 0.2]) };
    },
  }),
  // rng.range(lo, hi) is one uniform draw: its place moved into [ln lo/K, ln hi].
  far: (k) => ({ coinFill: (rng, [lo, hi]) => Math.exp(moved(rng.range(0, 1), [0, 1], [Math.log(lo / k), Math.log(hi)])) }),
};
const without = options.find((o) => o.startsWith('without='))?.slice('without='.length).split(',').filter(Boolean) ?? [];
const leftOut = without.length === 0 ? undefined : (entry: { id: string }) => without.some((prefix) => entry.id.startsWith(prefix));
const chosen = Object.entries(axes).filter(([name]) => !Number.isNaN(widened(name)));
const conditions: PhotoConditions | undefined = chosen.length === 0 ? undefined : chosen.reduce<PhotoConditions>((base, [name, widen]) => ({ ...base, ...widen(widened(name), base) }), tuningConditions);
if (seed < 1000 || seed > 1999) throw new Error('tune only on seeds 1000–1999');
const workDir = await mkdtemp(join(tmpdir(), 'assay-coins-dev-'));
try {
  const figures = await measureCoins({ catalogDir: new URL('../catalog/sample/', import.meta.url).pathname, seed, requests, workDir, mix, conditions, leftOut, progress: (l) => process.stderr.write(`${l}\n`), onIdentity: (t, a, p, d) => t !== a && process.stdout.write(`miss ${p}: ${t} -> ${a} ${a ? '' : d}\n`) });
  const { counts, ...rest } = figures;
  process.stdout.write(`${JSON.stringify({ ...rest, identity: counts.identity })}\n`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
