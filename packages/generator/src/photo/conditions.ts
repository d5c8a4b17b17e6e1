import type { CardHolder } from '../cards/card-instance.ts';
import { tuningArrangement, type CoinArrangement } from '../coins/coin-arrangement.ts';
import { heldOutHolderCompanies, holderCompanies, sampleHolderCode, type HolderCompany } from '../cards/holder-label.ts';
import type { Rng } from '../random.ts';
import { blurSpread, isBlurred, type CameraBlur } from './camera-blur.ts';
import type { Lighting } from './lighting.ts';
import type { Point } from './raw-image.ts';
import { heldOutSurfaceKinds, surfaceKinds, type SurfaceKind } from './surfaces.ts';

/*
 * The photo conditions a scene is drawn from. The tuning world is what the engine was developed and
 * tuned on; the held-out world is far wider (other tables, harsher light, steeper and farther
 * cameras, ordinary JPEG compression, heavy compression and blur among ordinary photos, other grading
 * companies' scratched slabs) and nothing may be tuned on it (test/bench/README.md). Each
 * axis and its range in both worlds is tabled in packages/generator/README.md; keep the two in step.
 *
 * The tuning world draws exactly what the samplers drew before worlds existed, in the same order,
 * so a tuning seed still renders the same photo byte for byte.
 */

export const photoWorlds = ['tuning', 'held_out'] as const;
export type PhotoWorld = (typeof photoWorlds)[number];

/** The card's own shadow on the table (see CastShadow). */
interface ShadowDraw {
  angle: number;
  distance: number;
  softness: number;
  opacity: number;
}

export interface PhotoConditions {
  world: PhotoWorld;
  /** Photo sizes, long side by short side; either way up. */
  frameSizes: readonly [number, number][];
  surfaces: readonly SurfaceKind[];
  /** Share of the frame a card (or a tabletop scene's plane) covers, when no defect says otherwise. */
  fill(rng: Rng): number;
  /** In-plane rotation of a card, degrees clockwise (slabs are shot squarer than loose cards). */
  rotation(rng: Rng, holder: boolean): number;
  /** Camera tilt about the x and y axes, degrees. */
  tilt(rng: Rng): Point;
  lighting(rng: Rng): Lighting;
  shadow(rng: Rng): ShadowDraw;
  /** JPEG quality of a photo without a compression defect; below `heavyCompressionBelow` its truth says `highly_compressed`. */
  jpegQuality(rng: Rng): number;
  /** The photo's own blur, or null for a sharp one; from `blurredFrom` its truth says `blurred`. */
  cameraBlur(rng: Rng): CameraBlur | null;
  /** A grading holder as the world has them: which company's label, its code, how scratched the plastic is. */
  slab(rng: Rng, holder: CardHolder): CardHolder;
  /**
   * Below this fill a card photo counts as `too_small` (the held-out world draws such fills among
   * ordinary ones, and its truth then says so); null where fills stay above it.
   */
  tooSmallBelow: number | null;
  /** Coin photos: fill, rotation and tilt of a presentation (see coins/coin-scene.ts). */
  coinFill(rng: Rng, range: [number, number]): number;
  /** Degrees; `presentation` says how the coins lie (a roll lies any way round). */
  coinRotation(rng: Rng, presentation: string): number;
  coinTilt(rng: Rng): Point;
  /** How the coins of a roll, a pile or a set lie (coins/coin-arrangement.ts). */
  coinArrangement(rng: Rng, presentation: string): CoinArrangement;
  /** Toy photos: fill, rotation and tilt of a shot (see toys/render-toy-photo.ts); close-ups are held less steadily. */
  toyFill(rng: Rng, range: [number, number]): number;
  toyRotation(rng: Rng, closeUp: boolean): number;
  toyTilt(rng: Rng): Point;
}

