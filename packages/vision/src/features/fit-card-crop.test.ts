import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../image/raster.ts';
import { renderCard } from '../test-support/synthetic-card.ts';
import { cardFeatures } from './card-features.ts';
import { fitCardCrop, fittedCardFeatures } from './fit-card-crop.ts';
import { matchable, plainSimilarity, similarity } from './match-features.ts';

const designs = [
  { border: '#e8c640', frame: '#3a7bd5', art: '#88cc77', name: 'Emberfox', insetX: 0.06, insetY: 0.045 },
  { border: '#c0c0c0', frame: '#222222', art: '#cc5544', name: 'Stonehide', insetX: 0.05, insetY: 0.04 },
  { border: '#3a7bd5', frame: '#e8c640', art: '#553377', name: 'Nightbloom', insetX: 0.07, insetY: 0.05 },
];

/** The card drawn inside a plain border `pad` pixels deep, as an outline around a sleeve or recess would crop it. */
function framed(card: RgbImage, pad: number, grey: number): RgbImage {
  const width = card.width + 2 * pad;
  const height = card.height + 2 * pad;
  const data = new Uint8Array(width * height * 3).fill(grey);
  for (let y = 0; y < card.height; y++) data.set(card.data.subarray(y * card.width * 3, (y + 1) * card.width * 3), ((y + pad) * width + pad) * 3);
  return { width, height, data };
}

describe('fitCardCrop', () => {
  it('finds the card inside a border the outline added, and matching improves', async () => {
    const cards = await Promise.all(designs.map((d) => renderCard(d)));
    const references = await Promise.all(cards.map(async (c) => matchable(await cardFeatures(c))));
    const photo = framed(cards[1]!, 30, 90);
    const outlined = matchable(await cardFeatures(photo));
    const { box, after, before } = fitCardCrop(photo, 0, outlined, references);
    expect(after).toBeGreaterThan(before);
    // Within 2% of the card's size on every side.
    expect(Math.abs(box.x0 - 30)).toBeLessThanOrEqual(7);
    expect(Math.abs(box.y0 - 30)).toBeLessThanOrEqual(9);
    expect(Math.abs(photo.width - box.x1 - 30)).toBeLessThanOrEqual(7);
    expect(Math.abs(photo.height - box.y1 - 30)).toBeLessThanOrEqual(9);
    const fitted = matchable(await fittedCardFeatures(photo, 0, references));
    expect(similarity(fitted, references[1]!)).toBeGreaterThan(similarity(outlined, references[1]!) + 0.05);
  });

  it('leaves a well-framed card as it is', async () => {
    const cards = await Promise.all(designs.map((d) => renderCard(d)));
    const references = await Promise.all(cards.map(async (c) => matchable(await cardFeatures(c))));
    const photo = framed(cards[2]!, 12, 40);
    const { box } = fitCardCrop(photo, 12, matchable(await cardFeatures(cards[2]!)), references);
    expect(box).toEqual({ x0: 12, y0: 12, x1: photo.width - 12, y1: photo.height - 12 });
  });
});

describe('blown-out cells', () => {
  it('are left out of matching, so a glare patch costs the true card little', async () => {
    const cards = await Promise.all(designs.map((d) => renderCard(d)));
    const references = await Promise.all(cards.map(async (c) => matchable(await cardFeatures(c))));
    const glared = { ...cards[0]!, data: Uint8Array.from(cards[0]!.data) };
    for (let y = 0; y < glared.height; y++) {
      for (let x = 0; x < glared.width; x++) if (Math.hypot(x - 150, y - 200) < 90) glared.data.fill(255, (y * glared.width + x) * 3, (y * glared.width + x) * 3 + 3);
    }
    const photo = matchable(await cardFeatures(glared, { maskBlownOut: true }));
    expect(photo.masks).toBeDefined();
    expect(similarity(photo, references[0]!)).toBeGreaterThan(plainSimilarity(photo, references[0]!) + 0.05);
    const scores = references.map((r) => similarity(photo, r));
    expect(scores.indexOf(Math.max(...scores))).toBe(0);
    // A scan's white is print: references carry no mask.
    expect((await cardFeatures(glared)).blownOut).toBeUndefined();
  });
});
