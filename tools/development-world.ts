/**
 * The development world of tools/evaluate-coins.ts, from its command-line options (see its usage):
 * the presentation drawn (`only=KIND`; `group` for `only=group`), the tuning world widened along
 * any axes, the entries left out of the engine's catalog (`without=`) and its coins' faces (`faces=`).
 */
import { createRng, tuningArrangement, tuningConditions, type CoinSetMix, type PhotoConditions } from '@assay/generator';

/** A tuning draw's place in [a, b] moved to the same place in [c, d]. */
const moved = (v: number, [a, b]: [number, number], [c, d]: [number, number]) => c + ((v - a) / (b - a)) * (d - c);
const clipped = (v: number, max: number) => Math.max(-max, Math.min(max, v));
/** Each axis widens the conditions it is given (so the light's two axes compose). */
const axes: Record<string, (value: number, base: PhotoConditions) => Partial<PhotoConditions>> = {
  tilt: (max) => ({ coinTilt: (rng) => [clipped(rng.normal(0, max / 2.2), max), clipped(rng.normal(0, max / 2.2), max)] }),
  warmth: (w, base) => ({ lighting: (rng) => { const light = base.lighting(rng); return { ...light, warmth: moved(light.warmth, [-0.8, 1], [-w, w]) }; } }),
  exposure: (e, base) => ({ lighting: (rng) => { const light = base.lighting(rng); return { ...light, exposure: moved(light.exposure, [0.88, 1.08], [e, 2 - e]) }; } }),
  noise: (n, base) => ({ lighting: (rng) => { const light = base.lighting(rng); return { ...light, noise: moved(light.noise, [1, 4], [1, n]) }; } }),
  jpeg: (q) => ({ jpegQuality: (rng) => Math.round(moved(tuningConditions.jpegQuality(rng), [80, 95], [q, 95])) }),
  shadow: (h) => ({
    shadow: (rng) => {
      const soft = tuningConditions.shadow(rng);
      return { angle: soft.angle, distance: moved(soft.distance, [0.006, 0.03], [0.006, 0.03 + h * 0.05]), softness: moved(soft.softness, [0.01, 0.04], [0.01 - h * 0.008, 0.04]), opacity: moved(soft.opacity, [0.25, 0.55], [0.25, 0.55 + h * 0.2]) };
    },
  }),
  // Every photo lit by a desk lamp: brightest somewhere in the frame, the table darkening away from
  // it by up to F (a share of the light). Its place and reach come from a stream of their own, seeded
  // by the light's angle, so the photo's other draws stay the tuning photo's.
  lamp: (f, base) => ({
    lighting: (rng) => {
      const light = base.lighting(rng);
      const own = createRng(Math.floor(light.angle * 1e6));
      return { ...light, spot: { x: own.range(0.1, 0.9), y: own.range(0.1, 0.9), radius: own.range(0.15, 0.5), falloff: own.range(0.3 * f, f) } };
    },
  }),
  // Piles, open rolls and sets arranged any of the ways people lay them out, not the tuning world's
  // one way each (a development axis; any value). Its draws come first in each request, so these
  // requests are not the tuning world's moved: the same seed draws other coins.
  arranged: () => ({
    coinArrangement: (rng, presentation) => {
      const own = createRng(Math.floor(rng.next() * 2 ** 31));
      switch (presentation) {
        case 'pile':
          return { ...tuningArrangement, pile: { spread: own.range(0.14, 0.3), leaning: own.range(0.3, 0.65), heaps: own.chance(0.4) ? 2 : 1 } };
        case 'roll':
          return { ...tuningArrangement, roll: { readableMax: own.int(2, 6), spill: own.chance(0.5) ? 'fan' : 'row' } };
        case 'set':
          return { ...tuningArrangement, set: { columns: own.pick(['auto', 'row', 'three'] as const), anyRotation: own.chance(0.5) } };
        default:
          return tuningArrangement;
      }
    },
  }),
  // Every photo blurred: half out of focus (sigma up to S of the long side), half shaken (up to 5 S long).
  blur: (spread) => ({ cameraBlur: (rng) => (rng.chance(0.5) ? { kind: 'focus', sigma: rng.range(0.0005, spread) } : { kind: 'motion', length: rng.range(0.002, 5 * spread), angle: rng.range(0, 180) }) }),
  // Every photo on a table printed with coin-sized rings, dots and arcs (a development surface; any value).
  printed: () => ({ surfaces: ['printed'] }),
  // Every photo on a ruled or squared sheet or board, its lines at any angle (a development surface; any value).
  ruled: () => ({ surfaces: ['ruled'] }),
  // Every photo on a cloth repeating one small motif on a lattice, turned any way (a development surface; any value).
  tiled: () => ({ surfaces: ['tiled'] }),
  // rng.range(lo, hi) is one uniform draw: its place moved into [ln lo/K, ln hi].
  far: (k) => ({ coinFill: (rng, [lo, hi]) => Math.exp(moved(rng.range(0, 1), [0, 1], [Math.log(lo / k), Math.log(hi)])) }),
};

/** The catalog a development run uses: the sample's, or (`faces=small`) the sample's coins with their dates printed in the development style. */
export type DevelopmentFaces = 'sample' | 'small';

export function developmentWorld(options: readonly string[]): { mix: Partial<CoinSetMix> | undefined; conditions: PhotoConditions | undefined; leftOut: ((entry: { id: string }) => boolean) | undefined; faces: DevelopmentFaces } {
  const valueOf = (name: string) => Number(options.find((o) => o.startsWith(`${name}=`))?.slice(name.length + 1) ?? Number.NaN);
  const only = options.find((o) => o.startsWith('only='))?.slice('only='.length) ?? (options.includes('group') ? 'group' : undefined);
  const none: CoinSetMix = { individual: 0, group: 0, roll: 0, pile: 0, ancient: 0, date_run: 0, set: 0 };
  if (only !== undefined && !(only in none)) throw new Error(`only=: one of ${Object.keys(none).join(', ')}`);
  const mix = only === undefined ? undefined : { ...none, [only]: 1 };
  const without = options.find((o) => o.startsWith('without='))?.slice('without='.length).split(',').filter(Boolean) ?? [];
  const leftOut = without.length === 0 ? undefined : (entry: { id: string }) => without.some((prefix) => entry.id.startsWith(prefix));
  const chosen = Object.entries(axes).filter(([name]) => !Number.isNaN(valueOf(name)));
  const conditions = chosen.length === 0 ? undefined : chosen.reduce<PhotoConditions>((base, [name, widen]) => ({ ...base, ...widen(valueOf(name), base) }), tuningConditions);
  const faces = options.find((o) => o.startsWith('faces='))?.slice('faces='.length) ?? 'sample';
  if (faces !== 'sample' && faces !== 'small') throw new Error('faces=: sample or small');
  return { mix, conditions, leftOut, faces };
}