export const tuningConditions: PhotoConditions = {
  world: 'tuning',
  frameSizes: [[1200, 900], [1280, 960], [1440, 1080], [1600, 1200], [1500, 1125], [1600, 900]],
  surfaces: surfaceKinds,
  fill: (rng) => rng.range(0.35, 0.8),
  rotation(rng, holder) {
    if (holder) return rng.normal(0, 3);
    const roll = rng.next();
    if (roll < 0.65) return rng.normal(0, 4);
    if (roll < 0.85) return rng.range(-35, 35);
    return rng.range(-180, 180);
  },
  tilt: (rng) => [rng.normal(0, 5), rng.normal(0, 5)],
  lighting: (rng) => ({
    angle: rng.range(0, 360), gradient: rng.range(0.03, 0.3), vignette: rng.range(0.05, 0.3),
    exposure: rng.range(0.88, 1.08), warmth: rng.range(-0.8, 1), noise: rng.range(1, 4),
  }),
  shadow: (rng) => ({ angle: rng.range(0, 360), distance: rng.range(0.006, 0.03), softness: rng.range(0.01, 0.04), opacity: rng.range(0.25, 0.55) }),
  jpegQuality: (rng) => rng.int(80, 95),
  // Sharp photos and the sample's labels on clean slabs; neither draws, so tuning seeds keep their photos.
  cameraBlur: () => null,
  slab: (_rng, holder) => holder,
  tooSmallBelow: null,
  coinFill: (rng, [lo, hi]) => rng.range(lo, hi),
  // Coins lie flat; layouts are shot square on, a roll any way round.
  coinRotation: (rng, presentation) => (presentation === 'roll' ? rng.range(-180, 180) : presentation === 'pile' ? rng.range(-30, 30) : rng.normal(0, 3)),
  coinTilt: (rng) => [rng.normal(0, 3), rng.normal(0, 3)],
  coinArrangement: () => tuningArrangement,
  toyFill: (rng, [lo, hi]) => rng.range(lo, hi),
  toyRotation: (rng, closeUp) => (closeUp ? rng.normal(0, 8) : rng.normal(0, 4)),
  toyTilt: (rng) => [rng.normal(0, 4), rng.normal(0, 4)],
};

/** Uniform in log space: as many photos from far away as from close up. */
const logRange = (rng: Rng, lo: number, hi: number) => Math.exp(rng.range(Math.log(lo), Math.log(hi)));
/** Degrees up to `max` either way, most photos near square-on. */
const tiltUpTo = (rng: Rng, max: number): Point => [Math.max(-max, Math.min(max, rng.normal(0, max / 2.2))), Math.max(-max, Math.min(max, rng.normal(0, max / 2.2)))];

