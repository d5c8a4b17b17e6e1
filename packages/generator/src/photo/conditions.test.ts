import { describe, expect, it } from 'vitest';
import {
  createRng, heldOutConditions, heldOutHolderCompanies, heldOutSurfaceKinds, holderCompanies, nextShot, renderCardPhoto, sampleCardInstance,
  sampleCardScene, sampleCoinScene, sampleToyScene, surfaceKinds, tuningConditions, type CardHolder,
} from '../index.ts';
import { colourDistance, decode, heldOutCatalog, onCard, pixel, plainScene, sampleCatalog } from '../test-support/pixels.ts';
import { blurSpread } from './camera-blur.ts';
import { conditionsTruth, heavyCompressionBelow } from './conditions.ts';

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

  it('blur and heavily compress some held-out photos among ordinary ones, and their truth says so past the thresholds', () => {
    const held = seeds.map((seed) => sampleCardScene(createRng(seed), {}, undefined, heldOutConditions));
    const tuning = seeds.map((seed) => sampleCardScene(createRng(seed)));
    expect(tuning.some((s) => s.blur)).toBe(false);
    const blurred = held.filter((s) => s.blur);
    expect(blurred.length / held.length).toBeGreaterThan(0.2);
    expect(blurred.length / held.length).toBeLessThan(0.4);
    expect(new Set(blurred.map((s) => s.blur!.kind))).toEqual(new Set(['focus', 'motion']));
    const truths = held.map((s) => conditionsTruth(s));
    for (const [i, truth] of truths.entries()) {
      const spread = held[i]!.blur ? blurSpread(held[i]!.blur!) : 0;
      expect(truth.quality_defects.includes('blurred')).toBe(spread >= 0.005);
      expect(truth.quality_defects.includes('highly_compressed')).toBe(held[i]!.jpegQuality < heavyCompressionBelow);
      expect(truth.blur?.kind).toBe(held[i]!.blur?.kind);
    }
    // Out of focus is always mild; some shaken photos are bad enough to count as blurred.
    expect(held.filter((s) => s.blur?.kind === 'focus').every((s) => blurSpread(s.blur!) < 0.005)).toBe(true);
    const countedBlurred = truths.filter((t) => t.quality_defects.includes('blurred')).length;
    expect(countedBlurred).toBeGreaterThan(8);
    expect(countedBlurred).toBeLessThan(blurred.length / 2);
    // About one photo in ten below quality 30, none between 30 and 39.
    const heavy = held.filter((s) => s.jpegQuality < 30);
    expect(heavy.length / held.length).toBeGreaterThan(0.05);
    expect(heavy.length / held.length).toBeLessThan(0.16);
    expect(held.every((s) => s.jpegQuality >= 10 && (s.jpegQuality < 30 || s.jpegQuality >= 40))).toBe(true);
    expect(tuning.every((s) => conditionsTruth(s).quality_defects.length === 0 && conditionsTruth(s).blur === null)).toBe(true);
    // Coin and toy photos are drawn the same way, and every further shot of a table afresh.
    const coins = seeds.map((seed) => sampleCoinScene(createRng(seed), 'group', {}, heldOutConditions));
    expect(coins.filter((s) => s.blur).length).toBeGreaterThan(80);
    const rng = createRng(3);
    const shots = coins.slice(0, 100).map((s) => nextShot(rng, s, 1, heldOutConditions));
    expect(shots.filter((s) => s.blur).length).toBeGreaterThan(15);
    expect(shots.some((s, i) => s.blur && !coins[i]!.blur)).toBe(true);
    expect(shots.some((s, i) => !s.blur && coins[i]!.blur)).toBe(true);
  });

  it('put held-out slabs in six companies\' holders, half of them labels the sample never shows, most scratched', () => {
    const holder: CardHolder = { company: 'PSG', certificateNumber: '12345678' };
    // The tuning world keeps its slabs as drawn, and draws nothing for them.
    const [a, b] = [createRng(5), createRng(5)];
    expect(tuningConditions.slab(a, holder)).toBe(holder);
    expect(a.next()).toBe(b.next());

    const slabs = seeds.map((seed) => heldOutConditions.slab(createRng(seed), holder));
    const companies = [...Object.keys(holderCompanies), ...Object.keys(heldOutHolderCompanies)];
    expect(new Set(slabs.map((s) => s.company))).toEqual(new Set(companies));
    expect(slabs.filter((s) => s.company in heldOutHolderCompanies).length).toBeGreaterThan(160);
    const formats: Record<string, RegExp> = { HCA: /^[1-9]\d{9}$/, NGS: /^[1-9]\d{7,8}$/, MCG: /^MC[1-9]\d{7}$/, PSG: /^[1-9]\d{7,9}$/, BGC: /^[1-9]\d{7,9}$/, CGX: /^[1-9]\d{7,9}$/ };
    for (const slab of slabs) expect(slab.certificateNumber).toMatch(formats[slab.company]!);
    const scratched = slabs.filter((s) => (s.scratches ?? 0) > 0);
    expect(scratched.length / slabs.length).toBeGreaterThan(0.6);
    expect(scratched.every((s) => s.scratches! >= 0.15 && s.scratches! <= 1)).toBe(true);
  });

  it('draw a scratched slab with scratches over the card, and record its company and code', async () => {
    const catalog = await heldOutCatalog();
    const base = sampleCardInstance(createRng(8), catalog);
    const scene = plainScene({ surface: 'felt', fill: 0.7 });
    const shoot = async (holder: CardHolder) => {
      const { jpeg, truth } = await renderCardPhoto(catalog, { instance: { ...base, sleeve: false, holder }, face: 'front', scene });
      return { image: await decode(jpeg), truth };
    };
    const clean = await shoot({ company: 'MCG', certificateNumber: 'MC48213977' });
    const scratched = await shoot({ company: 'MCG', certificateNumber: 'MC48213977', scratches: 1 });
    expect(clean.truth.holder).toEqual({ company: 'MCG', certificate_number: 'MC48213977', scratches: 0 });
    expect(scratched.truth.holder).toEqual({ company: 'MCG', certificate_number: 'MC48213977', scratches: 1 });
    expect(scratched.truth.defects).toEqual([]);
    // Over the card's face, many points differ visibly where the clean slab shows the card as printed.
    let marked = 0;
    for (let u = 0.05; u < 0.95; u += 0.03) {
      for (let v = 0.05; v < 0.95; v += 0.03) {
        const [x, y] = onCard(clean.truth.corners, u, v);
        if (colourDistance(pixel(clean.image, x, y), pixel(scratched.image, x, y)) > 30) marked++;
      }
    }
    expect(marked).toBeGreaterThan(15);
  });

  it('list the blur and compression a card photo amounts to among its defects, beside a requested one', async () => {
    const catalog = await sampleCatalog();
    const instance = { ...sampleCardInstance(createRng(4), catalog), holder: null, sleeve: false };
    const truthOf = async (scene: ReturnType<typeof plainScene>) => (await renderCardPhoto(catalog, { instance, face: 'front', scene })).truth;
    const shaken = await truthOf(plainScene({ width: 600, height: 800, blur: { kind: 'motion', length: 0.03, angle: 20 }, jpegQuality: 20 }));
    expect(shaken.defects).toEqual(['blurred', 'highly_compressed']);
    expect(shaken.conditions.blur).toEqual({ kind: 'motion', spread: 0.0087 });
    const mild = await truthOf(plainScene({ width: 600, height: 800, blur: { kind: 'focus', sigma: 0.003 }, defect: { kind: 'too_small' }, fill: 0.06 }));
    expect(mild.defects).toEqual(['too_small']);
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
