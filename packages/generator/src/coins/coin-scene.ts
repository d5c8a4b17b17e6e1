import { sampleTabletopScene, type TabletopScene } from '../photo/tabletop.ts';
import { tuningConditions, type PhotoConditions } from '../photo/conditions.ts';
import type { Rng } from '../random.ts';
import type { CoinPresentation } from './coin-layout.ts';

/*
 * How a coin photo is taken: the card scene's frames, surfaces and light, with coin framing. No
 * clutter: desk clutter includes coins, which would be unlabelled coins in a coin photo.
 */

export type CoinScene = TabletopScene;

const fills: Record<CoinPresentation, [number, number]> = {
  individual: [0.3, 0.6], ancient: [0.3, 0.6], group: [0.45, 0.8], date_run: [0.4, 0.75], set: [0.45, 0.8], pile: [0.45, 0.85], roll: [0.35, 0.7],
};

export function sampleCoinScene(rng: Rng, presentation: CoinPresentation, overrides: Partial<CoinScene> = {}, conditions: PhotoConditions = tuningConditions): CoinScene {
  const base = sampleTabletopScene(rng, {}, conditions);
  const scene: CoinScene = {
    ...base,
    clutter: 0,
    fill: conditions.coinFill(rng, fills[presentation]),
    rotation: conditions.coinRotation(rng, presentation),
    tilt: conditions.coinTilt(rng),
  };
  return { ...scene, ...overrides };
}

/**
 * The next shot of the same table (the reverse overview after flipping the coins, or another look
 * at a pile): same table and frame, the phone held a little differently, the light a touch changed.
 */
export function nextShot(rng: Rng, scene: CoinScene, amount = 1, conditions: PhotoConditions = tuningConditions): CoinScene {
  const { blur: _, ...same } = scene;
  const shot: CoinScene = {
    ...same,
    seed: rng.seed(),
    centre: [scene.centre[0] + rng.normal(0, 0.012 * amount), scene.centre[1] + rng.normal(0, 0.012 * amount)],
    rotation: scene.rotation + rng.normal(0, 1.2 * amount),
    tilt: conditions.coinTilt(rng),
    lighting: { ...scene.lighting, exposure: scene.lighting.exposure * rng.range(0.96, 1.04), noise: rng.range(1, 4) },
    jpegQuality: conditions.jpegQuality(rng),
  };
  // Each shot is blurred (or not) afresh; the tuning world draws nothing here.
  const blur = conditions.cameraBlur(rng);
  return blur ? { ...shot, blur } : shot;
}