export const heldOutConditions: PhotoConditions = {
  world: 'held_out',
  frameSizes: [[1024, 768], [1280, 720], [1440, 1080], [1600, 1200], [1920, 1080], [2000, 1500]],
  surfaces: [...surfaceKinds, ...heldOutSurfaceKinds],
  // Cards from 4% to 80% of the frame; under 10% the photo is also too small (tooSmallBelow).
  fill: (rng) => logRange(rng, 0.04, 0.8),
  rotation: (rng, holder) => (holder && rng.chance(0.5) ? rng.normal(0, 8) : rng.range(-180, 180)),
  tilt: (rng) => tiltUpTo(rng, 25),
  lighting: (rng) => ({
    angle: rng.range(0, 360), gradient: rng.range(0, 0.45), vignette: rng.range(0, 0.45),
    exposure: rng.range(0.7, 1.2), warmth: rng.range(-2, 2), noise: rng.range(0.5, 9),
    ...(rng.chance(0.35) ? { spot: { x: rng.range(0.1, 0.9), y: rng.range(0.1, 0.9), radius: rng.range(0.15, 0.5), falloff: rng.range(0.3, 0.7) } } : {}),
  }),
  // Hard shadows under a lamp as well as soft ones under a window.
  shadow: (rng) => ({ angle: rng.range(0, 360), distance: rng.range(0.004, 0.08), softness: rng.range(0.002, 0.05), opacity: rng.range(0.15, 0.75) }),
  // One photo in ten heavily compressed (quality 10–29: a messenger app's or a marketplace's copy).
  jpegQuality: (rng) => (rng.chance(0.1) ? rng.int(10, 29) : rng.int(40, 95)),
  // 30% of photos blurred a little: half out of focus (always mild), half shaken, some of those
  // enough (spread from 0.5% of the long side, about a third of them) that the truth says `blurred`.
  cameraBlur(rng) {
    const roll = rng.next();
    if (roll < 0.7) return null;
    if (roll < 0.85) return { kind: 'focus', sigma: rng.range(0.0005, 0.0035) };
    return { kind: 'motion', length: rng.range(0.002, 0.025), angle: rng.range(0, 180) };
  },
  // Any of six companies' labels (three the sample never shows, with their own layouts and codes);
  // most slabs scuffed and scratched, some badly.
  slab(rng, holder) {
    const company = rng.pick([...Object.keys(holderCompanies), ...Object.keys(heldOutHolderCompanies)] as HolderCompany[]);
    return { ...holder, company, certificateNumber: sampleHolderCode(rng, company), scratches: rng.chance(0.7) ? Number(rng.range(0.15, 1).toFixed(2)) : 0 };
  },
  tooSmallBelow: 0.1,
  // Coins from far away to close up: fills spread over ten times the tuning world's range, downwards
  // (measured: 28–694 px across, 51–208 from the 10th to the 90th percentile; see the README).
  coinFill: (rng, [lo, hi]) => logRange(rng, lo / 10, hi),
  coinRotation: (rng) => rng.range(-180, 180),
  coinTilt: (rng) => tiltUpTo(rng, 25),
  // Piles also as a tight heap or two heaps; open rolls with up to five coins out, in a row or
  // fanned over each other; sets in one row or three a row, their coins sometimes turned any way.
  coinArrangement(rng, presentation) {
    switch (presentation) {
      case 'pile':
        return { ...tuningArrangement, pile: rng.pick([tuningArrangement.pile, { spread: 0.17, leaning: 0.55, heaps: 1 }, { spread: 0.24, leaning: 0.4, heaps: 2 }] as const) };
      case 'roll':
        return { ...tuningArrangement, roll: { readableMax: rng.pick([3, 5]), spill: rng.chance(0.5) ? 'fan' : 'row' } };
      case 'set':
        return { ...tuningArrangement, set: { columns: rng.pick(['auto', 'row', 'three'] as const), anyRotation: rng.chance(0.4) } };
      default:
        return tuningArrangement;
    }
  },
  // Toys from farther away too (down to a third of the fill), and at any angle.
  toyFill: (rng, [lo, hi]) => rng.range(lo / 3, hi),
  toyRotation: (rng) => rng.range(-180, 180),
  toyTilt: (rng) => tiltUpTo(rng, 25),
};

/** Below this JPEG quality a photo counts as `highly_compressed`, however it came to be so compressed. */
export const heavyCompressionBelow = 30;

/** The quality defects a photo's compression and own blur amount to (requested defects aside). */
export function conditionDefects(scene: { jpegQuality: number; blur?: CameraBlur }): ('blurred' | 'highly_compressed')[] {
  return [...(isBlurred(scene.blur) ? ['blurred' as const] : []), ...(scene.jpegQuality < heavyCompressionBelow ? ['highly_compressed' as const] : [])];
}

/** The conditions a photo was taken under, as its truth records them (for figures per condition). */
export interface ConditionsTruth {
  surface: SurfaceKind;
  jpeg_quality: number;
  /** The camera's steeper tilt, degrees, rounded. */
  tilt: number;
  spot_light: boolean;
  /** The photo's own blur: out of focus or shaken, and its spread as a share of the long side (see camera-blur.ts); null when sharp. */
  blur: { kind: CameraBlur['kind']; spread: number } | null;
  /** `blurred` and `highly_compressed` when the blur and the JPEG quality amount to them (conditionDefects). */
  quality_defects: ('blurred' | 'highly_compressed')[];
}

export function conditionsTruth(scene: { surface: SurfaceKind; jpegQuality: number; tilt: Point; lighting: Lighting; blur?: CameraBlur }): ConditionsTruth {
  return {
    surface: scene.surface,
    jpeg_quality: scene.jpegQuality,
    tilt: Math.round(Math.max(Math.abs(scene.tilt[0]), Math.abs(scene.tilt[1]))),
    spot_light: scene.lighting.spot !== undefined,
    blur: scene.blur ? { kind: scene.blur.kind, spread: Number(blurSpread(scene.blur).toFixed(4)) } : null,
    quality_defects: conditionDefects(scene),
  };
}

export const photoConditions: Record<PhotoWorld, PhotoConditions> = { tuning: tuningConditions, held_out: heldOutConditions };
