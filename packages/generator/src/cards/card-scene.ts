import type { CameraBlur } from '../photo/camera-blur.ts';
import { tuningConditions, type PhotoConditions } from '../photo/conditions.ts';
import type { Lighting } from '../photo/lighting.ts';
import type { Point } from '../photo/raw-image.ts';
import type { SurfaceKind } from '../photo/surfaces.ts';
import type { Rng } from '../random.ts';
import type { Streak } from './card-object.ts';

/*
 * Everything about how a photo is taken, apart from the card itself: frame, framing, camera pose,
 * surface, light, and at most one deliberate quality defect. A scene plus a card instance
 * determines the photo exactly.
 */

export const photoDefects = ['blurred', 'low_resolution', 'cut_off', 'too_small', 'shadow_or_glare', 'highly_compressed'] as const;
export type PhotoDefect = (typeof photoDefects)[number];

export type SceneDefect =
  /** Gaussian blur; sigma as a fraction of the photo's long side. */
  | { kind: 'blurred'; sigma: number }
  /** The photo itself is small (width and height say how small). */
  | { kind: 'low_resolution' }
  /** One card corner (0 top-left, clockwise) lies outside the frame by `depth` of the card's diagonal. */
  | { kind: 'cut_off'; corner: 0 | 1 | 2 | 3; depth: number }
  /** The card covers little of the frame (`fill` says how little). */
  | { kind: 'too_small' }
  /**
   * A dark shadow (a hand or phone) over much of the card, its edge at `angle` and `offset` (of the
   * card's size) from the card's centre; or a blown-out glare patch centred `offset` from the card's
   * centre at `angle`. `strength` is the shadow's opacity or the glare's radius (of the card's width).
   */
  | { kind: 'shadow_or_glare'; variant: 'shadow' | 'glare'; angle: number; offset: number; strength: number }
  /** JPEG quality low enough (≤ 12) to show 8×8 blocking; the quality is `jpegQuality`. */
  | { kind: 'highly_compressed' };

/** The card's own shadow on the table. */
export interface CastShadow {
  /** Direction the shadow falls, degrees. */
  angle: number;
  /** Offset and blur as fractions of the card's shorter side in the photo. */
  distance: number;
  softness: number;
  opacity: number;
}

/** How a photo is taken: frame, placement, camera, table and light; shared by cards and tabletop scenes. */
export interface PhotoFraming {
  /** Seeds everything drawn at random inside the render: texture, clutter, wear marks, grain. */
  seed: number;
  width: number;
  height: number;
  /** Share of the frame the subject should cover; the renderer shrinks it if it would not fit. */
  fill: number;
  /** The subject's centre as fractions of the frame. */
  centre: Point;
  /** In-plane rotation, degrees clockwise. */
  rotation: number;
  /** Camera tilt about the x and y axes, degrees. */
  tilt: Point;
  surface: SurfaceKind;
  clutter: number;
  lighting: Lighting;
  shadow: CastShadow;
  jpegQuality: number;
  /** The photo's own blur (out of focus, shaken); absent for a sharp photo. */
  blur?: CameraBlur;
}

export interface CardScene extends PhotoFraming {
  /** A reflection on the sleeve or holder; a bare card has no plastic to reflect in, so it is ignored. */
  streak: Streak | null;
  defect: SceneDefect | null;
  /** 2 puts a second, different card beside this one. */
  cardCount: 1 | 2;
}

export type SceneOverrides = Partial<Omit<CardScene, 'defect'>> & { defect?: PhotoDefect | SceneDefect | null };

/** What the scene sampler should know about the subject: slabs are photographed squarer than loose cards. */
export interface SceneSubject {
  holder: boolean;
  sleeve: boolean;
}

function sampleDefect(rng: Rng, kind: PhotoDefect): SceneDefect {
  switch (kind) {
    case 'blurred':
      return { kind, sigma: rng.range(0.006, 0.012) };
    case 'cut_off':
      return { kind, corner: rng.int(0, 3) as 0 | 1 | 2 | 3, depth: rng.range(0.12, 0.3) };
    case 'shadow_or_glare': {
      const variant = rng.chance(0.5) ? 'shadow' : 'glare';
      return variant === 'shadow'
        ? { kind, variant, angle: rng.range(0, 360), offset: rng.range(-0.15, 0.15), strength: rng.range(0.6, 0.8) }
        : { kind, variant, angle: rng.range(0, 360), offset: rng.range(0, 0.15), strength: rng.range(0.3, 0.42) };
    }
    default:
      return { kind };
  }
}

/**
 * Draws a realistic scene under `conditions` (the tuning world by default). Overrides win; a
 * requested defect also sets what it implies (a small frame, a low quality, a small fill) unless
 * those fields are overridden too.
 */
export function sampleCardScene(
  rng: Rng,
  overrides: SceneOverrides = {},
  subject: SceneSubject = { holder: false, sleeve: false },
  conditions: PhotoConditions = tuningConditions,
): CardScene {
  const [long, short] = rng.pick(conditions.frameSizes);
  const portrait = rng.chance(0.6);
  const plastic = subject.holder || subject.sleeve;
  // Drawn in this order, field by field: a tuning seed must keep rendering the same photo.
  const scene: CardScene = {
    seed: rng.seed(),
    width: portrait ? short : long,
    height: portrait ? long : short,
    fill: conditions.fill(rng),
    centre: [0.5 + rng.normal(0, 0.05), 0.5 + rng.normal(0, 0.05)],
    rotation: conditions.rotation(rng, subject.holder),
    tilt: conditions.tilt(rng),
    surface: rng.pick(conditions.surfaces),
    clutter: rng.chance(0.25) ? 0 : rng.int(2, 7),
    lighting: conditions.lighting(rng),
    shadow: conditions.shadow(rng),
    streak: plastic && rng.chance(subject.holder ? 0.5 : 0.3)
      ? { position: rng.range(0.15, 0.85), angle: rng.range(-35, 35), width: rng.range(0.06, 0.18), strength: rng.range(0.25, 0.5) }
      : null,
    jpegQuality: conditions.jpegQuality(rng),
    defect: null,
    cardCount: 1,
  };
  // Drawn after everything else, and only in worlds that blur: the tuning world draws nothing here.
  const blur = conditions.cameraBlur(rng);
  if (blur) scene.blur = blur;
  const { defect: requested, ...rest } = overrides;
  Object.assign(scene, rest);
  if ((overrides.cardCount ?? 1) === 2 && overrides.fill === undefined) scene.fill = rng.range(0.14, 0.26);
  // A requested defect is applied last, so no other override can quietly undo what the truth claims.
  const defect = typeof requested === 'string' ? sampleDefect(rng, requested) : (requested ?? null);
  if (defect) {
    scene.defect = defect;
    if (defect.kind === 'low_resolution') {
      const longSide = rng.int(280, 400);
      const tall = scene.height > scene.width;
      [scene.width, scene.height] = tall ? [Math.round(longSide * 0.75), longSide] : [longSide, Math.round(longSide * 0.75)];
    }
    if (defect.kind === 'too_small') scene.fill = rng.range(0.03, 0.08);
    if (defect.kind === 'highly_compressed') scene.jpegQuality = rng.int(4, 12);
    if (defect.kind === 'cut_off') scene.fill = rng.range(0.3, 0.55);
  } else if (conditions.tooSmallBelow !== null && scene.fill < conditions.tooSmallBelow && scene.cardCount === 1) {
    // A card this far away is too small to assess, and the photo's truth says so.
    scene.defect = { kind: 'too_small' };
  }
  return scene;
}
