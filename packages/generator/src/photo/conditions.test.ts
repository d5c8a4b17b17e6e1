import { describe, expect, it } from 'vitest';
import {
  createRng, heldOutConditions, heldOutSurfaceKinds, renderCardPhoto, sampleCardInstance, sampleCardScene, sampleCoinScene,
  sampleToyScene, surfaceKinds, tuningConditions,
} from '../index.ts';
import { decode, pixel, sampleCatalog } from '../test-support/pixels.ts';

const seeds = Array.from({ length: 400 }, (_, i) => 9000 + i);

describe('photo conditions', () => {
  it('are the tuning world unless asked: a tuning scene is the scene drawn without conditions', () => {
    for (const seed of seeds.slice(0, 20)) {
      expect(sampleCardScene(createRng(seed), {}, undefined, tuningConditions)).toEqual(sampleCardScene(createRng(seed)));
      expect(sampleCoinScene(createRng(seed), 'group', {}, tuningConditions)).toEqual(sampleCoinScene(createRng(seed), 'group'));
    }
  });

  it('draw the held-out world far wider: its own tables, steep cameras, any rotation, far and near, ordinary JPEG', () => {
    const held = seeds.map((seed) => sampleCardScene(createRng(seed), {}, undefined, heldOutConditions));
    const tuning = seeds.map((seed) => sampleCardScene(createRng(seed)));
    expect(new Set(held.map((s) => s.surface))).toEqual(new Set([...surfaceKinds, ...heldOutSurfaceKinds]));
    expect(tuning.every((s) => (surfaceKinds as readonly string[]).includes(s.surface))).toBe(true);
    const maxTilt = (scenes: typeof held) => Math.max(...scenes.flatMap((s) => s.tilt.map(Math.abs)));
    expect(maxTilt(held)).toBeGreaterThan(20);
    expect(maxTilt(held)).toBeLessThanOrEqual(25);
    expect(Math.min(...held.map((s) => s.jpegQuality))).toBeLessThan(45);
    expect(Math.min(...tuning.map((s) => s.jpegQuality))).toBeGreaterThanOrEqual(80);
    expect(held.filter((s) => Math.abs(s.rotation) > 90).length).toBeGreaterThan(100);
    expect(held.some((s) => s.lighting.spot)).toBe(true);
    expect(tuning.some((s) => s.lighting.spot)).toBe(false);
    // A card under a tenth of the frame is too small to assess, and its truth says so.
    const far = held.filter((s) => s.fill < 0.1);
    expect(far.length).toBeGreaterThan(40);
    expect(far.every((s) => s.defect?.kind === 'too_small')).toBe(true);
    expect(held.filter((s) => s.fill >= 0.1).every((s) => s.defect === null)).toBe(true);
    const coinFills = seeds.map((seed) => sampleCoinScene(createRng(seed), 'individual', {}, heldOutConditions).fill);
    expect(Math.min(...coinFills)).toBeLessThan(0.05);
    expect(seeds.map((seed) => sampleToyScene(createRng(seed), 'item', {}, heldOutConditions)).some((s) => Math.abs(s.rotation) > 90)).toBe(true);
  });

  it('render a held-out photo on a held-out table, lit by a spot light', async () => {
    const catalog = await sampleCatalog();
    const rng = createRng(11);
    const instance = { ...sampleCardInstance(rng, catalog), holder: null, sleeve: false };
    const base = { ...sampleCardScene(rng, {}, undefined, heldOutConditions), width: 800, height: 600, fill: 0.3, centre: [0.5, 0.5] as [number, number], rotation: 0, tilt: [0, 0] as [number, number], clutter: 0, defect: null };
    const lit = { ...base.lighting, gradient: 0, vignette: 0, noise: 0 };
    const shoot = async (spot: boolean) =>
      decode((await renderCardPhoto(catalog, { instance, face: 'front', scene: { ...base, surface: 'cutting_mat', lighting: spot ? { ...lit, spot: { x: 0.1, y: 0.1, radius: 0.2, falloff: 0.6 } } : lit } })).jpeg);
    const [even, spotlit] = [await shoot(false), await shoot(true)];
    // Far from the spot the table is much darker than beside it; evenly lit, it is about as bright.
    const brightness = (image: typeof even, x: number, y: number) => pixel(image, x, y).reduce((a, b) => a + b, 0);
    const falloff = (image: typeof even) => brightness(image, 760, 570) / brightness(image, 80, 60);
    expect(falloff(even)).toBeGreaterThan(0.8);
    expect(falloff(spotlit)).toBeLessThan(0.6 * falloff(even));
  });
});
