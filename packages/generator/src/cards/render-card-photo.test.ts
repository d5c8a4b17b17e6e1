import { beforeAll, describe, expect, it } from 'vitest';
import { cardSubgrades, overallCardGrade } from '@assay/cards/scale';
import {
  createRng, renderCardFace, renderCardPhoto, sampleCardInstance, sampleCardScene,
  type CardInstance, type CardScene, type PhotoDefect, type SceneDefect,
} from '../index.ts';
import { blockiness, colourDistance, decode, laplacianVariance, onCard, pixel, plainScene, sampleCatalog } from '../test-support/pixels.ts';

const pristine = { corners: [0, 0, 0, 0] as [number, number, number, number], edges: 0, surface: 0 };

async function instanceOf(entryId: string, overrides: Partial<CardInstance> = {}): Promise<CardInstance> {
  const catalog = await sampleCatalog();
  return { ...sampleCardInstance(createRng(5), catalog, { entryId }), holder: null, sleeve: false, ...overrides };
}

async function photo(instance: CardInstance, scene: CardScene, face: 'front' | 'back' = 'front') {
  const result = await renderCardPhoto(await sampleCatalog(), { instance, face, scene });
  return { ...result, image: await decode(result.jpeg) };
}

describe('renderCardPhoto', () => {
  it('is deterministic: the same seed gives the same bytes', async () => {
    const catalog = await sampleCatalog();
    const render = async () => {
      const rng = createRng(42);
      const instance = sampleCardInstance(rng, catalog);
      return renderCardPhoto(catalog, { instance, face: 'front', scene: sampleCardScene(rng, { width: 800, height: 600 }) });
    };
    const [a, b] = [await render(), await render()];
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.truth).toEqual(b.truth);
  });

  it('puts the card where the truth corners say, the right way up', async () => {
    const catalog = await sampleCatalog();
    const instance = await instanceOf('aetherium-tidecaller-siren-058', { wear: pristine, centering: { front: { horizontal: 0.5, vertical: 0.5 }, back: { horizontal: 0.5, vertical: 0.5 } } });
    const { image: flat } = await renderCardFace(catalog, instance, 'front');
    const { image, truth } = await photo(instance, plainScene({ rotation: 23, fill: 0.45, surface: 'wood' }));
    // Border, name bar, art, type bar, text box: compare the photo with the flat card at each.
    for (const [u, v] of [[0.03, 0.5], [0.5, 0.08], [0.5, 0.3], [0.3, 0.62], [0.5, 0.8]] as const) {
      const expected = [...flat.data.subarray((Math.round(v * flat.height) * flat.width + Math.round(u * flat.width)) * 4).subarray(0, 3)];
      expect(colourDistance(pixel(image, ...onCard(truth.corners, u, v)), expected), `at ${u},${v}`).toBeLessThan(45);
    }
  });

  it('shows the printed centering in the photo too', async () => {
    const centering = { horizontal: 0.6, vertical: 0.45 };
    const instance = await instanceOf('starfall-legends-red-dwarf-forge-068', { wear: pristine, centering: { front: centering, back: centering } });
    const { image, truth } = await photo(instance, plainScene({ fill: 0.6 }));
    expect(truth.centering).toEqual(centering);
    // Walk in from each card edge (truth corners) along the middle until the border colour ends.
    const run = (u0: number, du: number) => {
      const border = pixel(image, ...onCard(truth.corners, u0 + du * 2, 0.5));
      let n = 2;
      while (colourDistance(pixel(image, ...onCard(truth.corners, u0 + du * n, 0.5)), border) < 90) n++;
      return n;
    };
    const step = 1 / (truth.corners[1][0] - truth.corners[0][0]);
    const [left, right] = [run(0, step), run(1, -step)];
    expect(Math.abs(left / (left + right) - 0.6)).toBeLessThan(0.03);
  });

  it('labels the photo with the grading scale of @assay/cards', async () => {
    const catalog = await sampleCatalog();
    const rng = createRng(9);
    const { truth } = await renderCardPhoto(catalog, { instance: sampleCardInstance(rng, catalog), face: 'back', scene: sampleCardScene(rng, { width: 640, height: 480 }) });
    const subgrades = cardSubgrades(truth.card_centering.front, truth.card_centering.back, truth.wear);
    expect(truth.subgrades).toEqual(subgrades);
    expect(truth.grade).toBe(overallCardGrade(subgrades));
    expect(truth.corner_wear).toEqual([truth.wear.corners[1], truth.wear.corners[0], truth.wear.corners[3], truth.wear.corners[2]]);
  });

  it('prints the holder label with its certificate number above the card', async () => {
    const scene = plainScene({ fill: 0.35 });
    const slab = (certificateNumber: string) => instanceOf('kaiju-clash-voltusk-026', { holder: { company: 'PSG', certificateNumber } });
    const [a, b] = [await photo(await slab('48213377'), scene), await photo(await slab('91055620'), scene)];
    expect(a.truth.holder).toEqual({ company: 'PSG', certificate_number: '48213377', scratches: 0 });
    // The label sits above the card's top edge; only its certificate text differs between the two.
    const changed = (u0: number, u1: number, v0: number, v1: number) => {
      let count = 0;
      for (let v = v0; v < v1; v += 0.004) {
        for (let u = u0; u < u1; u += 0.004) {
          const [x, y] = onCard(a.truth.corners, u, v);
          if (colourDistance(pixel(a.image, x, y), pixel(b.image, x, y)) > 120) count++;
        }
      }
      return count;
    };
    expect(changed(-0.05, 0.5, -0.14, -0.05)).toBeGreaterThan(40);
    expect(changed(0, 1, 0, 1)).toBe(0);
    // Dark ink on the white label: the label is where the text is.
    const ink = [0.05, 0.15, 0.25].map((u) => pixel(a.image, ...onCard(a.truth.corners, u, -0.2)));
    expect(ink.some((p) => Math.max(...p) > 200)).toBe(true);
  });

  it('renders an unknown back as not recognisable', async () => {
    const instance = await instanceOf('aetherium-cinder-imp-063', { back: { kind: 'unknown' } });
    const { truth } = await photo(instance, plainScene({ width: 600, height: 800 }), 'back');
    expect(truth.back_recognisable).toBe(false);
  });

  it('puts a second, different card beside the first in a two-card photo', async () => {
    const instance = await instanceOf('starfall-legends-orbital-garden-101');
    const { truth } = await photo(instance, plainScene({ cardCount: 2, fill: 0.2 }));
    expect(truth.card_count).toBe(2);
    expect(truth.other_cards).toHaveLength(1);
    expect(truth.other_cards[0]!.entry_id).not.toBe(truth.entry_id);
    const centre = (q: typeof truth.corners) => q.reduce((s, p) => s + p[1], 0) / 4;
    expect(Math.abs(centre(truth.corners) - centre(truth.other_cards[0]!.corners))).toBeGreaterThan(300);
  });
});

