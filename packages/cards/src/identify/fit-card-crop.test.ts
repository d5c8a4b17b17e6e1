import { describe, expect, it } from 'vitest';
import type { RgbImage } from '@assay/pixels';
import { renderCard } from '../test-support/synthetic-card.ts';
import { cardFeatures } from './card-features.ts';
import { fitCardCrop, fittedCardFeatures } from './fit-card-crop.ts';
import { matchable, plainSimilarity, similarity } from './match-features.ts';

const designs = [
  { border: '#e8c640', frame: '#3a7bd5', art: '#88cc77', name: 'Emberfox', insetX: 0.06, insetY: 0.045 },
  { border: '#c0c0c0', frame: '#222222', art: '#cc5544', name: 'Stonehide', insetX: 0.05, insetY: 0.04 },
  { border: '#3a7bd5', frame: '#e8c640', art: '#553377', name: 'Nightbloom', insetX: 0.07, insetY: 0.05 },
];

/** A catalog of a dozen cards, several sharing colours, as a set's commons do. */
const catalog = [
  { border: '#e8c640', frame: '#5577aa', art: '#c0c0c0', name: 'Emberfox', insetX: 0.048, insetY: 0.052 },
  { border: '#553377', frame: '#c0c0c0', art: '#335544', name: 'Stonehide', insetX: 0.07, insetY: 0.046 },
  { border: '#aa7733', frame: '#f0f0f0', art: '#335544', name: 'Nightbloom', insetX: 0.05, insetY: 0.041 },
  { border: '#aa7733', frame: '#aa7733', art: '#e8c640', name: 'Ashwing', insetX: 0.067, insetY: 0.044 },
  { border: '#5577aa', frame: '#335544', art: '#3a7bd5', name: 'Glimmer', insetX: 0.061, insetY: 0.058 },
  { border: '#aa7733', frame: '#f0f0f0', art: '#553377', name: 'Tidecaller', insetX: 0.076, insetY: 0.057 },
  { border: '#222222', frame: '#222222', art: '#dd88aa', name: 'Rookery', insetX: 0.053, insetY: 0.035 },
  { border: '#c0c0c0', frame: '#cc5544', art: '#c0c0c0', name: 'Vexal', insetX: 0.077, insetY: 0.047 },
  { border: '#aa7733', frame: '#dd88aa', art: '#e8c640', name: 'Quill', insetX: 0.051, insetY: 0.047 },
  { border: '#553377', frame: '#cc5544', art: '#88cc77', name: 'Marrow', insetX: 0.076, insetY: 0.032 },
  { border: '#222222', frame: '#222222', art: '#f0f0f0', name: 'Sunder', insetX: 0.077, insetY: 0.045 },
  { border: '#3a7bd5', frame: '#222222', art: '#c0c0c0', name: 'Pike', insetX: 0.055, insetY: 0.043 },
];

/**
 * The card drawn inside a plain border (`pad` pixels deep, or left, top, right, bottom), as an
 * outline around a sleeve or recess would crop it.
 */
function framed(card: RgbImage, pad: number | number[], grey: number): RgbImage {
  const [left, top, right, bottom] = typeof pad === 'number' ? [pad, pad, pad, pad] : (pad as [number, number, number, number]);
  const width = card.width + left + right;
  const height = card.height + top + bottom;
  const data = new Uint8Array(width * height * 3).fill(grey);
  for (let y = 0; y < card.height; y++) data.set(card.data.subarray(y * card.width * 3, (y + 1) * card.width * 3), ((y + top) * width + left) * 3);
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

  it('aligns each likely card on its own, so a rival that lines up with the border first does not lead the search away', async () => {
    const cards = await Promise.all(catalog.map((d) => renderCard(d)));
    const references = await Promise.all(cards.map(async (c) => matchable(await cardFeatures(c))));
    // Deep and uneven, as a loose sleeve lies: the outline's crop ranks its card only 7th or so.
    const photo = framed(cards[7]!, [39, 41, 9, 29], 35);
    const fitted = matchable(await fittedCardFeatures(photo, 0, references));
    const scores = references.map((r) => similarity(fitted, r));
    expect(scores.indexOf(Math.max(...scores))).toBe(7);
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