describe('quality defects', () => {
  const base = plainScene({ surface: 'fabric', clutter: 3, lighting: { angle: 30, gradient: 0.1, vignette: 0.1, exposure: 1, warmth: 0.2, noise: 2 } });
  type Photo = Awaited<ReturnType<typeof photo>>;
  let clean: Photo;
  beforeAll(async () => {
    clean = await photo(await instanceOf('kaiju-clash-tsunamor-019'), base);
  });

  /** The clean scene with one defect, plus only the fields that defect implies. */
  const withDefect = async (defect: PhotoDefect | SceneDefect) => {
    const sampled = sampleCardScene(createRng(3), { defect });
    const implied: Partial<CardScene> = { defect: sampled.defect, jpegQuality: sampled.jpegQuality };
    if (sampled.defect?.kind === 'low_resolution') Object.assign(implied, { width: sampled.width, height: sampled.height });
    if (sampled.defect?.kind === 'too_small' || sampled.defect?.kind === 'cut_off') implied.fill = sampled.fill;
    return photo(await instanceOf('kaiju-clash-tsunamor-019'), { ...base, ...implied });
  };

  it('blurred: far less fine detail than the same photo in focus', async () => {
    const blurred = (await withDefect('blurred')).image;
    expect(laplacianVariance(blurred)).toBeLessThan(laplacianVariance(clean.image) * 0.2);
  });

  it('low_resolution: the longest side is at most 400 pixels', async () => {
    const { image, truth } = await withDefect('low_resolution');
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(400);
    expect([truth.width, truth.height]).toEqual([image.width, image.height]);
  });

  it('cut_off: a card corner lies outside the photo', async () => {
    const { truth } = await withDefect('cut_off');
    expect(truth.corners.some(([x, y]) => x < 0 || y < 0 || x >= truth.width || y >= truth.height)).toBe(true);
    expect(truth.defects).toEqual(['cut_off']);
  });

  it('too_small: the card covers under 12% of the frame', async () => {
    const { truth } = await withDefect('too_small');
    expect(truth.card_area_share).toBeLessThan(0.12);
    expect(clean.truth.card_area_share).toBeGreaterThan(0.3);
  });

  it('shadow_or_glare: a heavy shadow darkens the card, a glare blows part of it out', async () => {
    const mean = (img: Photo) => {
      let sum = 0;
      for (let v = 0.05; v < 1; v += 0.05) for (let u = 0.05; u < 1; u += 0.05) sum += pixel(img.image, ...onCard(img.truth.corners, u, v)).reduce((a, b) => a + b, 0);
      return sum;
    };
    const blown = (img: Photo) => {
      let count = 0;
      for (let v = 0.02; v < 1; v += 0.02) for (let u = 0.02; u < 1; u += 0.02) if (Math.min(...pixel(img.image, ...onCard(img.truth.corners, u, v))) >= 250) count++;
      return count / 49 / 49;
    };
    const shadow = await withDefect({ kind: 'shadow_or_glare', variant: 'shadow', angle: 40, offset: 0, strength: 0.7 });
    const glare = await withDefect({ kind: 'shadow_or_glare', variant: 'glare', angle: 40, offset: 0.05, strength: 0.38 });
    expect(mean(shadow)).toBeLessThan(mean(clean) * 0.75);
    expect(blown(glare) - blown(clean)).toBeGreaterThan(0.08);
    expect(glare.truth.glare).toBe(true);
  });

  it('highly_compressed: JPEG blocking at 8-pixel boundaries', async () => {
    const { image } = await withDefect('highly_compressed');
    expect(blockiness(image)).toBeGreaterThan(1.3);
    expect(blockiness(clean.image)).toBeLessThan(1.15);
  });

  it('a clean photo lists no defects', async () => {
    expect(clean.truth.defects).toEqual([]);
  });
});
